// The series list newest first. The API pages only in increasing id order (`after` the last id of
// the previous page, `next_after` when the page was full, docs/api.md), so a page of the newest
// series is read from the end: the highest id is found with pages of one series (steps that double
// beyond the last id seen, then halving the gap), and the series below it are read in ranges of ids
// that widen until the page is full, each range read whole. Series ids are unique and increasing, so
// a range of N ids holds at most N series: no request reads more than it needs.
import type { SeriesItem } from './api';

export interface SeriesPageAnswer {
  series: SeriesItem[]; // increasing ids
  next_after: number | null;
}
// One page of the API: the series after id `after` (0: from the first), at most `limit`.
export type SeriesFetch = (after: number, limit: number) => Promise<SeriesPageAnswer>;

export interface NewestPage {
  series: SeriesItem[]; // newest first
  older: number | null; // `before` of the next page (older series), null when there are none
}

export const MAX_LIMIT = 1000; // the API's largest page

// A bound on the ids: no series has a higher id, and the highest is at most MAX_LIMIT below it.
// `known`: the id of a series there is.
async function idBound(fetch: SeriesFetch, known: number): Promise<number> {
  let lo = known;
  let step = MAX_LIMIT;
  let hi: number;
  for (;;) {
    const probe = await fetch(lo + step, 1);
    if (!probe.series.length) {
      hi = lo + step;
      break;
    }
    lo = probe.series[0].id;
    step *= 2;
  }
  while (hi - lo > MAX_LIMIT) {
    const mid = Math.floor((lo + hi) / 2);
    const probe = await fetch(mid, 1);
    if (probe.series.length) lo = probe.series[0].id;
    else hi = mid;
  }
  return hi;
}

// Every series with an id in (lo, hi], increasing.
async function range(fetch: SeriesFetch, lo: number, hi: number): Promise<SeriesItem[]> {
  const out: SeriesItem[] = [];
  for (let after = lo; ;) {
    const page = await fetch(after, Math.min(MAX_LIMIT, hi - after));
    for (const s of page.series) if (s.id <= hi) out.push(s);
    const last = page.series[page.series.length - 1]?.id;
    if (page.next_after === null || last === undefined || last >= hi) return out;
    after = page.next_after;
  }
}

// The `count` newest series with an id below `before` (none: the newest there are).
export async function newestSeries(fetch: SeriesFetch, count: number, before?: number): Promise<NewestPage> {
  let top: number; // no series above this id is wanted
  if (before === undefined) {
    const first = await fetch(0, 1);
    if (!first.series.length) return { series: [], older: null };
    top = await idBound(fetch, first.series[0].id);
  } else top = before - 1;
  const found: SeriesItem[] = []; // newest first
  let width = Math.max(2 * count, 16);
  // one more than the page: whether there are older ones
  while (top > 0 && found.length <= count) {
    const lo = Math.max(0, top - width);
    const got = await range(fetch, lo, top);
    for (let i = got.length - 1; i >= 0; i--) found.push(got[i]);
    const need = count + 1 - found.length;
    // the next range: as wide as the series seen so far say is needed (half again for luck), wider
    // by far where none were seen, but never wider than a full page at the density seen
    if (got.length === 0) width *= 4;
    else width = Math.min(Math.ceil((1.5 * need * width) / got.length), Math.floor((MAX_LIMIT * width) / got.length));
    width = Math.max(width, 16);
    top = lo;
  }
  const series = found.slice(0, count);
  return { series, older: found.length > count ? series[series.length - 1].id : null };
}
