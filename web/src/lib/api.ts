// The HTTP API (docs/api.md).
export interface SeriesSeat {
  player_id: number;
  name: string;
  kind: string;
  score: number;
  won: number;
  lost: number;
}
export interface SeriesItem {
  id: number;
  table: number | null;
  event: string;
  status: 'running' | 'finished' | 'aborted';
  started_at: number;
  finished_at: number | null;
  deals: number;
  games_played: number;
  seats: SeriesSeat[];
}
export interface LeaderRow {
  player_id: number;
  name: string;
  kind: string;
  bot_kind: string;
  series: number;
  deals: number;
  declared: number;
  won: number;
  lost: number;
  score: number;
  score_per_36: number;
  rating: number | null; // null until the newest nightly snapshot rates the player
  uncertainty: number | null; // ± rating points
  rated_series: number;
  provisional: boolean; // fewer than provisional_below rated series
  live?: boolean; // rated right after a series the newest snapshot does not include yet (docs/ratings.md §6)
}
export interface RatingSnapshot {
  id: number;
  created_at: number;
  series: number;
  table_version: number;
  options: RatingOptions;
}
// The settings a snapshot's ratings were computed with (docs/api.md); the optional fields are
// missing from snapshots written before they existed.
export interface RatingOptions {
  k: number;
  start: number;
  start_series?: number; // 0 / missing: every player starts at `start`
  newcomer_k?: number; // 0 / missing: every series updates with `k`
  newcomer_series?: number; // series over which the newcomer K falls to `k`
  hand_luck: boolean;
  high_value: boolean;
  mean_value: number; // the mean game value the high-value correction used
  mean_value_source?: 'fixed' | 'games';
  mean_value_games?: number; // with the source "games": the declared games it is the mean of
}
export interface Leaderboard {
  kind: string;
  provisional_below: number;
  snapshot: RatingSnapshot | null; // null until the nightly rating job has run
  players: LeaderRow[];
}
export interface RatingPoint {
  series: number;
  finished_at: number;
  rating: number; // after that series
  live?: boolean; // worked out right after the series, before the nightly job recomputed it
}
export type Interval = [number, number];
export interface TournamentItem {
  id: number;
  a: string;
  b: string;
  seed: number;
  deals: number;
  seatings: string[];
  mode: 'server' | 'inprocess';
  status: 'running' | 'finished' | 'aborted';
  created_at: number;
  finished_at: number | null;
  deals_done: number;
  difference: number | null; // B − A, Seeger-Fabian points per seat and game, over all seatings so far
  ci95: Interval | null;
  verdict: string | null;
}
export interface TournamentBot {
  seat_games: number;
  declared_won: number;
  declared_lost: number;
  sf_total: number;
  sf_per_game: number;
  moves: number;
  move_mean_ms: number;
  move_p99_ms: number;
  timeouts: number;
}
export interface TournamentClass {
  games: number;
  share: number;
  declarer_won: number;
  judged: number;
  solver_agrees: number;
  accuracy: number;
  // the duplicate difference over the deals played in this class at every table (absent in reports
  // stored before it existed)
  duplicate_deals?: number;
  difference?: number;
  ci95?: Interval;
}
export type GameClass = 'suit' | 'grand' | 'null';
export interface TournamentSeating {
  seating: string; // '2:1' (A A B), '1:2' (A B B) or 'total'
  deals: number;
  games: number;
  folded: number;
  a: TournamentBot;
  b: TournamentBot;
  difference: number | null;
  ci95: Interval | null;
  verdict: string | null;
  classes: Partial<Record<GameClass, TournamentClass>>;
}
export interface TournamentReport {
  a: string;
  b: string;
  seed: number;
  deals: number;
  seconds: number;
  seatings: TournamentSeating[];
}
export interface CurvePoint {
  deals: number;
  difference: number | null;
  ci95: Interval | null;
}
export interface TournamentDetail extends TournamentItem {
  report: TournamentReport | null;
  curve: CurvePoint[];
  series: { id: number; table: number | null; seating: string; rotation: number }[];
}
export interface SeriesFilter {
  player?: string;
  from?: string;
  to?: string;
}

export interface NewTournament {
  a: string;
  b: string;
  deals: number;
  seed?: number;
  seating: 'both' | '2:1' | '1:2';
}

async function getJson<T>(url: string): Promise<T> {
  const r = await fetch(url);
  if (!r.ok) {
    let msg = `${r.status} ${r.statusText}`;
    try {
      const j = await r.json();
      if (j.error) msg = j.error;
    } catch {
      /* not JSON */
    }
    throw new Error(msg);
  }
  return (await r.json()) as T;
}

export function filterQuery(f: SeriesFilter, extra: Record<string, string | number | undefined> = {}): string {
  const q = new URLSearchParams();
  if (f.player) q.set('player', f.player);
  if (f.from) q.set('from', f.from);
  if (f.to) q.set('to', f.to);
  for (const [k, v] of Object.entries(extra)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

export interface PlayerPage {
  player: { id: number; name: string; kind: string; created_at: number };
  series: SeriesItem[]; // oldest first
  ratings: RatingPoint[]; // oldest first
  next_after: number | null;
}

/** A player's page with every series: the server answers in pages of at most 1,000 series, so
 * the pages are read one after another until `next_after` is null. */
async function playerWithAllSeries(id: number): Promise<PlayerPage> {
  const first = await getJson<PlayerPage>(`/api/players/${id}?limit=1000`);
  let series = first.series;
  for (let after = first.next_after; after !== null;) {
    const page = await getJson<PlayerPage>(`/api/players/${id}?limit=1000&after=${after}`);
    series = series.concat(page.series);
    after = page.next_after;
  }
  return { ...first, series, next_after: null };
}

export const api = {
  leaderboard: (kind: string) => getJson<Leaderboard>(`/api/leaderboard?kind=${kind}`),
  series: (f: SeriesFilter, after?: number, limit = 25) =>
    getJson<{ series: SeriesItem[]; next_after: number | null }>(`/api/series${filterQuery(f, { after, limit })}`),
  player: (id: number) => playerWithAllSeries(id),
  seriesGames: (id: number) => getJson<import('./replay').SeriesGames>(`/api/series/${id}/games`),
  oneSeries: (id: number) =>
    getJson<{ series: SeriesItem[]; next_after: number | null }>(`/api/series?after=${id - 1}&limit=1`).then(
      (r) => r.series.find((s) => s.id === id) ?? null,
    ),
  tournaments: () => getJson<{ tournaments: TournamentItem[] }>('/api/tournaments'),
  tournament: (id: number) => getJson<TournamentDetail>(`/api/tournaments/${id}`),
  // POST /api/admin/tournaments (docs/api.md, "Admin"): the new tournament's id.
  startTournament: async (body: NewTournament, adminToken: string): Promise<number> => {
    const r = await fetch('/api/admin/tournaments', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${adminToken}` },
      body: JSON.stringify(body),
    });
    const j = await r.json().catch(() => ({}));
    if (r.status !== 201) throw new Error(j.error ?? `${r.status} ${r.statusText}`);
    return Number(j.id);
  },
};

export function formatDate(ms: number | null): string {
  if (!ms) return '';
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
