// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { playPrompt } from '../src/components/ActionPanel';
import { TableOptionsBody, TableOptionsButton, useTableOptions } from '../src/components/TableOptions';
import { overflowOf } from '../src/components/ScrollX';
import { touchScreen } from '../src/lib/inputMode';
import { setLang } from '../src/lib/i18n';
import {
  applyEvent,
  newTable,
  resultCurrent,
  seriesNames,
  type FinishedGame,
  type TableState,
} from '../src/lib/tableState';
import { gameLineFigures } from '../src/views/TableView';
import type { TableEvent } from '../src/lib/protocol';

function mount(node: preact.ComponentChild) {
  const root = document.createElement('div');
  document.body.appendChild(root);
  act(() => render(node, root));
  return root;
}
const byTestId = (root: Element, id: string) => root.querySelector<HTMLElement>(`[data-testid="${id}"]`);

// What matchMedia answers for each query (the rest: no match).
function media(matches: Record<string, boolean>) {
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: matches[q] === true, media: q }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  setLang('en');
});

describe('the turn hint on a touch screen', () => {
  it('says tap and leaves the keys out, in both languages', () => {
    setLang('en');
    expect(playPrompt(false)).toBe('Your turn: play a highlighted card (click, or arrow keys and Enter).');
    expect(playPrompt(true)).toBe('Your turn: tap a highlighted card.');
    setLang('de');
    expect(playPrompt(true)).toMatch(/tippen/);
    expect(playPrompt(true)).not.toMatch(/klicken|Pfeiltasten/);
    expect(playPrompt(false)).toMatch(/klicken, oder Pfeiltasten/);
  });

  it('knows a touch screen by its coarse pointer, or a touch screen without a hovering pointer', () => {
    media({ '(pointer: coarse)': true });
    expect(touchScreen()).toBe(true);
    expect(playPrompt()).toBe('Your turn: tap a highlighted card.');
    media({});
    expect(touchScreen()).toBe(false);
    expect(playPrompt()).toMatch(/click/);
    // a laptop's touch screen with a mouse still clicks; a tablet without one taps
    vi.stubGlobal('navigator', { ...navigator, maxTouchPoints: 5 });
    expect(touchScreen()).toBe(false);
    media({ '(hover: none)': true });
    expect(touchScreen()).toBe(true);
  });
});

const result = (game: number, declaration?: FinishedGame['result']['declaration']): FinishedGame => ({
  game,
  result: declaration ? { folded: false, declarer: 0, declaration, won: true } : { folded: true },
  points: [0, 0, 0],
  seats: [null, null, null],
});

describe('the last result beside the table', () => {
  const base = { ...newTable(1, null), running: true };
  it('shows while its game is shown, after the series, and in the next game until its first card', () => {
    expect(resultCurrent({ ...base, game: 0, lastResult: null })).toBe(false);
    expect(resultCurrent({ ...base, game: 0, lastResult: result(0) })).toBe(true);
    // the next game's auction: the result is still read
    expect(resultCurrent({ ...base, game: 1, lastResult: result(0) })).toBe(true);
    // its first card: gone
    expect(resultCurrent({ ...base, game: 1, lastResult: result(0), trick: [{ seat: 0, card: 'CA' }] })).toBe(false);
    const trick = { cards: [], winner: 0, points: 0 };
    expect(resultCurrent({ ...base, game: 1, lastResult: result(0), tricks: [trick] })).toBe(false);
    // a game later (a full state of a later game): not the previous game's any more
    expect(resultCurrent({ ...base, game: 3, lastResult: result(1) })).toBe(false);
    // the series is over: its last game's result stays with the standing
    expect(resultCurrent({ ...base, running: false, game: -1, lastResult: result(5) })).toBe(true);
  });
});

describe('the game line', () => {
  const playing = (game: 'N' | 'C'): TableState => ({
    ...newTable(1, null),
    running: true,
    game: 0,
    phase: 'playing',
    declarer: 1,
    currentBid: 23,
    declaration: { game, hand: false, schneider: false, schwarz: false, ouvert: false },
    tricks: [
      { cards: [], winner: 0, points: 14 },
      { cards: [], winner: 1, points: 21 },
    ],
  });
  it('in a Null game shows the declarer’s tricks, no card points', () => {
    setLang('en');
    expect(gameLineFigures(playing('N'))).toBe('bid 23 · the declarer has taken 1 trick');
    expect(gameLineFigures({ ...playing('N'), tricks: [] })).toBe('bid 23 · the declarer has taken 0 tricks');
    setLang('de');
    const line = gameLineFigures(playing('N'));
    expect(line).toBe('gereizt bis 23 · Stiche des Alleinspielers: 1');
    expect(line).not.toMatch(/Augen/);
    // a suit game counts the card points of both sides
    expect(gameLineFigures(playing('C'))).toBe(
      'gereizt bis 23 · Augen: Alleinspieler 21 (ohne den Skat, er ist verdeckt), Gegenspieler 14',
    );
  });
});

