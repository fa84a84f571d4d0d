// @vitest-environment jsdom
// The end of a series at the table: the record is found in the series list (never an earlier series
// of the same table), the links and the buttons for a player and a spectator, in both languages.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { SeriesEnd } from '../src/components/SeriesEnd';
import { recordedSeriesOf, type SeriesItem } from '../src/lib/api';
import { setLang } from '../src/lib/i18n';
import type { Session } from '../src/lib/session';
import { newTable, type TableState } from '../src/lib/tableState';

const item = (id: number, scores: number[], games = 2, status: SeriesItem['status'] = 'finished'): SeriesItem => ({
  id,
  table: 4,
  event: '',
  status,
  started_at: 0,
  finished_at: status === 'finished' ? 1 : null,
  deals: games,
  games_played: games,
  seats: scores.map((score, i) => ({ player_id: i + 1, name: `p${i}`, kind: 'guest', score, won: 0, lost: 0 })),
});

describe('recordedSeriesOf', () => {
  it('takes the newest finished series with the same games and scores, or none', () => {
    const scores = [40, -20, 0];
    expect(recordedSeriesOf([item(3, scores), item(9, [1, 2, 3])], scores, 2)?.id).toBe(3);
    expect(recordedSeriesOf([item(3, scores), item(8, scores)], scores, 2)?.id).toBe(8);
    // not stored yet: an earlier series of the table with other scores or games is not it
    expect(recordedSeriesOf([item(3, [1, 2, 3]), item(5, scores, 3)], scores, 2)).toBeNull();
    expect(recordedSeriesOf([item(3, scores, 2, 'running')], scores, 2)).toBeNull();
  });
});

const finished = (mySeat: number | null): TableState => ({
  ...newTable(4, mySeat === null ? 50 : 1),
  mySeat,
  list: [
    [40, 0, 0],
    [0, -20, 0],
  ],
  seriesResult: [
    { score: 40, won: 1, lost: 0 },
    { score: -20, won: 0, lost: 1 },
    { score: 0, won: 0, lost: 0 },
  ],
  seriesSeats: [
    { id: 1, name: 'Anna', bot: false },
    { id: 2, name: 'house-1', bot: true },
    { id: 3, name: 'house-2', bot: true },
  ],
});

function mount(node: preact.ComponentChild) {
  const root = document.createElement('div');
  document.body.appendChild(root);
  act(() => render(node, root));
  return root;
}
const byTestId = (root: Element, id: string) => root.querySelector<HTMLElement>(`[data-testid="${id}"]`);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setLang('en');
  document.body.innerHTML = '';
});

describe('SeriesEnd', () => {
  it('links the recorded series once stored and the leaderboard; a player plays again', async () => {
    vi.useFakeTimers();
    let stored = false;
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      const series = stored ? [item(2, [1, 1, 1]), item(7, [40, -20, 0])] : [item(2, [1, 1, 1])];
      return { ok: true, json: async () => ({ series, next_after: null }) };
    });
    const playAgain = vi.fn();
    const session = { playAgain, leaveTable: vi.fn() } as unknown as Session;
    setLang('en');
    const root = mount(<SeriesEnd table={finished(0)} names={['Anna', 'house-1', 'house-2']} session={session} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(asked[0]).toBe('/api/series?table=4&player=1&limit=1000');
    expect(byTestId(root, 'end-series-link')).toBeNull();
    expect(byTestId(root, 'end-series-pending')?.textContent).toBe('Storing the series…');
    stored = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(byTestId(root, 'end-series-link')?.getAttribute('href')).toBe('#/series/7');
    expect(byTestId(root, 'end-series-link')?.textContent).toBe('The recorded series');
    expect(byTestId(root, 'end-leaderboard')?.getAttribute('href')).toBe('#/leaderboard?kind=humans');
    expect(root.textContent).not.toContain('Waiting for players');
    expect(root.textContent).not.toContain('Add bot');
    act(() => byTestId(root, 'play-again')!.click());
    expect(playAgain).toHaveBeenCalledWith(['', '']);
    expect(byTestId(root, 'end-lobby')).toBeNull();
  });

  it('in German; a spectator goes back to the tables', async () => {
    vi.stubGlobal('fetch', async () => ({ ok: true, json: async () => ({ series: [], next_after: null }) }));
    const leaveTable = vi.fn();
    const session = { playAgain: vi.fn(), leaveTable } as unknown as Session;
    setLang('de');
    const root = mount(<SeriesEnd table={finished(null)} names={['Anna', 'house-1', 'house-2']} session={session} />);
    expect(byTestId(root, 'series-final')?.textContent).toContain('Serie beendet');
    expect(byTestId(root, 'end-leaderboard')?.textContent).toBe('Rangliste');
    expect(byTestId(root, 'end-series-pending')?.textContent).toBe('Die Serie wird gespeichert…');
    expect(byTestId(root, 'play-again')).toBeNull();
    act(() => byTestId(root, 'end-lobby')!.click());
    expect(leaveTable).toHaveBeenCalled();
  });
});
