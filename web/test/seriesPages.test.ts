import { describe, expect, it } from 'vitest';
import type { SeriesItem } from '../src/lib/api';
import { MAX_LIMIT, newestSeries, type SeriesFetch } from '../src/lib/seriesPages';

// The API over the series with these ids (increasing): pages after an id, `next_after` when full.
function fakeApi(ids: number[]) {
  const asked: { after: number; limit: number; got: number }[] = [];
  const fetch: SeriesFetch = async (after, limit) => {
    expect(limit).toBeGreaterThanOrEqual(1);
    expect(limit).toBeLessThanOrEqual(MAX_LIMIT);
    const series = ids
      .filter((id) => id > after)
      .slice(0, limit)
      .map((id) => ({ id }) as SeriesItem);
    asked.push({ after, limit, got: series.length });
    return { series, next_after: series.length === limit ? series[series.length - 1].id : null };
  };
  return { fetch, asked };
}
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const idsOf = (p: { series: SeriesItem[] }) => p.series.map((s) => s.id);

describe('newestSeries', () => {
  it('shows the newest series first, and pages on to older ones', async () => {
    const { fetch } = fakeApi(range(1, 5000));
    const first = await newestSeries(fetch, 25);
    expect(idsOf(first)).toEqual(range(4976, 5000).reverse());
    expect(first.older).toBe(4976);
    const second = await newestSeries(fetch, 25, first.older!);
    expect(idsOf(second)).toEqual(range(4951, 4975).reverse());
    const last = await newestSeries(fetch, 25, 20);
    expect(idsOf(last)).toEqual(range(1, 19).reverse());
    expect(last.older).toBeNull();
  });

  it('a page that ends exactly with the oldest series says there are no older ones', async () => {
    const { fetch } = fakeApi(range(1, 50));
    const first = await newestSeries(fetch, 25);
    expect(first.older).toBe(26);
    const second = await newestSeries(fetch, 25, 26);
    expect(idsOf(second)).toEqual(range(1, 25).reverse());
    expect(second.older).toBeNull();
  });

  it('finds the newest of few series far apart (a filter), and nothing when none match', async () => {
    const { fetch } = fakeApi([3, 10, 2000, 70000, 70001]);
    const first = await newestSeries(fetch, 2);
    expect(idsOf(first)).toEqual([70001, 70000]);
    const second = await newestSeries(fetch, 2, first.older!);
    expect(idsOf(second)).toEqual([2000, 10]);
    const third = await newestSeries(fetch, 2, second.older!);
    expect(idsOf(third)).toEqual([3]);
    expect(third.older).toBeNull();
    expect(await newestSeries(fakeApi([]).fetch, 25)).toEqual({ series: [], older: null });
    expect(idsOf(await newestSeries(fakeApi([1]).fetch, 25))).toEqual([1]);
  });

  it('reads a long list with a few small requests, not to its end', async () => {
    const { fetch, asked } = fakeApi(range(1, 1_000_000));
    const first = await newestSeries(fetch, 25);
    expect(idsOf(first)).toEqual(range(999_976, 1_000_000).reverse());
    expect(asked.length).toBeLessThan(40);
    expect(asked.reduce((n, a) => n + a.got, 0)).toBeLessThan(2000);
  });
});