describe("the series' players by name", () => {
  const bots = [1, 2, 3].map((id) => ({ id, name: `house-${id}`, bot: true }));
  const at = (s: TableState, m: Record<string, unknown>) =>
    applyEvent(s, { table: 1, version: s.version + 1, game: -1, ...m } as unknown as TableEvent).state;

  it('names the standing by the players who played, also where the page saw nobody sit down', () => {
    setLang('en');
    // a spectator whose page knows the seats but not the series' start (seriesSeats empty)
    let s: TableState = { ...newTable(1, null), running: true, game: 2, version: 10 };
    s.seats = bots.map((player) => ({ player, connected: true }));
    expect(s.seriesSeats).toEqual([null, null, null]);
    expect(seriesNames(s)).toEqual(['house-1', 'house-2', 'house-3']);
    s = at(s, {
      type: 'series_finished',
      scores: [0, 1, 2].map(() => ({ score: 0, won: 0, lost: 0 })),
      list: [],
      substitutes: [],
    });
    // the bots leave after the series: the standing keeps their names
    for (const seat of [0, 1, 2]) s = at(s, { type: 'left', seat });
    expect(seriesNames(s)).toEqual(['house-1', 'house-2', 'house-3']);
    // somebody sitting down at the table afterwards does not rename the finished series
    s = at(s, { type: 'seated', seat: 0, player: { id: 9, name: 'ida', bot: false } });
    expect(seriesNames(s)).toEqual(['house-1', 'house-2', 'house-3']);
  });

  it('falls back to the names of the last result, then to the seat', () => {
    setLang('en');
    const s = { ...newTable(1, null), lastResult: { ...result(0), seats: [bots[0], null, null] } };
    expect(seriesNames(s)).toEqual(['house-1', 'Seat 2', 'Seat 3']);
    setLang('de');
    expect(seriesNames(newTable(1, null))).toEqual(['Platz 1', 'Platz 2', 'Platz 3']);
  });
});

describe('the ⚙ options', () => {
  function Options({ onChoice }: { onChoice: () => void }) {
    const options = useTableOptions();
    return (
      <div>
        <span data-testid="outside">the table</span>
        <TableOptionsButton options={options} />
        <TableOptionsBody options={options}>
          <button
            data-testid="choice"
            onClick={() => {
              onChoice();
              options.setOpen(false);
            }}
          >
            3 s
          </button>
        </TableOptionsBody>
      </div>
    );
  }
  const pointerDown = (el: Element) => act(() => void el.dispatchEvent(new Event('pointerdown', { bubbles: true })));

  it('open with the button; close on Escape, on a click outside and after a choice', () => {
    setLang('en');
    const onChoice = vi.fn();
    const root = mount(<Options onChoice={onChoice} />);
    const button = byTestId(root, 'table-options')!;
    const body = byTestId(root, 'table-options-body')!;
    expect(body.hidden).toBe(true);
    act(() => button.click());
    expect(body.hidden).toBe(false);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    // Escape: closed, the focus back on the button
    act(() => void document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })));
    expect(body.hidden).toBe(true);
    expect(document.activeElement).toBe(button);
    // a click inside keeps them open, one outside closes them
    act(() => button.click());
    pointerDown(body);
    expect(body.hidden).toBe(false);
    pointerDown(byTestId(root, 'outside')!);
    expect(body.hidden).toBe(true);
    // a choice closes them
    act(() => button.click());
    act(() => byTestId(root, 'choice')!.click());
    expect(onChoice).toHaveBeenCalled();
    expect(body.hidden).toBe(true);
  });
});

describe('a table wider than its place', () => {
  it('says where columns are hidden', () => {
    expect(overflowOf({ scrollLeft: 0, clientWidth: 300, scrollWidth: 300 })).toEqual({ left: false, right: false });
    expect(overflowOf({ scrollLeft: 0, clientWidth: 300, scrollWidth: 500 })).toEqual({ left: false, right: true });
    expect(overflowOf({ scrollLeft: 100, clientWidth: 300, scrollWidth: 500 })).toEqual({ left: true, right: true });
    expect(overflowOf({ scrollLeft: 200, clientWidth: 300, scrollWidth: 500 })).toEqual({ left: true, right: false });
  });
});
