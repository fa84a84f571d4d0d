// The leaderboard display helpers: order by Elo or SF / 36, rating texts, the snapshot note, rating-history points.
import { describe, expect, it } from 'vitest';
import { formatDate, type LeaderRow, type RatingSnapshot, type SeriesItem } from '../src/lib/api';
import {
  defaultSort,
  hasPer36,
  perGame,
  ratingParts,
  ratingPoints,
  scorePoints,
  snapshotNote,
  sortRows,
} from '../src/lib/leaderboard';

const row = (player_id: number, score_per_36: number, rating: number | null, uncertainty = 10): LeaderRow => ({
  player_id,
  name: `p${player_id}`,
  kind: 'human',
  bot_kind: '',
  owner: null,
  series: 1,
  deals: 36,
  declared: 12,
  won: 9,
  lost: 3,
  score: score_per_36,
  score_per_36,
  rating,
  uncertainty: rating === null ? null : uncertainty,
  rated_series: rating === null ? 0 : 1,
  provisional: true,
});

const SNAPSHOT: RatingSnapshot = {
  id: 3,
  created_at: 1795370667348,
  series: 120,
  table_version: 4,
  options: { k: 0.02, start: 800, hand_luck: false, high_value: false, mean_value: 41 },
};

describe('sortRows', () => {
  const rows = [row(1, 900, null), row(2, 800, 850), row(3, 700, 910), row(4, 1000, null), row(5, 600, 850)];
  const ids = (rs: LeaderRow[]) => rs.map((r) => r.player_id);

  it('orders by rating, unrated players last, ties by SF / 36', () => {
    expect(ids(sortRows(rows, 'elo'))).toEqual([3, 2, 5, 4, 1]);
  });

  it('orders by SF / 36 regardless of ratings', () => {
    expect(ids(sortRows(rows, 'sf'))).toEqual([4, 1, 2, 3, 5]);
  });

  it('leaves the given rows alone', () => {
    sortRows(rows, 'sf');
    expect(ids(rows)).toEqual([1, 2, 3, 4, 5]);
  });

  it('defaults to Elo once there is a snapshot', () => {
    expect(defaultSort(SNAPSHOT)).toBe('elo');
    expect(defaultSort(null)).toBe('sf');
  });
});

describe('ratingParts', () => {
  it('rounds the rating and its uncertainty', () => {
    expect(ratingParts({ rating: 882.1, uncertainty: 11.6, rated_series: 4 })).toEqual({
      value: '882',
      spread: '± 12',
    });
    expect(ratingParts({ rating: 799.5, uncertainty: 0.4, rated_series: 2 })).toEqual({ value: '800', spread: '± 0' });
    // after one series there are no residuals to spread, and a live row of a player the nightly
    // job has not rated yet carries 0: no figure rather than "± 0"
    expect(ratingParts({ rating: 796, uncertainty: 0, rated_series: 1 })).toEqual({ value: '796', spread: '' });
    expect(ratingParts({ rating: 802, uncertainty: 0, rated_series: 3 })).toEqual({ value: '802', spread: '' });
    expect(ratingParts({ rating: 802, uncertainty: 9, rated_series: 1 })).toEqual({ value: '802', spread: '' });
  });

  it('has no spread without uncertainty and nothing without rating', () => {
    expect(ratingParts({ rating: 874.48, uncertainty: null, rated_series: 5 })).toEqual({ value: '874', spread: '' });
    expect(ratingParts({ rating: null, uncertainty: null, rated_series: 0 })).toBeNull();
  });
});

describe('snapshotNote', () => {
  const when = formatDate(SNAPSHOT.created_at);

  it('says that the ratings are still to come', () => {
    expect(snapshotNote(null)).toBe('Elo ratings appear when the first series has finished.');
  });

  it('says when, over how many series and with which corrections', () => {
    expect(snapshotNote(SNAPSHOT)).toBe(
      `Elo ratings computed ${when} over 120 series, without hand-luck or high-value correction.`,
    );
    const both = { ...SNAPSHOT, options: { ...SNAPSHOT.options, hand_luck: true, high_value: true } };
    expect(snapshotNote(both)).toBe(
      `Elo ratings computed ${when} over 120 series, corrected for hand luck and high value (mean game value 41).`,
    );
    const luck = { ...SNAPSHOT, options: { ...SNAPSHOT.options, hand_luck: true } };
    expect(snapshotNote(luck)).toBe(`Elo ratings computed ${when} over 120 series, corrected for hand luck.`);
  });

  it('names the mean game value of the games, to one decimal, with their number', () => {
    const games = {
      ...SNAPSHOT,
      options: {
        ...SNAPSHOT.options,
        high_value: true,
        mean_value: 40.9666,
        mean_value_source: 'games' as const,
        mean_value_games: 2712,
      },
    };
    expect(snapshotNote(games)).toBe(
      `Elo ratings computed ${when} over 120 series, corrected for high value (mean game value 41 of 2712 declared games).`,
    );
    const one = { ...games, options: { ...games.options, mean_value: 23, mean_value_games: 1, hand_luck: true } };
    expect(snapshotNote(one)).toBe(
      `Elo ratings computed ${when} over 120 series, corrected for hand luck and high value (mean game value 23 of 1 declared game).`,
    );
    const none = { ...games, options: { ...games.options, mean_value: 41, mean_value_games: 0 } };
    expect(snapshotNote(none)).toContain('(mean game value 41, no declared game yet)');
    const fixed = { ...SNAPSHOT, options: { ...SNAPSHOT.options, high_value: true, mean_value: 38.25 } };
    expect(snapshotNote(fixed)).toContain('corrected for high value (mean game value 38.3).');
  });

  it("says when a new player's rating starts from their first series", () => {
    const start = { ...SNAPSHOT, options: { ...SNAPSHOT.options, hand_luck: true, start_series: 5 } };
    expect(snapshotNote(start)).toBe(
      `Elo ratings computed ${when} over 120 series, corrected for hand luck; a new player's rating starts as the mean of their first 5 series scores.`,
    );
    const one = { ...start, options: { ...start.options, start_series: 1 } };
    expect(snapshotNote(one)).toContain('the mean of their first 1 series score.');
    // Off (0) or from a snapshot written before the option existed: nothing said.
    const off = { ...start, options: { ...start.options, start_series: 0 } };
    expect(snapshotNote(off)).toBe(`Elo ratings computed ${when} over 120 series, corrected for hand luck.`);
  });

  it("says when a new player's K is larger", () => {
    const newcomer = { ...SNAPSHOT, options: { ...SNAPSHOT.options, newcomer_k: 0.1, newcomer_series: 5 } };
    expect(snapshotNote(newcomer)).toBe(
      `Elo ratings computed ${when} over 120 series, without hand-luck or high-value correction; a new player's K is 0.1 in the first series, falling to 0.02 over 5.`,
    );
    const off = { ...newcomer, options: { ...newcomer.options, newcomer_k: 0 } };
    expect(snapshotNote(off)).toBe(
      `Elo ratings computed ${when} over 120 series, without hand-luck or high-value correction.`,
    );
  });
});

