// Runtime checks of protocol messages tied to their TypeScript types (src/lib/protocol.ts), for the
// test of the server's own examples. Each check is declared for exactly one type: `object<T>`
// needs a check for every field of T (optional fields through `optional`, required ones not) and
// no other, and a check of a field must be of the field's exact type, so `npm run typecheck` fails
// when a type and its check disagree; at run time a check reports unknown, missing and mistyped
// fields. `serverChecks` and `clientChecks` hold one check per `type` of each union.
import type {
  ActHints,
  ActRequest,
  BidAction,
  ClientMessage,
  Declaration,
  DeclarationValueHint,
  DeclareAction,
  DiscardAction,
  ErrorCode,
  GameResult,
  LobbyPlayer,
  LobbySeat,
  LobbyTable,
  Participant,
  PlayAction,
  SeatAction,
  SeatView,
  ServerMessage,
  StateSeat,
  ValueRange,
} from '../src/lib/protocol';

// The problems found in `value` (none when it conforms); `type` only ties the check to T.
export interface Check<T> {
  (value: unknown, path: string): string[];
  readonly type?: (x: T) => T;
}
interface Optional<T> extends Check<T> {
  readonly optional: true;
}

type OptionalKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? K : never }[keyof T];
type RequiredKeys<T> = Exclude<keyof T, OptionalKeys<T>>;
type Shape<T> = { [K in RequiredKeys<T>]-?: Check<T[K]> & { readonly optional?: undefined } } & {
  [K in OptionalKeys<T>]-?: Optional<Exclude<T[K], undefined>>;
};
type Checked<C> = C extends Check<infer T> ? T : never;

const show = (v: unknown) => JSON.stringify(v) ?? String(v);
const fail = (path: string, want: string, v: unknown) => [`${path}: expected ${want}, got ${show(v)}`];

export const int: Check<number> = (v, p) => (Number.isSafeInteger(v) ? [] : fail(p, 'an integer', v));
// Integers beyond 2^53 (a tournament's seeds) arrive rounded but are still whole numbers.
export const bigInt: Check<number> = (v, p) => (Number.isInteger(v) ? [] : fail(p, 'an integer', v));
export const num: Check<number> = (v, p) => (Number.isFinite(v) ? [] : fail(p, 'a number', v));
export const str: Check<string> = (v, p) => (typeof v === 'string' ? [] : fail(p, 'a string', v));
export const bool: Check<boolean> = (v, p) => (typeof v === 'boolean' ? [] : fail(p, 'true or false', v));
export const card: Check<string> = (v, p) =>
  typeof v === 'string' && /^[CSHD][AKQJT987]$/.test(v) ? [] : fail(p, 'a card name', v);

export function literal<const L extends string | number | boolean>(l: L): Check<L> {
  return (v, p) => (v === l ? [] : fail(p, show(l), v));
}

export function oneOf<const L extends readonly string[]>(...ls: L): Check<L[number]> {
  return (v, p) => (ls.includes(v as string) ? [] : fail(p, `one of ${ls.join(' ')}`, v));
}

export function nullable<T>(c: Check<T>): Check<T | null> {
  return (v, p) => (v === null ? [] : c(v, p));
}

export function optional<T>(c: Check<T>): Optional<T> {
  return Object.assign((v: unknown, p: string) => c(v, p), { optional: true as const });
}

export function array<T>(c: Check<T>): Check<T[]> {
  return (v, p) => (Array.isArray(v) ? v.flatMap((x, i) => c(x, `${p}[${i}]`)) : fail(p, 'a list', v));
}

export function object<T>(shape: Shape<T>): Check<T> {
  const fields = shape as Record<string, Check<unknown> & { optional?: boolean }>;
  return (v, p) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return fail(p, 'an object', v);
    const o = v as Record<string, unknown>;
    const problems = Object.keys(o)
      .filter((k) => !(k in fields))
      .map((k) => `${p}.${k}: unknown field`);
    for (const [k, c] of Object.entries(fields)) {
      if (k in o) problems.push(...c(o[k], `${p}.${k}`));
      else if (!c.optional) problems.push(`${p}.${k}: missing`);
    }
    return problems;
  };
}

// One of several checks (the problems of each when none fits).
export function union<const C extends readonly Check<any>[]>(...cs: C): Check<Checked<C[number]>> {
  return (v, p) => {
    const each = cs.map((c) => c(v, p));
    return each.some((x) => x.length === 0) ? [] : [`${p}: fits no variant: ${each.map((x) => x[0]).join(' | ')}`];
  };
}

