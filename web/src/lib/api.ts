// The HTTP API (docs/api.md): the public reads, the player's requests with the session token (own
// bots, tournaments) and the admin's tournament start. Fields newer servers added are filled in as
// null (or false) when an older server leaves them out.
export interface SeriesSeat {
  player_id: number;
  name: string;
  kind: string;
  score: number; // the player's own games only (docs/api.md)
  won: number;
  lost: number;
  substitute?: SubstituteShare; // the seat's games a substitute bot played instead
}
// The games of a seat a substitute bot played after its player left: their points, and who sat in.
export interface SubstituteShare {
  games: number;
  score: number;
  won: number;
  lost: number;
  players: { player_id: number; name: string }[];
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
// A player named by another record (a bot's owner, who started a tournament).
export interface PlayerRef {
  id: number;
  name: string;
}
export interface LeaderRow {
  player_id: number;
  name: string;
  kind: string;
  bot_kind: string; // a bot's program name (`account:NAME` for a player's bot)
  level?: string; // a house bot's strength level: beginner, club or strongest
  owner: PlayerRef | null; // the player who owns this bot (null: a house bot, or a person)
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
  a: string; // the programs of the two sides
  b: string;
  seed: string | null; // decimal, exactly (seed_text); null while a player's tournament runs (its SHA-256 is known from the start)
  seed_sha256: string | null; // hex SHA-256 of the seed's decimal text (null from an older server)
  started_by: PlayerRef | null; // null: the operator or the command line
  owners: { a: PlayerRef | null; b: PlayerRef | null }; // the owners of the sides' bots
  sealed: boolean; // a player's bot plays: its tables cannot be watched, its series wait for the end
  rated?: boolean; // false: a friendly match (a player's bot on its own connections), counted nowhere
  ladder?: boolean; // the server's ladder started it (docs/bots.md §9)
  end_reason?: string | null; // why it ended before its last deal
  deals: number;
  seatings: string[];
  mode: 'server' | 'inprocess';
  status: 'running' | 'finished' | 'aborted' | 'cancelled';
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
  // the solver figures of A's declared games and of B's (absent in older reports)
  by_declarer?: Record<'a' | 'b', { judged: number; solver_agrees: number }>;
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
// The ladder's pace as the server runs it (GET /api/tournaments; null: off).
export interface LadderPace {
  every_s: number;
  deals: number;
}
// A sequential test's verdict (docs/evaluation.md, "Stopping early").
export interface SprtResult {
  verdict: 'H0' | 'H1' | 'inconclusive';
  deals: number;
  llr: number;
  bounds: Interval; // [lower, upper]
  d0: number;
  d1: number;
  alpha: number;
  beta: number;
}
export interface TournamentReport {
  a: string;
  b: string;
  seed: number;
  deals: number;
  seconds: number;
  seatings: TournamentSeating[];
  sprt?: SprtResult;
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

// A sequential test in a start request: "sprt":[D0,D1] with its error rates.
export interface SprtRequest {
  sprt?: [number, number];
  alpha?: number;
  beta?: number;
}
export interface NewTournament extends SprtRequest {
  a: string;
  b: string;
  deals: number;
  seed?: string; // decimal digits, sent as a JSON number digit for digit
  seating: 'both' | '2:1' | '1:2';
}

// A player's own bot (GET /api/bots).
export type Challenges = 'nobody' | 'everyone'; // who may start a tournament against the bot
export interface OwnBot {
  player_id: number;
  name: string;
  program: string; // `account:NAME`
  challenges: Challenges;
  created_at: number;
  online: boolean;
  disabled: boolean;
  uploaded?: string | null; // the language of its uploaded program (none: null)
  // the latest tournaments other players started against it (GET /api/bots only), newest first
  challenges_received?: ChallengeReceived[];
}
export interface ChallengeReceived {
  tournament: number;
  by: PlayerRef | null;
  side: 'a' | 'b';
  deals: number;
  status: string; // 'running', 'finished', 'aborted' or 'cancelled'
  end_reason: string | null;
  created_at: number;
}
// What the server offers for uploaded programs.
export interface SandboxInfo {
  languages: string[];
  available: boolean;
  why_not: string | null;
}
export interface BotList {
  bots: OwnBot[];
  limit: number; // how many bots a player may have
  sandbox?: SandboxInfo;
}
// A bot's secret, shown once: after creating the bot, or after a new token.
export interface BotSecret {
  player_id: number;
  name: string;
  token: string;
  program?: string;
  challenges?: Challenges;
}
export interface TournamentLimits {
  max_deals: number; // per tournament
  deals_per_day: number;
  deals_today: number;
  tables_at_once: number;
}
// What a player may put on either side of a tournament (GET /api/tournaments/options).
export interface TournamentOptions {
  house: { program: string; online: number }[]; // the programs of the connected house bots
  // `sandbox`: "sandbox:NAME" when the bot has an uploaded program (rated), else null
  bots: {
    program: string;
    sandbox?: string | null;
    name: string;
    owner: PlayerRef | null;
    mine: boolean;
    online: boolean;
  }[];
  limits: TournamentLimits | null; // null without a valid session token
}
export interface PlayerTournament extends SprtRequest {
  a: string;
  b: string;
  deals: number;
  seating: NewTournament['seating'];
}

// A refused request: the HTTP status and the server's `error` text (else the status line).
export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
  ) {
    super(message);
  }
}

async function failure(r: Response): Promise<ApiError> {
  let msg = `${r.status} ${r.statusText}`.trim();
  try {
    const j = await r.json();
    if (j && typeof j.error === 'string') msg = j.error;
  } catch {
    /* not JSON */
  }
  return new ApiError(r.status, msg);
}

async function getJson<T>(url: string): Promise<T> {
  const r = await fetch(url);
  if (!r.ok) throw await failure(r);
  return (await r.json()) as T;
}

// A request as the signed-in player (`Authorization: Bearer <session token>`; none when token is
// null), with a JSON body when one is given; the answer must have the status `ok`.
async function asPlayer<T>(method: string, url: string, token: string | null, body?: object, ok = 200): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const r = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (r.status !== ok) throw await failure(r);
  return (await r.json()) as T;
}