describe('ratingPoints', () => {
  it('labels each rating with its series and day, oldest first', () => {
    const ratings = [
      { series: 3, finished_at: 1795370823963, rating: 874.48 },
      { series: 9, finished_at: 1795457223963, rating: 881.04 },
    ];
    expect(ratingPoints(ratings)).toEqual([
      { label: `#3 ${formatDate(1795370823963).slice(0, 10)}`, rating: 874.5 },
      { label: `#9 ${formatDate(1795457223963).slice(0, 10)}`, rating: 881 },
    ]);
    expect(ratingPoints([])).toEqual([]);
  });
});

describe('live ratings and short records', () => {
  it('shows SF / 36 only from 36 deals on and sorts the shorter records after, by their average per game', () => {
    const short = { ...row(7, 1752, null), deals: 3, score: 146 }; // one 3-deal series: 1,752 per 36 is noise
    const long = { ...row(8, 400, null), deals: 72, score: 800 };
    const longer = { ...row(9, 300, null), deals: 36, score: 300 };
    const shorter = { ...row(10, 360, null), deals: 10, score: 100 };
    expect(hasPer36(short)).toBe(false);
    expect(hasPer36(longer)).toBe(true);
    expect(perGame(short)).toBe('48.7');
    expect(perGame({ deals: 0, score: 0 })).toBe('—');
    expect(sortRows([short, longer, shorter, long], 'sf').map((r) => r.player_id)).toEqual([8, 9, 7, 10]);
  });

  it('sorts by Elo as soon as anybody has a live rating, and says so in the note', () => {
    const rated = { ...row(2, 800, 812), live: true };
    expect(defaultSort(null, [row(1, 900, null), rated])).toBe('elo');
    expect(snapshotNote(null, [rated])).toBe(
      'Elo ratings so far are live: worked out right after each series, provisional until the nightly job recomputes them.',
    );
    expect(snapshotNote(SNAPSHOT, [rated])).toMatch(/\. Ratings marked live include series finished since/);
    expect(snapshotNote(null, [row(1, 900, null)])).toBe('Elo ratings appear when the first series has finished.');
    expect(ratingPoints([{ series: 4, finished_at: 1795370667348, rating: 812.34, live: true }])[0].label).toMatch(
      /^#4 .* \(live\)$/,
    );
  });
});

describe('scorePoints', () => {
  const series = (id: number, games: number, score: number, status: SeriesItem['status'] = 'finished'): SeriesItem => ({
    id,
    table: 1,
    event: 'e',
    status,
    started_at: 1000 * id,
    finished_at: status === 'finished' ? 1000 * id + 1 : null,
    deals: games,
    games_played: games,
    seats: [
      { player_id: 7, name: 'me', kind: 'human', score, won: 0, lost: 0 },
      { player_id: 8, name: 'b', kind: 'bot', score: 0, won: 0, lost: 0 },
      { player_id: 9, name: 'c', kind: 'bot', score: -score, won: 0, lost: 0 },
    ],
  });
  it('scales to 36 deals only series of at least 36 games, oldest first, finished only', () => {
    const pts = scorePoints([series(3, 72, 900), series(1, 2, 150), series(2, 36, -40), series(4, 5, 9, 'running')], 7);
    expect(pts).toEqual([
      { id: 1, when: 1000, score: 150, per36: null },
      { id: 2, when: 2000, score: -40, per36: -40 },
      { id: 3, when: 3000, score: 900, per36: 450 },
    ]);
  });
  it('gives a score of 0 to a player not seated', () => {
    expect(scorePoints([series(1, 36, 10)], 99)).toEqual([{ id: 1, when: 1000, score: 0, per36: 0 }]);
  });
});
