// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { AuctionPanel, ActionPanel } from '../src/components/ActionPanel';
import { AuctionHistory } from '../src/components/AuctionHistory';
import { HandView, shownTrick } from '../src/views/TableView';
import { GameEnd, skatPointsSeen } from '../src/components/GameEnd';
import { ResultBox } from '../src/components/ResultBox';
import { newTable, type AuctionEntry, type DoneTrick, type TableState } from '../src/lib/tableState';
import { TournamentReport } from '../src/components/TournamentReport';
import { LeaderboardView } from '../src/views/LeaderboardView';
import { setLang } from '../src/lib/i18n';
import { TournamentView } from '../src/views/TournamentView';
import { OperatorStart } from '../src/components/OperatorStart';
import { BID_VALUES, type LegalAction } from '../src/lib/bidding';
import type { GameType } from '../src/lib/cards';
import type { ActHints } from '../src/lib/protocol';
import type { Leaderboard, LeaderRow, TournamentBot, TournamentReport as Report } from '../src/lib/api';

function mount(node: preact.ComponentChild) {
  const root = document.createElement('div');
  document.body.appendChild(root);
  act(() => render(node, root));
  return root;
}
const byTestId = (root: Element, id: string) => root.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const click = (el: Element | null) => act(() => (el as HTMLElement).click());

const bids = (above: number): LegalAction[] => [
  ...BID_VALUES.filter((v) => v > above).map((value) => ({ type: 'bid' as const, pos: 1, value })),
  { type: 'pass', pos: 1 },
];

describe('AuctionPanel', () => {
  it('offers the next bid as the default and guards jump bids with a confirmation', () => {
    const onAct = vi.fn();
    const root = mount(<AuctionPanel legal={bids(18)} busy={false} currentBid={18} onAct={onAct} />);
    expect(byTestId(root, 'bid-next')?.textContent).toBe('Bid 20');
    expect(document.activeElement).toBe(byTestId(root, 'bid-next'));
    click(byTestId(root, 'jump'));
    expect(onAct).not.toHaveBeenCalled();
    expect(byTestId(root, 'jump-confirm')?.textContent).toBe('Confirm jump to 22');
    // a double click lands on Cancel, which took the place of the first step's button
    expect(root.querySelector('.jump button')?.textContent).toBe('Cancel');
    click(byTestId(root, 'jump-confirm'));
    expect(onAct).toHaveBeenCalledWith({ type: 'bid', value: 22 });
    click(byTestId(root, 'bid-next'));
    expect(onAct).toHaveBeenLastCalledWith({ type: 'bid', value: 20 });
  });

  it('an answer shows yes and pass only', () => {
    const onAct = vi.fn();
    const legal: LegalAction[] = [
      { type: 'hold', pos: 0 },
      { type: 'pass', pos: 0 },
    ];
    const root = mount(<AuctionPanel legal={legal} busy={false} currentBid={23} onAct={onAct} />);
    expect(byTestId(root, 'hold')?.textContent).toBe('Yes (23)');
    expect(byTestId(root, 'bid-next')).toBeNull();
    expect(byTestId(root, 'jump')).toBeNull();
    click(byTestId(root, 'hold'));
    expect(onAct).toHaveBeenCalledWith(legal[0]);
  });
});

