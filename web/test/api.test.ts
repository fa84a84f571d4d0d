// The API client: a player's page reads every page of the player's series, following next_after.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, type SeriesItem } from '../src/lib/api';

const item = (id: number) => ({ id }) as unknown as SeriesItem;

describe('api.player', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('follows next_after until the last page', async () => {
    const asked: string[] = [];
    const pages: Record<string, object> = {
      '/api/players/7?limit=1000': { player: { id: 7 }, series: [item(1), item(2)], ratings: [], next_after: 2 },
      '/api/players/7?limit=1000&after=2': { player: { id: 7 }, series: [item(5)], ratings: [], next_after: 5 },
      '/api/players/7?limit=1000&after=5': { player: { id: 7 }, series: [], ratings: [], next_after: null },
    };
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify(pages[url]), { status: pages[url] ? 200 : 404 });
    });
    const page = await api.player(7);
    expect(page.series.map((s) => s.id)).toEqual([1, 2, 5]);
    expect(page.next_after).toBeNull();
    expect(asked).toEqual(Object.keys(pages));
  });

  it('asks once when the first page is the last', async () => {
    let calls = 0;
    vi.stubGlobal('fetch', async () => {
      calls += 1;
      return new Response(JSON.stringify({ player: { id: 1 }, series: [item(3)], ratings: [], next_after: null }));
    });
    expect((await api.player(1)).series).toHaveLength(1);
    expect(calls).toBe(1);
  });
});
