// Leaderboard and rating display: row order by Elo or SF / 36, rating texts, the snapshot note, rating-history points,
// the player page's score points; numbers and dates in the page's language.
import type { LeaderRow, RatingPoint, RatingSnapshot, SeriesItem } from './api';
import { formatDateTime, formatDayOf } from './dates';
import { t } from './i18n';
import { formatNumber } from './numbers';
import type { LeaderSort } from './route';

// Elo once anybody is rated (by the nightly job, or live after a series), Seeger-Fabian before.
export function defaultSort(snapshot: RatingSnapshot | null, rows: readonly LeaderRow[] = []): LeaderSort {
  return snapshot || rows.some((r) => r.rating !== null) ? 'elo' : 'sf';
}

// Seeger-Fabian per 36 deals is shown only from this many deals on: a short series scaled up to 36
// deals is noise. Below it the average per game is what there is.
export const MIN_DEALS_PER_36 = 36;
export function hasPer36(row: Pick<LeaderRow, 'deals'>): boolean {
  return row.deals >= MIN_DEALS_PER_36;
}
// The Seeger-Fabian average per game, one decimal ("—" before the first deal).
export function perGame(row: Pick<LeaderRow, 'deals' | 'score'>): string {
  return row.deals > 0 ? formatNumber(row.score / row.deals, 1) : '—';
}

// By SF / 36: the players with enough deals first, then the others by their average per game.
const bySf = (a: LeaderRow, b: LeaderRow) =>
  Number(hasPer36(b)) - Number(hasPer36(a)) ||
  (hasPer36(a) ? b.score_per_36 - a.score_per_36 : b.score / Math.max(1, b.deals) - a.score / Math.max(1, a.deals));
const byElo = (a: LeaderRow, b: LeaderRow) =>
  a.rating === null || b.rating === null ? Number(a.rating === null) - Number(b.rating === null) : b.rating - a.rating;

// Best first; by Elo the unrated players follow the rated ones, ties go by SF / 36, then keep the server's order.
export function sortRows(rows: LeaderRow[], sort: LeaderSort): LeaderRow[] {
  return [...rows].sort(sort === 'elo' ? (a, b) => byElo(a, b) || bySf(a, b) : bySf);
}

// The uncertainty is the spread of a player's per-series residuals (docs/ratings.md §4): it exists
// from this many rated series on, and only the nightly job computes it (a live row keeps the
// snapshot's figure, 0 for a player the snapshot does not rate). A 0 means "not known yet", not
// "exact": it is not shown.
export const MIN_SERIES_FOR_SPREAD = 2;

// "882" and "± 12" apart (the spread is shown smaller, and not at all while unknown); null for a
// player without rating.
export function ratingParts(
  row: Pick<LeaderRow, 'rating' | 'uncertainty' | 'rated_series'>,
): { value: string; spread: string } | null {
  if (row.rating === null) return null;
  const known = row.uncertainty !== null && row.uncertainty > 0 && row.rated_series >= MIN_SERIES_FOR_SPREAD;
  return {
    value: formatNumber(row.rating),
    spread: known ? `± ${formatNumber(row.uncertainty!)}` : '',
  };
}

// A K of the Elo in the page's language ("0,02").
export const kText = (k: number) => formatNumber(k, 4, { upTo: true });

// The Elo's K and start rating to explain it with: the newest snapshot's, else the defaults
// (docs/ratings.md §2).
export function eloFigures(snapshot: RatingSnapshot | null): { k: number; start: number } {
  return { k: snapshot?.options.k ?? 0.02, start: snapshot?.options.start ?? 800 };
}

// The high-value correction's mean game value: one decimal, and where it comes from.
function meanValueText(options: RatingSnapshot['options']): string {
  const mean = formatNumber(options.mean_value, 1, { upTo: true });
  if (options.mean_value_source !== 'games') return t('snap.mean', { mean });
  const games = options.mean_value_games ?? 0;
  return games > 0 ? t('snap.meanOf', { mean, n: games }) : t('snap.meanNone', { mean });
}

// When and over how many series the ratings were computed, with the chance corrections in effect
// and how a new player's rating starts.
export function snapshotNote(snapshot: RatingSnapshot | null, rows: readonly LeaderRow[] = []): string {
  const live = rows.some((r) => r.live) ? ` ${t('snap.live')}` : '';
  if (!snapshot) return live ? t('snap.liveOnly') : t('snap.none');
  return snapshotText(snapshot) + live;
}

function snapshotText(snapshot: RatingSnapshot): string {
  const { hand_luck, high_value, start_series, newcomer_k, newcomer_series } = snapshot.options;
  const corrections = [
    ...(hand_luck ? [t('snap.handLuck')] : []),
    ...(high_value ? [t('snap.highValue', { mean: meanValueText(snapshot.options) })] : []),
  ];
  const corrected = corrections.length
    ? t('snap.corrected', {
        list: corrections.length === 2 ? t('snap.both', { a: corrections[0], b: corrections[1] }) : corrections[0],
      })
    : t('snap.uncorrected');
  const start = start_series ? t('snap.start', { n: start_series }) : '';
  const newcomer = newcomer_k
    ? t('snap.newcomer', { k: kText(newcomer_k), base: kText(snapshot.options.k), n: newcomer_series ?? 10 })
    : '';
  const date = formatDateTime(snapshot.created_at);
  return t('snap.note', { date, n: formatNumber(snapshot.series), corrected, start, newcomer });
}

// The rating chart's points: the series and the day it finished as the label, the rating to one decimal.
export function ratingPoints(ratings: RatingPoint[]): { label: string; rating: number }[] {
  return ratings.map((p) => ({
    label: `#${p.series} ${formatDayOf(p.finished_at)}${p.live ? ` (${t('leader.liveMark')})` : ''}`,
    rating: Math.round(p.rating * 10) / 10,
  }));
}

// The player page's score chart: each finished series, oldest first, with the player's score and,
// only for a series of at least MIN_DEALS_PER_36 games, that score per 36 deals (null otherwise: a
// short series scaled up is noise, and the chart leaves a gap).
export function scorePoints(
  series: SeriesItem[],
  playerId: number,
): { id: number; when: number; score: number; per36: number | null }[] {
  return series
    .filter((s) => s.status === 'finished')
    .sort((a, b) => a.started_at - b.started_at)
    .map((s) => {
      // the player's own games: a substitute's games in his seat are not his (docs/api.md)
      const seat = s.seats.find((x) => x.player_id === playerId);
      const score = seat?.score ?? 0;
      const games = s.games_played - (seat?.substitute?.games ?? 0);
      const per36 = games >= MIN_DEALS_PER_36 ? Math.round((score * 36) / games) : null;
      return { id: s.id, when: s.started_at, score, per36 };
    });
}