describe('declaring', () => {
  it('offers only the legal games and announcements, and declares after choosing', () => {
    const legal: LegalAction[] = [
      { type: 'declare', pos: 0, game: 'H', hand: false, schneider: false, schwarz: false, ouvert: false },
      { type: 'declare', pos: 0, game: 'G', hand: false, schneider: false, schwarz: false, ouvert: false },
      { type: 'declare', pos: 0, game: 'N', hand: false, schneider: false, schwarz: false, ouvert: true },
    ];
    const onAct = vi.fn();
    const preview = vi.fn();
    const root = mount(
      <ActionPanel
        legal={legal}
        phase="declaring"
        busy={false}
        currentBid={30}
        onAct={onAct}
        onPreviewGame={preview}
        discardSel={[]}
      />,
    );
    const games = [...root.querySelectorAll('[data-testid^="game-"]')].map((b) => b.textContent);
    expect(games).toEqual(['Hearts', 'Grand', 'Null']);
    expect(byTestId(root, 'declare')).toBeNull(); // nothing chosen yet
    click(byTestId(root, 'game-N'));
    expect(preview).toHaveBeenLastCalledWith('N');
    expect(byTestId(root, 'declare')?.textContent).toBe('Declare Null Ouvert');
    click(byTestId(root, 'declare'));
    expect(onAct).toHaveBeenCalledWith(legal[2]);
  });

  it("shows each game's value, says why Null is missing, and an overbid game needs a second click", () => {
    const decl = (game: GameType): LegalAction => ({
      type: 'declare',
      pos: 0,
      game,
      hand: false,
      schneider: false,
      schwarz: false,
      ouvert: false,
    });
    const legal = [decl('H'), decl('G')];
    const hints: ActHints = {
      values: [
        { game: 'H', hand: false, schneider: false, schwarz: false, ouvert: false, lowest: 30, highest: 30 },
        { game: 'G', hand: false, schneider: false, schwarz: false, ouvert: false, lowest: 72, highest: 72 },
      ],
    };
    const onAct = vi.fn();
    const root = mount(
      <ActionPanel
        legal={legal}
        phase="declaring"
        busy={false}
        currentBid={33}
        onAct={onAct}
        onPreviewGame={() => {}}
        discardSel={[]}
        hints={hints}
      />,
    );
    expect([...root.querySelectorAll('[data-testid^="game-"]')].map((b) => b.textContent)).toEqual([
      'Hearts 30',
      'Grand 72',
    ]);
    expect(byTestId(root, 'null-note')?.textContent).toBe(
      'Null is worth 23, less than your bid of 33, so it cannot be played.',
    );
    click(byTestId(root, 'game-G'));
    expect(byTestId(root, 'declare-value')?.textContent).toBe('Value 72 (more with schneider or schwarz reached)');
    click(byTestId(root, 'game-H'));
    expect(byTestId(root, 'declare-value')?.textContent).toBe(
      'Value 30 (more with schneider or schwarz reached) · overbid: below your bid of 33, the game is lost and charged 40 (list −80)',
    );
    click(byTestId(root, 'declare'));
    expect(onAct).not.toHaveBeenCalled();
    click(byTestId(root, 'declare-overbid'));
    expect(onAct).toHaveBeenCalledWith(legal[0]);
  });
});

describe('HandView', () => {
  it('highlights the legal cards; the others are dimmed and cannot be played', () => {
    const onCard = vi.fn();
    const root = mount(
      <HandView
        cards={['CJ', 'HA', 'HT', 'S7']}
        playable={new Set(['HA', 'HT'])}
        selectable={false}
        selected={[]}
        onCard={onCard}
      />,
    );
    const card = (c: string) => root.querySelector<HTMLButtonElement>(`button[data-card="${c}"]`)!;
    expect(card('HA').classList.contains('playable')).toBe(true);
    expect(card('CJ').classList.contains('dim')).toBe(true);
    expect(card('CJ').getAttribute('aria-disabled')).toBe('true');
    click(card('CJ'));
    expect(onCard).not.toHaveBeenCalled();
    click(card('HT'));
    expect(onCard).toHaveBeenCalledWith('HT');
    // only one card is in the tab order; the arrow keys move between the cards
    expect([...root.querySelectorAll('button[tabindex="0"]')].map((b) => b.getAttribute('data-card'))).toEqual(['HA']);
    card('HA').focus();
    act(() => {
      card('HA').dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    });
    expect(document.activeElement).toBe(card('HT'));
  });
});

