// @vitest-environment jsdom
// The replay of a stored game with its analysis (SeriesView): the auction stepped call by call, the
// analysis asked for with a click, then the accuracy per player, the turning point as a sentence
// and the values of the cards at the card shown, in German; a refused analysis says why.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { setLang } from '../src/lib/i18n';
import { clubGame, decision } from './analysisFixture';
import type { SeriesGames } from '../src/lib/replay';
import { SeriesView } from '../src/views/SeriesView';

const games: SeriesGames = {
  series: 5,
  seats: [
    { player_id: 1, name: 'anna', kind: 'guest' },
    { player_id: 2, name: 'bob', kind: 'bot' },
    { player_id: 3, name: 'carl', kind: 'bot' },
  ],
  games: [
    {
      index: 0,
      forehand: 0,
      hands: [
        ['CJ', 'SJ', 'HJ', 'DJ', 'CA', 'CT', 'CK', 'CQ', 'C9', 'C8'],
        ['SA', 'ST', 'SK', 'SQ', 'S9', 'S8', 'S7', 'HA', 'HT', 'HK'],
        ['HQ', 'H9', 'H8', 'H7', 'DA', 'DT', 'DK', 'DQ', 'D9', 'D8'],
      ],
      skat: ['C7', 'D7'],
      folded: false,
      auction: [
        { seat: 1, type: 'bid', value: 18 },
        { seat: 0, type: 'hold' },
        { seat: 1, type: 'pass' },
        { seat: 2, type: 'pass' },
      ],
      declarer: 0,
      declaration: { game: 'C', hand: false, schneider: false, schwarz: false, ouvert: false },
      skat_put: ['C8', 'D7'],
      tricks: [{ leader: 0, cards: ['CJ', 'S7', 'H7'], winner: 0, points: 2 }],
      result: {
        folded: false,
        declarer: 0,
        declaration: { game: 'C', hand: false, schneider: false, schwarz: false, ouvert: false },
        bid: 18,
        won: true,
        value: 36,
        matadors: 2,
        levels: 3,
        schneider: false,
        schwarz: false,
        overbid: false,
        list_entry: 36,
        declarer_points: 70,
        declarer_tricks: 6,
        end: 'tricks',
      },
      points: [86, 0, 0],
    },
  ],
};

const exact = { exact: true };
const analysis = clubGame(
  5,
  [
    decision(
      1,
      0,
      [
        ['CJ', 70, true],
        ['CA', 58, false],
      ],
      'CJ',
      'CJ',
      exact,
    ),
    decision(
      1,
      1,
      [
        ['S7', 70, true],
        ['SA', 60, false],
      ],
      'S7',
      'SA',
      exact,
    ),
    decision(1, 2, [['H7', 70, true]], 'H7', 'H7', exact),
  ],
  [
    { decisions: 1, best: 1, share: 1 },
    { decisions: 1, best: 0, share: 0 },
    { decisions: 0, best: 0, share: null },
  ],
);

function stubApi(analysisStatus: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.endsWith('/analysis'))
        return analysisStatus === 200
          ? new Response(JSON.stringify(analysis), { status: 200 })
          : new Response(JSON.stringify({ error: 'an analysis from this address is running; retry later' }), {
              status: analysisStatus,
            });
      if (url.endsWith('/games')) return new Response(JSON.stringify(games), { status: 200 });
      return new Response(JSON.stringify({ series: [], next_after: null }), { status: 200 });
    }),
  );
}

async function mount() {
  const root = document.createElement('div');
  document.body.appendChild(root);
  await act(async () => render(<SeriesView id={5} game={0} />, root));
  for (let i = 0; i < 5; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
  return root;
}

const text = (root: HTMLElement, id: string) => root.querySelector(`[data-testid="${id}"]`)?.textContent ?? null;

function key(k: string) {
  act(() => {
    window.dispatchEvent(new KeyboardEvent('keydown', { key: k }));
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  setLang('en');
  document.body.innerHTML = '';
});

describe('the replay with its analysis', () => {
  it('steps through the auction, then shows the analysis in German', async () => {
    setLang('de');
    stubApi(200);
    const root = await mount();
    key('ArrowRight');
    expect(text(root, 'replay-caption')).toBe('Reizen, Gebot 1: bob sagt 18.');
    key('ArrowRight');
    expect(text(root, 'replay-calls')).toBe('Gereizt bisher: bob 18, anna Ja');
    expect(root.querySelector('[data-testid="replay-calls"] .newest')?.textContent).toBe(', anna Ja');
    for (let i = 0; i < 4; i++) key('ArrowRight');
    expect(text(root, 'replay-caption')).toBe('Stich 1: anna spielt.');
    expect(text(root, 'replay-calls')).toBeNull();

    await act(async () => root.querySelector<HTMLButtonElement>('[data-testid="analyse"]')!.click());
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    const accuracy = [...root.querySelectorAll('[data-testid="analysis-accuracy"] li')].map((li) => li.textContent);
    expect(accuracy).toEqual([
      'anna: 100 % (1 von 1 Entscheidung)',
      'bob: 0 % (0 von 1 Entscheidung)',
      'carl: keine Entscheidung mit Wahl',
    ]);
    expect(text(root, 'analysis-turns')).toBe(
      'Stich 1: bob spielte ♠7 – ab hier gewann anna; ♠A hätte anna unter 61 gehalten.',
    );
    const marks = [...root.querySelectorAll('[data-testid="analysis-strip"] .mark')].map((m) => m.className);
    expect(marks).toEqual(['mark best current', 'mark turn', 'mark best']);
    const values = [...root.querySelectorAll('[data-testid="analysis-decision"] li')].map((li) => li.textContent);
    expect(values).toEqual(['♣B 70 (gespielt, beste)', '♣A 58']);
    // the turning point's link goes to its card
    act(() => root.querySelector<HTMLAnchorElement>('[data-testid="analysis-turns"] a')!.click());
    expect(text(root, 'replay-step')).toBe('7 / 8');
    expect(root.querySelector('[data-testid="analysis-decision"] li.played')?.getAttribute('data-card')).toBe('S7');
  });

  it('says why when the server refuses the analysis, and offers it again', async () => {
    stubApi(429);
    const root = await mount();
    await act(async () => root.querySelector<HTMLButtonElement>('[data-testid="analyse"]')!.click());
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(root.textContent).toContain('No analysis: an analysis from this address is running; retry later');
    expect(root.querySelector<HTMLButtonElement>('[data-testid="analyse"]')?.disabled).toBe(false);
    expect(root.querySelector('[data-testid="analysis"]')).toBeNull();
  });
});