// ---- shared parts ----

const game = oneOf('C', 'S', 'H', 'D', 'G', 'N');
const declarationFields = { game, hand: bool, schneider: bool, schwarz: bool, ouvert: bool };
const declaration = object<Declaration>(declarationFields);
const participant = object<Participant>({ id: int, name: str, bot: bool, kind: optional(str) });
const seats = array(participant);
const list = array(array(int));
const substitutes = array(array(bool));
const base = { table: int, version: int, game: int };

const plain = <T extends 'hold' | 'pass' | 'pickup' | 'concede' | 'kontra' | 're'>(t: T) =>
  object<{ type: T; pos: number }>({ type: literal(t), pos: int });
const seatAction: Check<SeatAction> = union(
  object<BidAction>({ type: literal('bid'), pos: int, value: int }),
  plain('hold'),
  plain('pass'),
  plain('pickup'),
  object<DiscardAction>({ type: literal('discard'), pos: int, cards: array(card) }),
  object<DeclareAction>({ type: literal('declare'), pos: int, ...declarationFields }),
  object<PlayAction>({ type: literal('play'), pos: int, card }),
  plain('concede'),
  plain('kontra'),
  plain('re'),
);

const seatView = object<SeatView>({
  pos: int,
  phase: oneOf('bidding', 'skat', 'discarding', 'declaring', 'playing', 'finished'),
  to_act: int,
  hand: array(card),
  current_bid: int,
  bids: array(int),
  declarer: int,
  bid: int,
  picked_up: bool,
  declaration: nullable(declaration),
  skat: array(card),
  discard: array(card),
  ouvert_cards: array(card),
  history: array(seatAction),
  tricks: array(object<SeatView['tricks'][number]>({ cards: array(card), leader: int, winner: int, points: int })),
  kontra: optional(object<NonNullable<SeatView['kontra']>>({ by: int, re: bool })),
  current_trick: array(card),
  trick_leader: int,
  conceded: array(bool),
  legal: array(seatAction),
});

const range = { lowest: int, highest: int };
const hints = object<ActHints>({
  values: optional(array(object<DeclarationValueHint>({ ...declarationFields, ...range }))),
  concede: optional(object<ValueRange>(range)),
});

export const errorCodes = [
  'bad_json',
  'too_large',
  'rate_limited',
  'unknown_type',
  'missing_field',
  'bad_field',
  'unknown_field',
  'not_authenticated',
  'auth_failed',
  'no_such_table',
  'not_seated',
  'seat_taken',
  'table_full',
  'already_seated',
  'series_running',
  'series_not_running',
  'not_ready',
  'not_your_turn',
  'illegal_action',
  'stale',
  'too_many_tables',
  'too_many_bots',
  'too_many_guests',
  'not_allowed',
  'other_node',
  'chat_limited',
  'chat_full',
  'internal',
] as const;
const errorCode: Check<ErrorCode> = oneOf(...errorCodes);

const gameResult: Check<GameResult> = union(
  object<{ folded: true }>({ folded: literal(true) }),
  object<Extract<GameResult, { folded: false }>>({
    folded: literal(false),
    declarer: int,
    declaration,
    bid: int,
    won: bool,
    value: int,
    matadors: int,
    levels: int,
    schneider: bool,
    schwarz: bool,
    overbid: bool,
    list_entry: int,
    declarer_points: int,
    declarer_tricks: int,
    end: oneOf('folded', 'all_tricks', 'null_trick_taken', 'schwarz_broken', 'declarer_conceded', 'defenders_conceded'),
    doubling: optional(union(literal(2), literal(4))),
  }),
);

type ByType<U extends { type: string }> = { [K in U['type']]: Check<Extract<U, { type: K }>> };
type Of<U extends { type: string }, K extends U['type']> = Extract<U, { type: K }>;
type S<K extends ServerMessage['type']> = Of<ServerMessage, K>;
type C<K extends ClientMessage['type']> = Of<ClientMessage, K>;

const seatEvent = <K extends ServerMessage['type']>(type: K) =>
  object<{ type: K; table: number; version: number; game: number; seat: number }>({
    type: literal(type),
    ...base,
    seat: int,
  });