describe('TournamentReport', () => {
  const bot = (sf: number, timeouts = 0): TournamentBot => ({
    seat_games: 1200,
    declared_won: 300,
    declared_lost: 90,
    sf_total: sf * 1200,
    sf_per_game: sf,
    moves: 9000,
    move_mean_ms: 12.5,
    move_p99_ms: 340.25,
    timeouts,
  });
  const full = 'full:worlds=4,budget=3000,tt=16,tables=tables/t0.wtab,putting=rules';
  const report: Report = {
    a: 'rule',
    b: full,
    seed: 7,
    deals: 200,
    seconds: 812.5,
    seatings: ['2:1', 'total'].map((seating) => ({
      seating,
      deals: 200,
      games: 600,
      folded: 3,
      a: bot(-1.03),
      b: bot(16.62, 2),
      difference: 12.3,
      ci95: [4.1, 20.5] as [number, number],
      verdict: `B (${full}) stronger`,
      classes: {
        suit: {
          games: 380,
          share: 0.64,
          declarer_won: 300,
          judged: 380,
          solver_agrees: 310,
          accuracy: 0.816,
          duplicate_deals: 120,
          difference: 3.44,
          ci95: [-1.02, 8.1] as [number, number],
        },
        grand: { games: 200, share: 0.335, declarer_won: 180, judged: 0, solver_agrees: 0, accuracy: 0 },
      },
    })),
  };
  const cells = (table: HTMLElement | null) =>
    [...table!.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));

  it('shows per seating both bots, the difference with its interval and the game classes', () => {
    const root = mount(<TournamentReport report={report} />);
    expect([...root.querySelectorAll('h3')].map((h) => h.textContent)).toEqual([
      'Seating 2:1 (A A B) · 200 deals, 600 games (3 folded)',
      'Seating total · 200 deals, 600 games (3 folded)',
    ]);
    expect(cells(byTestId(root, 'bots-2:1'))).toEqual([
      ['A beginner rule bot', '1200', '300', '90', '-1236', '-1.03', '12.5', '340.3', '0'],
      ['B club player complete bot', '1200', '300', '90', '19,944', '16.62', '12.5', '340.3', '2'],
    ]);
    expect(byTestId(root, 'bots-2:1')!.querySelector('[data-testid="side-name"]')!.getAttribute('title')).toBe(
      'program: rule',
    );
    expect(byTestId(root, 'difference-total')?.textContent).toContain(`+12.3 [+4.1, +20.5]`);
    expect(byTestId(root, 'difference-total')?.textContent).toContain('B (club player) stronger');
    // null was not played; grand was not judged by the solver, nor has it a per-class difference
    // (as in a report stored before there were any)
    expect(cells(byTestId(root, 'classes-total'))).toEqual([
      ['suit', '380', '64.0 %', '78.9 %', '81.6 %', '+3.4 [-1.0, +8.1]'],
      ['grand', '200', '33.5 %', '90.0 %', '—', '—'],
    ]);
    expect(byTestId(root, 'sprt-verdict')).toBeNull();
  });

  it("shows a sequential test's verdict above the seatings, and whose accuracy it is", () => {
    const withTest: Report = {
      ...report,
      sprt: { verdict: 'H1', deals: 312, llr: 2.95, bounds: [-2.94, 2.94], d0: 0, d1: 5, alpha: 0.05, beta: 0.05 },
      seatings: report.seatings.map((s) => ({
        ...s,
        classes: {
          ...s.classes,
          suit: {
            ...s.classes.suit!,
            by_declarer: { a: { judged: 180, solver_agrees: 150 }, b: { judged: 200, solver_agrees: 160 } },
          },
        },
      })),
    };
    const root = mount(<TournamentReport report={withTest} />);
    const verdict = byTestId(root, 'sprt-verdict')!.textContent;
    expect(verdict).toContain('H0: B − A ≤ 0.0, H1: B − A ≥ +5.0 (α 5.0 %, β 5.0 %)');
    expect(verdict).toContain('H1 accepted after 312 deals (B − A ≥ +5.0) · LLR +2.95 within [-2.94, +2.94]');
    const accuracy = byTestId(root, 'classes-total')!.querySelectorAll('tbody tr td')[4];
    expect(accuracy.getAttribute('title')).toBe(
      '310 of 380 judged · A declaring: 150 of 180 · B declaring: 160 of 200',
    );
    setLang('de');
    const german = mount(<TournamentReport report={withTest} />);
    expect(byTestId(german, 'sprt-verdict')!.textContent).toContain('H1 angenommen nach 312 Verteilungen');
    setLang('en');
  });
});