const orNull = <T>(x: T | undefined | null): T | null => x ?? null;

function seedText(raw: { seed?: string | number | null; seed_text?: string | null }): string | null {
  if (typeof raw.seed_text === 'string') return raw.seed_text;
  return raw.seed === null || raw.seed === undefined ? null : String(raw.seed);
}

// A tournament as this client knows it, whatever an older server left out.
export function normalTournament<T extends TournamentItem>(raw: T): T {
  const owners = (raw.owners ?? {}) as Partial<TournamentItem['owners']>;
  return {
    ...raw,
    // a 64-bit seed as a JSON number is rounded by the browser: its text is exact
    seed: seedText(raw as T & { seed_text?: string | null }),
    seed_sha256: orNull(raw.seed_sha256),
    started_by: orNull(raw.started_by),
    owners: { a: orNull(owners.a), b: orNull(owners.b) },
    sealed: raw.sealed === true,
  };
}

function normalLeaderboard(raw: Leaderboard): Leaderboard {
  return {
    ...raw,
    players: raw.players.map((p) => ({ ...p, bot_kind: p.bot_kind ?? '', owner: orNull(p.owner) })),
  };
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
  player: {
    id: number;
    name: string;
    kind: string;
    created_at: number;
    bot_kind: string | null; // a bot's program name
    level?: string; // a house bot's strength level
    owner: PlayerRef | null; // who owns this bot
  };
  series: SeriesItem[]; // oldest first
  ratings: RatingPoint[]; // oldest first
  next_after: number | null;
  stats?: PlayerStats; // with the first page
}
// A player's figures over his own games of finished series (docs/api.md).
export interface GameTypeStats {
  declared: number;
  won: number;
  won_share: number | null;
}
export interface PlayerStats {
  series: number;
  games: number;
  declared: number;
  declared_share: number | null;
  won: number;
  won_share: number | null;
  by_type: Record<'C' | 'S' | 'H' | 'D' | 'G' | 'N', GameTypeStats>;
  average_value: number | null;
  score: number;
  score_per_36: number | null;
  best_series: { id: number; score: number; games: number } | null;
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
  const player = { ...first.player, bot_kind: orNull(first.player.bot_kind), owner: orNull(first.player.owner) };
  return { ...first, player, series, next_after: null };
}

// The record of the series a table just finished, among the series played there: the newest
// finished one with as many games and the same Seeger-Fabian scores per seat; null while it is not
// stored yet (an earlier series at the table is never taken for it).
// The table's totals count every game of a seat, the API's a player's own: added up again here.
export function recordedSeriesOf(series: SeriesItem[], scores: number[], games: number): SeriesItem | null {
  const same = series.filter(
    (s) =>
      s.status === 'finished' &&
      s.games_played === games &&
      s.seats.length === scores.length &&
      s.seats.every((seat, i) => seat.score + (seat.substitute?.score ?? 0) === scores[i]),
  );
  return same.reduce<SeriesItem | null>((best, s) => (!best || s.id > best.id ? s : best), null);
}