// One check per `type` the server sends: a type missing here, or one more, does not compile.
export const serverChecks: ByType<ServerMessage> = {
  welcome: object<S<'welcome'>>({
    type: literal('welcome'),
    protocol: int,
    player: object<S<'welcome'>['player']>({ id: int, name: str, bot: bool }),
    token: optional(str),
    node: optional(str),
    nodes: optional(array(str)),
  }),
  error: object<S<'error'>>({
    type: literal('error'),
    code: errorCode,
    message: str,
    id: optional(int),
    table: optional(int),
    node: optional(str),
  }),
  pong: object<S<'pong'>>({ type: literal('pong') }),
  lobby: object<S<'lobby'>>({
    type: literal('lobby'),
    tables: array(
      object<LobbyTable>({
        table: int,
        event: str,
        deals: int,
        running: bool,
        game: int,
        seats: array(nullable(object<LobbySeat>({ player: int, name: str, bot: bool, connected: bool }))),
        spectators: int,
        node: optional(str),
        private: optional(literal(true)),
        kontra: optional(literal(true)),
      }),
    ),
    online: array(object<LobbyPlayer>({ id: int, name: str, bot: bool, table: nullable(int), level: optional(str) })),
  }),
  table_created: object<S<'table_created'>>({
    type: literal('table_created'),
    table: int,
    key: optional(str),
    id: optional(int),
  }),
  invite: object<S<'invite'>>({ type: literal('invite'), table: int, seat: int }),
  nodes: object<S<'nodes'>>({ type: literal('nodes'), nodes: array(str) }),
  challenge: object<S<'challenge'>>({
    type: literal('challenge'),
    tournament: int,
    challenger: object<S<'challenge'>['challenger']>({ id: int, name: str }),
    side: oneOf('a', 'b'),
    a: str,
    b: str,
    deals: int,
    seating: str,
    sprt: nullable(array(num) as unknown as Check<[number, number]>),
  }),
  act: object<ActRequest>({
    type: literal('act'),
    ...base,
    seat: int,
    clock_ms: int,
    deadline: int,
    seed: optional(bigInt),
    view: seatView,
    hints: optional(hints),
  }),
  state: object<S<'state'>>({
    type: literal('state'),
    table: int,
    version: int,
    event: str,
    deals: int,
    kontra: bool,
    running: bool,
    series: int,
    game: int,
    seats: array(
      nullable(
        object<StateSeat>({
          id: int,
          name: str,
          bot: bool,
          kind: optional(str),
          connected: bool,
          replacing: optional(participant),
        }),
      ),
    ),
    scores: array(int),
    list,
    substitutes,
    doublings: optional(array(int)),
    forehand: nullable(int),
    position: nullable(int),
    deadline: nullable(int),
    view: nullable(seatView),
  }),
  seated: object<S<'seated'>>({ type: literal('seated'), ...base, seat: int, player: participant }),
  left: object<S<'left'>>({ type: literal('left'), ...base, seat: int, removed: optional(literal(true)) }),
  series_started: object<S<'series_started'>>({
    type: literal('series_started'),
    ...base,
    series: int,
    deals: int,
    seats,
    by: int,
    kontra: optional(literal(true)),
  }),
  game_started: object<S<'game_started'>>({
    type: literal('game_started'),
    ...base,
    forehand: int,
    position: optional(int),
    hand: optional(array(card)),
  }),
  bid: object<S<'bid'>>({ type: literal('bid'), ...base, seat: int, value: int }),
  hold: seatEvent('hold'),
  pass: seatEvent('pass'),
  pickup: object<S<'pickup'>>({ type: literal('pickup'), ...base, seat: int, skat: optional(array(card)) }),
  discard: object<S<'discard'>>({ type: literal('discard'), ...base, seat: int, cards: optional(array(card)) }),
  declare: object<S<'declare'>>({
    type: literal('declare'),
    ...base,
    seat: int,
    declaration,
    ouvert_cards: optional(array(card)),
  }),
  play: object<S<'play'>>({
    type: literal('play'),
    ...base,
    seat: int,
    card,
    trick_winner: optional(int),
    trick_points: optional(int),
  }),
  concede: seatEvent('concede'),
  kontra: seatEvent('kontra'),
  re: seatEvent('re'),
  timeout: seatEvent('timeout'),
  game_result: object<S<'game_result'>>({
    type: literal('game_result'),
    ...base,
    result: gameResult,
    points: array(int),
    scores: array(int),
    list,
    substitutes,
    skat: array(card),
    discard: optional(array(card)),
    doublings: optional(array(int)),
  }),
  series_finished: object<S<'series_finished'>>({
    type: literal('series_finished'),
    ...base,
    series: int,
    scores: array(object<S<'series_finished'>['scores'][number]>({ score: int, won: int, lost: int })),
    list,
    substitutes,
    abandoned: optional(literal(true)),
    doublings: optional(array(int)),
  }),
  chat: object<S<'chat'>>({ type: literal('chat'), ...base, seat: int, name: str, text: str }),
  disconnected: object<S<'disconnected'>>({
    type: literal('disconnected'),
    ...base,
    seat: int,
    grace_until: int,
    timeouts: optional(int),
  }),
  reconnected: seatEvent('reconnected'),
  replacing: object<S<'replacing'>>({ type: literal('replacing'), ...base, seat: int, kind: str }),
  replaced: object<S<'replaced'>>({
    type: literal('replaced'),
    ...base,
    seat: int,
    player: participant,
    previous: optional(participant),
  }),
  returned: object<S<'returned'>>({ type: literal('returned'), ...base, seat: int, player: participant }),
  series_resumed: object<S<'series_resumed'>>({
    type: literal('series_resumed'),
    ...base,
    series: int,
    deals: int,
    seats,
    next_game: int,
    scores: array(int),
    list,
    substitutes,
    grace_until: int,
    doublings: optional(array(int)),
    kontra: optional(literal(true)),
  }),
};