describe('LeaderboardView', () => {
  const player = (player_id: number, name: string, score_per_36: number, rating: number | null): LeaderRow => ({
    player_id,
    name,
    kind: 'human',
    bot_kind: '',
    owner: null,
    series: 12,
    deals: 432,
    declared: 150,
    won: 120,
    lost: 30,
    score: score_per_36 * 12,
    score_per_36,
    rating,
    uncertainty: rating === null ? null : 11.6,
    rated_series: rating === null ? 0 : player_id,
    provisional: player_id < 10,
  });
  const board: Leaderboard = {
    kind: 'all',
    provisional_below: 10,
    snapshot: {
      id: 3,
      created_at: 1795370667348,
      series: 120,
      table_version: 4,
      // what the nightly job writes by default
      options: {
        k: 0.02,
        start: 800,
        start_series: 0,
        hand_luck: true,
        high_value: false,
        mean_value: 41,
        mean_value_source: 'fixed',
      },
    },
    players: [player(1, 'anna', 1200, null), player(2, 'bert', 1000, 850.4), player(12, 'carl', 900, 901.7)],
  };
  const show = async (sort: 'elo' | 'sf' | null) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(board))),
    );
    const root = mount(<LeaderboardView kind="all" sort={sort} />);
    await vi.waitFor(() => expect(byTestId(root, 'leaderboard')).not.toBeNull());
    vi.unstubAllGlobals();
    const rows = [...byTestId(root, 'leaderboard')!.querySelectorAll('tbody tr')];
    return { root, rows: rows.map((tr) => [...tr.querySelectorAll('td')].slice(1, 4).map((td) => td.textContent)) };
  };

  it("shows the ladder's pace and its latest matches for the bots", async () => {
    const ladderMatch = {
      id: 41,
      mode: 'server',
      a: 'simple',
      b: 'full:worlds=4,nodes=200,stop=1',
      seed: null,
      seed_sha256: null,
      sealed: false,
      rated: true,
      ladder: true,
      started_by: null,
      owners: { a: null, b: null },
      deals: 4,
      seatings: ['2:1', '1:2'],
      status: 'finished',
      end_reason: null,
      created_at: 1795370667348,
      finished_at: 1795370767348,
      deals_done: 4,
      difference: 12.34,
      ci95: [2.5, 22.1],
      verdict: 'B (club) stronger',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.startsWith('/api/tournaments')
          ? new Response(
              JSON.stringify({
                tournaments: [ladderMatch, { ...ladderMatch, id: 40, ladder: false }],
                ladder: { every_s: 300, deals: 4 },
              }),
            )
          : new Response(JSON.stringify({ ...board, kind: 'bots' })),
      ),
    );
    const root = mount(<LeaderboardView kind="bots" sort={null} />);
    await vi.waitFor(() => expect(byTestId(root, 'ladder')).not.toBeNull());
    vi.unstubAllGlobals();
    expect(byTestId(root, 'ladder-pace')!.textContent).toContain('about every 5 min (4 deals per seating)');
    const matches = [...root.querySelectorAll('[data-testid="ladder-match"]')];
    expect(matches).toHaveLength(1);
    expect(matches[0].textContent).toBe('beginner – club player B − A +12.3 [+2.5, +22.1] · B (club player) stronger');
    expect(matches[0].querySelector('a')!.getAttribute('href')).toBe('#/tournaments/41');
  });

  it('ranks by Elo once rated, marks provisional ratings and says how they were computed', async () => {
    const { root, rows } = await show(null);
    expect(rows).toEqual([
      ['carl', '902 ± 12', '900'],
      ['bert', '850P ± 12', '1000'],
      ['anna', '—', '1200'],
    ]);
    expect(root.querySelector('sup')!.getAttribute('title')).toBe('provisional: fewer than 10 rated series');
    expect(root.querySelector('p.muted')!.textContent).toContain('over 120 series, corrected for hand luck.');
    expect(root.querySelector('[aria-label=Order] .active')!.textContent).toBe('By Elo');
  });

  it('explains the marks and the Elo in visible text, in English and German', async () => {
    const { root } = await show(null);
    const legend = byTestId(root, 'rating-legend')!.textContent!;
    expect(legend).toContain('P = provisional: fewer than 10 rated series');
    expect(legend).toContain('live = rated right after the latest series');
    expect(legend).toContain('± = the rating');
    expect(byTestId(root, 'elo-explained')!.textContent).toContain('K × (score − expected), K = 0.02');
    expect(byTestId(root, 'elo-explained')!.textContent).toContain('Everyone starts at 800');
    setLang('de');
    try {
      const german = (await show(null)).root;
      const text = byTestId(german, 'rating-legend')!.textContent!;
      expect(text).toContain('V = vorläufig: weniger als 10 gewertete Serien');
      expect(text).toContain('live = direkt nach der letzten Serie gewertet');
      expect(byTestId(german, 'elo-explained')!.textContent).toContain('So funktioniert Elo am Dreiertisch');
    } finally {
      setLang('en');
    }
  });

  it('ranks by SF / 36 on request, keeping the sort in the kind links', async () => {
    const { root, rows } = await show('sf');
    expect(rows.map((r) => r[0])).toEqual(['anna', 'bert', 'carl']);
    expect(root.querySelector('[aria-label=Players] a')!.getAttribute('href')).toBe(
      '#/leaderboard?kind=humans&sort=sf',
    );
  });
});

