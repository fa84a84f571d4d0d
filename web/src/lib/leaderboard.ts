// Leaderboard and rating display: row order by Elo or SF / 36, rating texts, the snapshot note, rating-history points.
import { formatDate, type LeaderRow, type RatingPoint, type RatingSnapshot } from './api';
import type { LeaderSort } from './route';

// Elo once the nightly job has rated anybody, Seeger-Fabian before.
export function defaultSort(snapshot: RatingSnapshot | null): LeaderSort {
  return snapshot ? 'elo' : 'sf';
}

const bySf = (a: LeaderRow, b: LeaderRow) => b.score_per_36 - a.score_per_36;
const byElo = (a: LeaderRow, b: LeaderRow) =>
  a.rating === null || b.rating === null ? Number(a.rating === null) - Number(b.rating === null) : b.rating - a.rating;

// Best first; by Elo the unrated players follow the rated ones, ties go by SF / 36, then keep the server's order.
export function sortRows(rows: LeaderRow[], sort: LeaderSort): LeaderRow[] {
  return [...rows].sort(sort === 'elo' ? (a, b) => byElo(a, b) || bySf(a, b) : bySf);
}

// "882" and "± 12" apart (the spread is shown smaller); null for a player without rating.
export function ratingParts(row: Pick<LeaderRow, 'rating' | 'uncertainty'>): { value: string; spread: string } | null {
  if (row.rating === null) return null;
  return {
    value: String(Math.round(row.rating)),
    spread: row.uncertainty === null ? '' : `± ${Math.round(row.uncertainty)}`,
  };
}

// The high-value correction's mean game value: one decimal, and where it comes from.
function meanValueText(options: RatingSnapshot['options']): string {
  const mean = Number(options.mean_value.toFixed(1));
  if (options.mean_value_source !== 'games') return `mean game value ${mean}`;
  const games = options.mean_value_games ?? 0;
  return games > 0
    ? `mean game value ${mean} of ${games} declared game${games === 1 ? '' : 's'}`
    : `mean game value ${mean}, no declared game yet`;
}

// When and over how many series the ratings were computed, with the chance corrections in effect
// and how a new player's rating starts.
export function snapshotNote(snapshot: RatingSnapshot | null): string {
  if (!snapshot) return 'Elo ratings appear after the nightly job has run.';
  const { hand_luck, high_value, start_series, newcomer_k, newcomer_series } = snapshot.options;
  const corrections = [
    ...(hand_luck ? ['hand luck'] : []),
    ...(high_value ? [`high value (${meanValueText(snapshot.options)})`] : []),
  ];
  const corrected = corrections.length
    ? `corrected for ${corrections.join(' and ')}`
    : 'without hand-luck or high-value correction';
  const start = start_series
    ? `; a new player's rating starts as the mean of their first ${start_series} series score${start_series === 1 ? '' : 's'}`
    : '';
  const newcomer = newcomer_k
    ? `; a new player's K is ${newcomer_k} in the first series, falling to ${snapshot.options.k} over ${newcomer_series ?? 10}`
    : '';
  return `Elo ratings computed ${formatDate(snapshot.created_at)} over ${snapshot.series} series, ${corrected}${start}${newcomer}.`;
}

// The rating chart's points: the series and the day it finished as the label, the rating to one decimal.
export function ratingPoints(ratings: RatingPoint[]): { label: string; rating: number }[] {
  return ratings.map((p) => ({
    label: `#${p.series} ${formatDate(p.finished_at).slice(0, 10)}`,
    rating: Math.round(p.rating * 10) / 10,
  }));
}
