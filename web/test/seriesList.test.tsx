// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { SeriesListView } from '../src/views/SeriesListView';
import { setLang } from '../src/lib/i18n';

// The API's /api/series over series 1..n (increasing ids, pages after an id); the player filter
// keeps the even ids. Every query asked is kept.
function serve(n: number) {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const q = new URLSearchParams(url.split('?')[1] ?? '');
      asked.push(q);
      const after = Number(q.get('after') ?? 0);
      const limit = Number(q.get('limit') ?? 100);
      const ids = Array.from({ length: n }, (_, i) => i + 1).filter((id) => !q.get('player') || id % 2 === 0);
      const series = ids
        .filter((id) => id > after)
        .slice(0, limit)
        .map((id) => ({
          id,
          table: 1,
          event: '',
          status: 'finished',
          started_at: 1_700_000_000_000 + id * 60_000,
          finished_at: null,
          deals: 3,
          games_played: 3,
          seats: [],
        }));
      const next_after = series.length === limit ? series[series.length - 1].id : null;
      return new Response(JSON.stringify({ series, next_after }), { status: 200 });
    }),
  );
  return asked;
}

async function mount(query: string) {
  const root = document.createElement('div');
  document.body.appendChild(root);
  await act(async () => render(<SeriesListView query={new URLSearchParams(query)} />, root));
  // the pages are read one request after another
  for (let i = 0; i < 50 && !root.querySelector('[data-testid="series-rows"]'); i++)
    await act(() => new Promise((r) => setTimeout(r, 0)));
  return root;
}
const ids = (root: Element) =>
  [...root.querySelectorAll('[data-testid="series-rows"] tbody tr a[href^="#/series/"]')].map((a) =>
    Number(a.getAttribute('href')!.split('/').pop()),
  );

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('the series list', () => {
  it('starts with the newest series, and pages on to older ones', async () => {
    setLang('en');
    serve(60);
    const root = await mount('');
    expect(ids(root)).toEqual(Array.from({ length: 25 }, (_, i) => 60 - i));
    const older = root.querySelector<HTMLButtonElement>('[data-testid="next-page"]')!;
    expect(older.textContent).toBe('Older series');
    expect(root.querySelector('[data-testid="newest-page"]')).toBeNull();
    act(() => older.click());
    expect(location.hash).toBe('#/series?before=36');
    const second = await mount('before=36');
    expect(ids(second)).toEqual(Array.from({ length: 25 }, (_, i) => 35 - i));
    expect(second.querySelector('[data-testid="newest-page"]')?.textContent).toBe('Newest');
    const last = await mount('before=11');
    expect(ids(last)).toEqual(Array.from({ length: 10 }, (_, i) => 10 - i));
    expect(last.querySelector('[data-testid="next-page"]')).toBeNull();
  });

  it('keeps the filter on every page and in the downloads', async () => {
    setLang('en');
    const asked = serve(60);
    const root = await mount('player=anna');
    expect(ids(root)).toEqual(Array.from({ length: 25 }, (_, i) => 60 - 2 * i));
    expect(asked.every((q) => q.get('player') === 'anna')).toBe(true);
    expect(root.querySelector('[data-testid="export-pgn"]')?.getAttribute('href')).toBe('/api/export.pgn?player=anna');
    expect(root.querySelector('[data-testid="export-sgf"]')?.getAttribute('href')).toBe('/api/export.sgf?player=anna');
    act(() => root.querySelector<HTMLButtonElement>('[data-testid="next-page"]')!.click());
    expect(location.hash).toBe('#/series?player=anna&before=12');
  });
});