// The body of a new tournament with its seed written digit for digit: a 64-bit seed would be
// rounded as a JavaScript number.
export function tournamentBody(body: NewTournament): string {
  const { seed, ...rest } = body;
  const text = JSON.stringify(rest);
  return seed === undefined ? text : `${text.slice(0, -1)},"seed":${BigInt(seed).toString()}}`;
}

export const api = {
  leaderboard: (kind: string) => getJson<Leaderboard>(`/api/leaderboard?kind=${kind}`).then(normalLeaderboard),
  series: (f: SeriesFilter, after?: number, limit = 25) =>
    getJson<{ series: SeriesItem[]; next_after: number | null }>(`/api/series${filterQuery(f, { after, limit })}`),
  player: (id: number) => playerWithAllSeries(id),
  seriesGames: (id: number) => getJson<import('./replay').SeriesGames>(`/api/series/${id}/games`),
  // The series played at table `table` with `player` at one of the seats, oldest first.
  seriesAt: (table: number, player: number) =>
    getJson<{ series: SeriesItem[]; next_after: number | null }>(
      `/api/series?table=${table}&player=${player}&limit=1000`,
    ),
  gameAnalysis: (id: number, game: number) =>
    getJson<import('./analysis').GameAnalysis>(`/api/series/${id}/games/${game}/analysis`),
  oneSeries: (id: number) =>
    getJson<{ series: SeriesItem[]; next_after: number | null }>(`/api/series?after=${id - 1}&limit=1`).then(
      (r) => r.series.find((s) => s.id === id) ?? null,
    ),
  tournaments: () =>
    getJson<{ tournaments: TournamentItem[]; ladder?: LadderPace | null }>('/api/tournaments').then((r) => ({
      tournaments: r.tournaments.map(normalTournament),
      ladder: r.ladder ?? null,
    })),
  tournament: (id: number) => getJson<TournamentDetail>(`/api/tournaments/${id}`).then(normalTournament),
  // POST /api/admin/tournaments (docs/api.md, "Admin"): the new tournament's id.
  startTournament: async (body: NewTournament, adminToken: string): Promise<number> => {
    const r = await fetch('/api/admin/tournaments', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${adminToken}` },
      body: tournamentBody(body),
    });
    const j = await r.json().catch(() => ({}));
    if (r.status !== 201) throw new ApiError(r.status, j.error ?? `${r.status} ${r.statusText}`);
    return Number(j.id);
  },

  // The player's side (the session token of `welcome`).
  myBots: (token: string) => asPlayer<BotList>('GET', '/api/bots', token),
  createBot: (token: string, name: string, challenges?: Challenges) =>
    asPlayer<BotSecret>('POST', '/api/bots', token, challenges ? { name, challenges } : { name }, 201),
  updateBot: (token: string, id: number, change: { name?: string; challenges?: Challenges }) =>
    asPlayer<OwnBot>('PATCH', `/api/bots/${id}`, token, change),
  deleteBot: (token: string, id: number) =>
    asPlayer<{ deleted: number }>('DELETE', `/api/bots/${id}`, token).then((r) => Number(r.deleted)),
  newBotToken: (token: string, id: number) => asPlayer<BotSecret>('POST', `/api/bots/${id}/token`, token),
  // PUT /api/bots/ID/program: the bot's uploaded program, which the server plays as "sandbox:NAME".
  uploadProgram: (token: string, id: number, language: string, source: string) =>
    asPlayer<{ program: string; bytes: number }>('PUT', `/api/bots/${id}/program`, token, { language, source }),
  deleteProgram: (token: string, id: number) => asPlayer<unknown>('DELETE', `/api/bots/${id}/program`, token),
  // POST /api/tournaments/ID/cancel, by its starter (or the operator's token).
  cancelTournament: (token: string, id: number) =>
    asPlayer<{ id: number; status: string }>('POST', `/api/tournaments/${id}/cancel`, token),
  tournamentOptions: (token: string | null) =>
    asPlayer<TournamentOptions>('GET', '/api/tournaments/options', token).then((o) => ({
      house: o.house ?? [],
      bots: (o.bots ?? []).map((b) => ({ ...b, owner: orNull(b.owner), mine: b.mine === true })),
      limits: orNull(o.limits),
    })),
  // POST /api/tournaments: the new tournament's id and the SHA-256 of the seed the server drew.
  playerTournament: (token: string, body: PlayerTournament) =>
    asPlayer<{ id: number; seed_sha256: string }>('POST', '/api/tournaments', token, body, 201).then((r) => ({
      id: Number(r.id),
      seed_sha256: String(r.seed_sha256 ?? ''),
    })),
};

export function formatDate(ms: number | null): string {
  if (!ms) return '';
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