const request = <K extends ClientMessage['type']>(type: K) =>
  object<{ type: K; id?: number }>({ type: literal(type), id: optional(int) });
const tableRequest = <K extends ClientMessage['type']>(type: K) =>
  object<{ type: K; id?: number; table: number }>({ type: literal(type), id: optional(int), table: int });
const command = <K extends ClientMessage['type']>(type: K) =>
  object<{ type: K; id?: number; table: number; version?: number }>({
    type: literal(type),
    id: optional(int),
    table: int,
    version: optional(int),
  });
const commandFields = { id: optional(int), table: int, version: optional(int) };

// One check per `type` a client sends.
export const clientChecks: ByType<ClientMessage> = {
  hello: object<C<'hello'>>({
    type: literal('hello'),
    id: optional(int),
    protocol: literal(1),
    name: str,
    token: optional(str),
    bot: optional(bool),
    kind: optional(str),
    hints: optional(bool),
    seats: optional(int),
  }),
  ping: request('ping'),
  lobby: request('lobby'),
  create_table: object<C<'create_table'>>({
    type: literal('create_table'),
    id: optional(int),
    deals: optional(int),
    event: optional(str),
    private: optional(bool),
    kontra: optional(bool),
  }),
  decline_challenge: object<C<'decline_challenge'>>({
    type: literal('decline_challenge'),
    id: optional(int),
    tournament: int,
  }),
  add_bot: object<C<'add_bot'>>({
    type: literal('add_bot'),
    id: optional(int),
    table: int,
    seat: int,
    bot: optional(str),
  }),
  join_table: object<C<'join_table'>>({
    type: literal('join_table'),
    id: optional(int),
    table: int,
    seat: optional(int),
    key: optional(str),
  }),
  leave_table: tableRequest('leave_table'),
  watch_table: object<C<'watch_table'>>({
    type: literal('watch_table'),
    id: optional(int),
    table: int,
    key: optional(str),
  }),
  start_series: tableRequest('start_series'),
  resume: object<C<'resume'>>({ type: literal('resume'), id: optional(int), table: int, version: int }),
  remove_player: object<C<'remove_player'>>({
    type: literal('remove_player'),
    id: optional(int),
    table: int,
    seat: int,
  }),
  chat: object<C<'chat'>>({ type: literal('chat'), id: optional(int), table: int, text: str }),
  result_wait: object<C<'result_wait'>>({
    type: literal('result_wait'),
    id: optional(int),
    table: int,
    until_ready: bool,
  }),
  ready: object<C<'ready'>>({ type: literal('ready'), id: optional(int), table: int, game: int }),
  bid: object<C<'bid'>>({ type: literal('bid'), ...commandFields, value: int }),
  hold: command('hold'),
  pass: command('pass'),
  pickup: command('pickup'),
  discard: object<C<'discard'>>({ type: literal('discard'), ...commandFields, cards: array(card) }),
  declare: object<C<'declare'>>({
    type: literal('declare'),
    ...commandFields,
    game,
    hand: optional(bool),
    schneider: optional(bool),
    schwarz: optional(bool),
    ouvert: optional(bool),
  }),
  play: object<C<'play'>>({ type: literal('play'), ...commandFields, card }),
  concede: command('concede'),
  kontra: command('kontra'),
  re: command('re'),
};