describe('AuctionHistory', () => {
  it('lists every call in order with the caller and position, and says who starts before the first', () => {
    const names = ['anna', 'bot-1', 'bot-2'];
    // Forehand is seat 1: seat 2 is middlehand, seat 0 rearhand.
    const empty = mount(<AuctionHistory forehand={1} entries={[]} names={names} />);
    expect(byTestId(empty, 'auction-history')?.textContent).toContain('Middlehand bids to Forehand');
    const root = mount(
      <AuctionHistory
        forehand={1}
        entries={[
          { seat: 2, type: 'bid', value: 18 },
          { seat: 1, type: 'hold' },
          { seat: 2, type: 'bid', value: 20 },
          { seat: 1, type: 'pass' },
          { seat: 0, type: 'pass' },
        ]}
        names={names}
      />,
    );
    const items = [...root.querySelectorAll('[data-testid="auction-history"] li')].map((li) => li.textContent);
    expect(items).toEqual([
      'bot-2 (Middlehand) 18',
      'bot-1 (Forehand) holds',
      'bot-2 (Middlehand) 20',
      'bot-1 (Forehand) passes',
      'anna (Rearhand) passes',
    ]);
    expect(root.querySelectorAll('li.pass').length).toBe(2);
  });

  it('keeps the newest call in view when the auction runs long (18 calls)', () => {
    // jsdom lays nothing out: give every list a height of 20 px per line and a scroll position.
    const scrolled = new WeakMap<Element, number>();
    const proto = HTMLOListElement.prototype;
    const height = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight');
    const top = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTop');
    Object.defineProperty(proto, 'scrollHeight', {
      configurable: true,
      get(this: HTMLOListElement) {
        return this.children.length * 20;
      },
    });
    Object.defineProperty(proto, 'scrollTop', {
      configurable: true,
      get(this: HTMLOListElement) {
        return scrolled.get(this) ?? 0;
      },
      set(this: HTMLOListElement, v: number) {
        scrolled.set(this, v);
      },
    });
    try {
      // Middlehand (seat 1) bids up to 33, forehand (seat 0) holds each, then both others pass.
      const entries: AuctionEntry[] = [];
      for (const value of [18, 20, 22, 23, 24, 27, 30, 33]) {
        entries.push({ seat: 1, type: 'bid', value }, { seat: 0, type: 'hold' });
      }
      entries.push({ seat: 1, type: 'pass' }, { seat: 2, type: 'pass' });
      expect(entries.length).toBe(18);
      const names = ['anna', 'bert', 'carl'];
      const root = document.createElement('div');
      document.body.appendChild(root);
      const list = () => byTestId(root, 'auction-lines')!;
      act(() => render(<AuctionHistory forehand={0} entries={entries.slice(0, 15)} names={names} />, root));
      expect(list().lastElementChild?.textContent).toBe('bert (Middlehand) 33');
      expect(list().scrollTop).toBe(15 * 20);
      act(() => render(<AuctionHistory forehand={0} entries={entries} names={names} />, root));
      expect(list().children.length).toBe(18);
      expect(list().lastElementChild?.textContent).toBe('carl (Rearhand) passes');
      // scrolled to the end again: the newest call is the line in view at the bottom
      expect(list().scrollTop).toBe(18 * 20);
    } finally {
      delete (proto as { scrollHeight?: number }).scrollHeight;
      delete (proto as { scrollTop?: number }).scrollTop;
      expect(Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight')).toEqual(height);
      expect(Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTop')).toEqual(top);
    }
  });
});

// Ten tricks of a game that seat 0 declared: seat 0 takes tricks worth 10 points each for the first
// seven, the defenders the rest (20 points in all).
function finishedGame(): TableState {
  const tricks: DoneTrick[] = Array.from({ length: 10 }, (_, i) => ({
    cards: [
      { seat: 0, card: 'C7' },
      { seat: 1, card: 'C8' },
      { seat: 2, card: 'C9' },
    ],
    winner: i < 7 ? 0 : 1,
    points: i < 7 ? 10 : i === 9 ? 14 : 3,
  }));
  return {
    ...newTable(9, 7),
    game: 0,
    deals: 3,
    running: true,
    mySeat: 1,
    declarer: 0,
    phase: 'finished',
    tricks,
    lastResult: {
      game: 0,
      result: {
        folded: false,
        declarer: 0,
        declaration: { game: 'C', hand: false, schneider: false, schwarz: false, ouvert: false },
        bid: 18,
        won: true,
        value: 24,
        declarer_points: 80,
        end: 'all_tricks',
      },
      points: [74, 0, 0],
      seats: [null, null, null],
    },
  };
}

describe('the end of a game', () => {
  it('keeps the final trick on the felt, and a completed trick only while the display pauses on it', () => {
    const t = finishedGame();
    expect(shownTrick(t, null).winner).toBe(1);
    const playing = { ...t, phase: 'playing' as const };
    expect(shownTrick(playing, { kind: 'trick', until: 5 }).cards).toHaveLength(3);
    expect(shownTrick(playing, null).cards).toHaveLength(0);
    const midTrick = { ...playing, trick: [{ seat: 1, card: 'SA' }] };
    expect(shownTrick(midTrick, { kind: 'trick', until: 5 })).toEqual({
      cards: [{ seat: 1, card: 'SA' }],
      winner: null,
    });
  });

  it("shows both piles, the skat's points to a defender, and waits for the next game", () => {
    const onNext = vi.fn();
    const t = finishedGame();
    expect(skatPointsSeen(t, 80)).toBe(10);
    const root = mount(
      <GameEnd t={t} names={['Ann', 'Bob', 'Cy']} dwell={{ kind: 'result', until: null }} onNext={onNext} />,
    );
    expect(byTestId(root, 'piles')?.textContent).toBe('Card points: Ann 80, defenders 40');
    expect(byTestId(root, 'game-end-skat')?.textContent).toBe('The skat counted 10 for the declarer.');
    expect(byTestId(root, 'next-game')?.textContent).toBe('Next game');
    click(byTestId(root, 'next-game'));
    expect(onNext).toHaveBeenCalledTimes(1);
  });

  it('shows the declarer the skat and what was put away, and the countdown when one was chosen', () => {
    const t = { ...finishedGame(), mySeat: 0, skat: ['SA', 'D7'], discard: ['HT', 'H7'], game: 2 };
    t.lastResult = { ...t.lastResult!, game: 2 };
    const root = mount(
      <GameEnd
        t={t}
        names={['Ann', 'Bob', 'Cy']}
        dwell={{ kind: 'result', until: Date.now() + 9500 }}
        onNext={() => {}}
      />,
    );
    expect(byTestId(root, 'game-end-skat')?.textContent).toBe('Skat: ♠A ♦7 (11) · put away: ♥10 ♥7 (10)');
    expect(byTestId(root, 'next-game')?.textContent).toBe('Show the series result (10)');
  });

  it('shows a defender and a spectator the skat and the cards put once the result opens them', () => {
    const names = ['Ann', 'Bob', 'Cy'];
    const opened = (t: TableState) => {
      t.lastResult = { ...t.lastResult!, skat: ['SA', 'D7'], discard: ['HT', 'H7'] };
      return t;
    };
    for (const mySeat of [1, null]) {
      const t = opened({ ...finishedGame(), mySeat });
      expect(t.skat).toEqual([]); // nobody but the declarer saw the skat during the game
      const root = mount(<GameEnd t={t} names={names} dwell={{ kind: 'result', until: null }} onNext={() => {}} />);
      expect(byTestId(root, 'game-end-skat')?.textContent).toBe('Skat: ♠A ♦7 (11) · put away: ♥10 ♥7 (10)');
      const box = mount(<ResultBox game={t.lastResult!} names={names} />);
      expect(byTestId(box, 'result-skat')?.textContent).toBe('Skat: ♠A ♦7 (11 points)');
      expect(byTestId(box, 'result-put')?.textContent).toBe('Put away: ♥10 ♥7 (10 points)');
    }
    // a hand game: the skat stayed where it was, nothing was put
    const hand = opened(finishedGame());
    hand.lastResult!.result = {
      ...hand.lastResult!.result,
      declaration: { game: 'C', hand: true, schneider: false, schwarz: false, ouvert: false },
    };
    hand.lastResult!.discard = ['SA', 'D7'];
    const handRoot = mount(
      <GameEnd t={hand} names={names} dwell={{ kind: 'result', until: null }} onNext={() => {}} />,
    );
    expect(byTestId(handRoot, 'game-end-skat')?.textContent).toBe(
      'Skat: ♠A ♦7 (11) · hand game: the skat stayed untouched',
    );
    expect(byTestId(mount(<ResultBox game={hand.lastResult!} names={names} />), 'result-put')).toBeNull();
    // a folded game: the skat only
    const folded = finishedGame();
    folded.lastResult = {
      game: 0,
      result: { folded: true },
      points: [0, 0, 0],
      seats: [null, null, null],
      skat: ['CJ', 'C7'],
    };
    const foldedRoot = mount(
      <GameEnd t={folded} names={names} dwell={{ kind: 'result', until: null }} onNext={() => {}} />,
    );
    expect(byTestId(foldedRoot, 'game-end-skat')?.textContent).toBe('Skat: ♣J ♣7 (2)');
    expect(byTestId(mount(<ResultBox game={folded.lastResult} names={names} />), 'result-skat')?.textContent).toBe(
      'Skat: ♣J ♣7 (2 points)',
    );
  });
});

describe('tournaments on the site', () => {
  it('links the tables of a running tournament for watching', async () => {
    const detail = {
      id: 3,
      a: 'rule',
      b: 'full',
      seed: 7,
      deals: 10,
      seatings: ['2:1'],
      mode: 'server',
      status: 'running',
      created_at: 1795369347512,
      finished_at: null,
      deals_done: 2,
      difference: null,
      ci95: null,
      verdict: null,
      report: null,
      curve: [],
      series: [{ id: 41, table: 12, seating: '2:1', rotation: 0, first_deal: 0 }],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(detail))),
    );
    const root = mount(<TournamentView id={3} />);
    await vi.waitFor(() => expect(byTestId(root, 'watch-table')).not.toBeNull());
    vi.unstubAllGlobals();
    expect(byTestId(root, 'watch-table')!.getAttribute('href')).toBe('#/table/12');
  });

  it('starts a tournament with the admin token and shows the refusal', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        return new Response(JSON.stringify({ error: 'bad admin token' }), { status: 401 });
      }),
    );
    const root = mount(<OperatorStart />);
    const input = (id: string, value: string) =>
      act(() => {
        const el = byTestId(root, id) as HTMLInputElement;
        el.value = value;
        el.dispatchEvent(new Event('input'));
      });
    input('start-a', 'simple');
    input('start-b', 'rule');
    input('start-deals', '4');
    expect((byTestId(root, 'start-tournament') as HTMLButtonElement).disabled).toBe(true); // no token yet
    input('start-token', 'secret');
    click(byTestId(root, 'start-tournament'));
    await vi.waitFor(() => expect(byTestId(root, 'start-error')).not.toBeNull());
    vi.unstubAllGlobals();
    expect(byTestId(root, 'start-error')!.textContent).toBe('bad admin token');
    expect(calls[0].url).toBe('/api/admin/tournaments');
    expect((calls[0].init.headers as Record<string, string>).Authorization).toBe('Bearer secret');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ a: 'simple', b: 'rule', deals: 4, seating: 'both' });
  });
});
