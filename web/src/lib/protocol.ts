// The messages of the WebSocket protocol (docs/protocol.md) as types: `ServerMessage`, every message
// the server sends, and `ClientMessage`, every message a client may send, each a union discriminated
// by `type`. The server's code is the truth (the builders of protocol/ and the table events of
// server/table; the parser of protocol/ for client messages): tests/server/
// test_protocol_examples.cpp writes one example of every kind to web/test/protocolExamples.json,
// and web/test/protocolExamples.test.ts checks each against these types.
import type { GameType } from './cards';

// A card name: suit C S H D + rank A K Q J T 9 8 7 ("CJ", "HT").
export type Card = string;

export interface Declaration {
  game: GameType;
  hand: boolean;
  schneider: boolean;
  schwarz: boolean;
  ouvert: boolean;
}

// ---- the SeatView (§5): everything one position may know, positions of the deal ----

interface PlainAction<T extends string> {
  type: T;
  pos: number;
}
export interface BidAction extends PlainAction<'bid'> {
  value: number;
}
export interface DiscardAction extends PlainAction<'discard'> {
  cards: Card[];
}
export interface PlayAction extends PlainAction<'play'> {
  card: Card;
}
export interface DeclareAction extends PlainAction<'declare'>, Declaration {}
// An action as a SeatView lists it (`history`, `legal`).
export type SeatAction =
  | BidAction
  | PlainAction<'hold'>
  | PlainAction<'pass'>
  | PlainAction<'pickup'>
  | DiscardAction
  | DeclareAction
  | PlayAction
  | PlainAction<'concede'>
  | PlainAction<'kontra'>
  | PlainAction<'re'>;
// The same without its position: what the page sends back (an entry of `legal` or one it makes).
export type Move = SeatAction extends infer A ? (A extends SeatAction ? Omit<A, 'pos'> : never) : never;

export type SeatPhase = 'bidding' | 'skat' | 'discarding' | 'declaring' | 'playing' | 'finished';

export interface SeatView {
  pos: number;
  phase: SeatPhase;
  to_act: number; // −1: nobody
  hand: Card[];
  current_bid: number;
  bids: number[]; // per position
  declarer: number; // −1: none yet
  bid: number;
  picked_up: boolean;
  declaration: Declaration | null;
  skat: Card[];
  discard: Card[];
  ouvert_cards: Card[];
  history: SeatAction[];
  tricks: { cards: Card[]; leader: number; winner: number; points: number }[];
  current_trick: Card[];
  trick_leader: number;
  conceded: boolean[]; // per position
  legal: SeatAction[];
  kontra?: { by: number; re: boolean }; // a table with Kontra and Re: `by` the position that said it (−1: none yet)
}

// ---- server → client ----

// A player as table events name it (`kind`: a bot's program).
export interface Participant {
  id: number;
  name: string;
  bot: boolean;
  kind?: string;
}

export interface Welcome {
  type: 'welcome';
  protocol: number;
  player: { id: number; name: string; bot: boolean };
  token?: string; // a guest's session token (bots get none)
  node?: string; // several nodes: the one this connection reached
  nodes?: string[]; // several nodes: the live ones
}

export type ErrorCode =
  | 'bad_json'
  | 'too_large'
  | 'rate_limited'
  | 'unknown_type'
  | 'missing_field'
  | 'bad_field'
  | 'unknown_field'
  | 'not_authenticated'
  | 'auth_failed'
  | 'no_such_table'
  | 'not_seated'
  | 'seat_taken'
  | 'table_full'
  | 'already_seated'
  | 'series_running'
  | 'series_not_running'
  | 'not_ready'
  | 'not_your_turn'
  | 'illegal_action'
  | 'stale'
  | 'too_many_tables'
  | 'too_many_bots'
  | 'too_many_guests'
  | 'not_allowed'
  | 'other_node'
  | 'chat_limited'
  | 'chat_full'
  | 'internal';

export interface ErrorMessage {
  type: 'error';
  code: ErrorCode;
  message: string;
  id?: number; // the request's id, when it had one
  table?: number;
  node?: string; // other_node: the node that holds the table
}

export interface Pong {
  type: 'pong';
}

export interface LobbySeat {
  player: number;
  name: string;
  bot: boolean;
  connected: boolean;
}
export interface LobbyTable {
  table: number;
  event: string;
  deals: number;
  running: boolean;
  game: number; // games finished in the current series
  seats: (LobbySeat | null)[];
  spectators: number;
  node?: string; // several nodes: the node that holds the table
  private?: true; // a private table (listed only to its creator and players)
  kontra?: true; // the table plays with Kontra and Re
}
export interface LobbyPlayer {
  id: number;
  name: string;
  bot: boolean;
  table: number | null;
  level?: string; // a house bot's strength level: beginner, club or strongest
}
export interface LobbyMessage {
  type: 'lobby';
  tables: LobbyTable[];
  online: LobbyPlayer[];
}

export interface TableCreated {
  type: 'table_created';
  table: number;
  key?: string; // a private table's key: its link is #/table/ID/KEY
  id?: number; // the create_table request's id
}

// To a bot's connection: join that seat.
export interface Invite {
  type: 'invite';
  table: number;
  seat: number;
}

// To bots: the cluster's live nodes changed.
export interface Nodes {
  type: 'nodes';
  nodes: string[];
}

// To a bot account's connections: another player started a tournament against it (it may answer
// decline_challenge).
export interface ChallengeMessage {
  type: 'challenge';
  tournament: number;
  challenger: { id: number; name: string };
  side: 'a' | 'b';
  a: string;
  b: string;
  deals: number;
  seating: string;
  sprt: [number, number] | null;
}

export interface ValueRange {
  lowest: number;
  highest: number;
}
export interface DeclarationValueHint extends Declaration, ValueRange {}
export interface ActHints {
  values?: DeclarationValueHint[];
  concede?: ValueRange;
}

// The seat's turn (§5): not an event; `version` names the turn.
export interface ActRequest {
  type: 'act';
  table: number;
  game: number;
  version: number;
  seat: number;
  clock_ms: number;
  deadline: number;
  seed?: number; // tournament tables: the seed of the seat's player (may exceed 2^53)
  view: SeatView;
  hints?: ActHints;
}

export interface StateSeat extends Participant {
  connected: boolean;
  replacing?: Participant; // the human a replacement bot sits in for
}
// The full state after a resume whose events are no longer kept (§8).
export interface StateMessage {
  type: 'state';
  table: number;
  version: number;
  event: string;
  deals: number;
  kontra: boolean; // the table plays with Kontra and Re
  running: boolean;
  series: number; // −1 before the first series
  game: number; // −1 outside a game
  seats: (StateSeat | null)[];
  scores: number[];
  list: number[][];
  substitutes: boolean[][];
  doublings?: number[]; // a table with Kontra: per game of `list`, 1, 2 (Kontra) or 4 (Re)
  forehand: number | null; // null outside a game
  position: number | null; // a seat's position in the game; null for spectators and outside a game
  deadline: number | null;
  view: SeatView | null; // a seat's view, the spectators' view, or null outside a game
}

// ---- table events (§4): versioned, each audience its own redacted copy ----

interface TableEventBase<T extends string> {
  type: T;
  table: number;
  version: number;
  game: number; // −1 outside a game
}
interface SeatEvent<T extends string> extends TableEventBase<T> {
  seat: number;
}

export interface SeatedEvent extends SeatEvent<'seated'> {
  player: Participant;
}
export interface LeftEvent extends SeatEvent<'left'> {
  removed?: true; // the table's creator removed the player
}
export interface SeriesStartedEvent extends TableEventBase<'series_started'> {
  series: number;
  deals: number;
  seats: Participant[];
  by: number;
  kontra?: true; // the table plays with Kontra and Re
}
export interface GameStartedEvent extends TableEventBase<'game_started'> {
  forehand: number;
  position?: number; // seats only
  hand?: Card[]; // seats only: their own cards
}
export interface BidEvent extends SeatEvent<'bid'> {
  value: number;
}
export interface PickupEvent extends SeatEvent<'pickup'> {
  skat?: Card[]; // the declarer's copy
}
export interface DiscardEvent extends SeatEvent<'discard'> {
  cards?: Card[]; // the declarer's copy
}
export interface DeclareEvent extends SeatEvent<'declare'> {
  declaration: Declaration;
  ouvert_cards?: Card[]; // ouvert games
}
export interface PlayEvent extends SeatEvent<'play'> {
  card: Card;
  trick_winner?: number; // after a trick's third card
  trick_points?: number;
}

export type EndReason =
  'folded' | 'all_tricks' | 'null_trick_taken' | 'schwarz_broken' | 'declarer_conceded' | 'defenders_conceded';
export interface FoldedResult {
  folded: true;
}
export interface PlayedResult {
  folded: false;
  declarer: number; // seat
  declaration: Declaration;
  bid: number;
  won: boolean;
  value: number;
  matadors: number;
  levels: number;
  schneider: boolean;
  schwarz: boolean;
  overbid: boolean;
  list_entry: number;
  declarer_points: number;
  declarer_tricks: number;
  end: EndReason;
  doubling?: 2 | 4; // a doubled game: 2 after Kontra, 4 after Re (value and list_entry include it)
}
export type GameResult = FoldedResult | PlayedResult;

export interface GameResultEvent extends TableEventBase<'game_result'> {
  result: GameResult;
  points: number[];
  scores: number[];
  list: number[][];
  substitutes: boolean[][];
  doublings?: number[]; // a table with Kontra: per game of `list`, 1, 2 (Kontra) or 4 (Re)
  skat: Card[]; // the skat as dealt: the game is over, every card is open
  discard?: Card[]; // the two cards the declarer put (a hand game: the skat); absent when folded
}
export interface SeriesFinishedEvent extends TableEventBase<'series_finished'> {
  series: number;
  scores: { score: number; won: number; lost: number }[];
  list: number[][];
  substitutes: boolean[][];
  doublings?: number[]; // a table with Kontra: per game of `list`, 1, 2 (Kontra) or 4 (Re)
  abandoned?: true; // every human of it had gone
}
export interface ChatEvent extends SeatEvent<'chat'> {
  name: string;
  text: string;
}
export interface DisconnectedEvent extends SeatEvent<'disconnected'> {
  grace_until: number;
  timeouts?: number; // the table made this many of the seat's moves in a row: the person counts as gone
}
export interface ReplacingEvent extends SeatEvent<'replacing'> {
  kind: string;
}
export interface ReplacedEvent extends SeatEvent<'replaced'> {
  player: Participant; // the bot
  previous?: Participant;
}
export interface ReturnedEvent extends SeatEvent<'returned'> {
  player: Participant;
}
export interface SeriesResumedEvent extends TableEventBase<'series_resumed'> {
  series: number;
  deals: number;
  seats: Participant[];
  next_game: number;
  scores: number[];
  list: number[][];
  substitutes: boolean[][];
  doublings?: number[]; // a table with Kontra: per game of `list`, 1, 2 (Kontra) or 4 (Re)
  grace_until: number;
  kontra?: true; // the table plays with Kontra and Re
}

export type TableEvent =
  | SeatedEvent
  | LeftEvent
  | SeriesStartedEvent
  | GameStartedEvent
  | BidEvent
  | SeatEvent<'hold'>
  | SeatEvent<'pass'>
  | PickupEvent
  | DiscardEvent
  | DeclareEvent
  | PlayEvent
  | SeatEvent<'concede'>
  | SeatEvent<'kontra'>
  | SeatEvent<'re'>
  | SeatEvent<'timeout'>
  | GameResultEvent
  | SeriesFinishedEvent
  | ChatEvent
  | DisconnectedEvent
  | SeatEvent<'reconnected'>
  | ReplacingEvent
  | ReplacedEvent
  | ReturnedEvent
  | SeriesResumedEvent;

export type ServerMessage =
  | Welcome
  | ErrorMessage
  | Pong
  | LobbyMessage
  | TableCreated
  | Invite
  | Nodes
  | ChallengeMessage
  | ActRequest
  | StateMessage
  | TableEvent;

// ---- client → server (every message may carry a request id, echoed by its errors) ----

interface Request<T extends string> {
  type: T;
  id?: number;
}
interface TableRequest<T extends string> extends Request<T> {
  table: number;
}

export interface Hello extends Request<'hello'> {
  protocol: 1;
  name: string;
  token?: string;
  bot?: boolean;
  kind?: string; // house bots: the program they run
  hints?: boolean; // act requests with hints
  seats?: number; // bots: seats played at once
}
export interface CreateTable extends Request<'create_table'> {
  deals?: number;
  event?: string;
  private?: boolean;
  kontra?: boolean;
}
export interface AddBot extends TableRequest<'add_bot'> {
  seat: number;
  bot?: string; // a bot kind or name; none: any free bot
}
// A bot account declines a tournament it was challenged to (bots only; the web client sends none).
export interface DeclineChallenge extends Request<'decline_challenge'> {
  tournament: number;
}
export interface JoinTable extends TableRequest<'join_table'> {
  seat?: number; // none: the first free seat
  key?: string; // a private table's (from its link)
}
export interface WatchTable extends TableRequest<'watch_table'> {
  key?: string; // a private table's (from its link)
}
export interface Resume extends TableRequest<'resume'> {
  version: number;
}
export interface RemovePlayer extends TableRequest<'remove_player'> {
  seat: number;
}
export interface Chat extends TableRequest<'chat'> {
  text: string;
}
// After each game the seat's clock waits for its `ready` (at most the server's bound), §7.
export interface ResultWait extends TableRequest<'result_wait'> {
  until_ready: boolean;
}
// The player has seen the last result and goes on to `game` (0-based): its clock there may start.
export interface Ready extends TableRequest<'ready'> {
  game: number;
}

// A move (§5); `version`: the act request it answers.
interface Command<T extends string> extends TableRequest<T> {
  version?: number;
}
export interface BidCommand extends Command<'bid'> {
  value: number;
}
export interface DiscardCommand extends Command<'discard'> {
  cards: Card[];
}
export interface PlayCommand extends Command<'play'> {
  card: Card;
}
export interface DeclareCommand extends Command<'declare'> {
  game: GameType;
  hand?: boolean;
  schneider?: boolean;
  schwarz?: boolean;
  ouvert?: boolean;
}
export type GameCommand =
  | BidCommand
  | Command<'hold'>
  | Command<'pass'>
  | Command<'pickup'>
  | DiscardCommand
  | DeclareCommand
  | PlayCommand
  | Command<'concede'>
  | Command<'kontra'>
  | Command<'re'>;

export type ClientMessage =
  | Hello
  | Request<'ping'>
  | Request<'lobby'>
  | CreateTable
  | AddBot
  | DeclineChallenge
  | JoinTable
  | TableRequest<'leave_table'>
  | WatchTable
  | TableRequest<'start_series'>
  | Resume
  | RemovePlayer
  | Chat
  | ResultWait
  | Ready
  | GameCommand;

// The command for a move at a table: its position dropped (the seat is the connection's), the act
// request's version added when there is one.
export function commandOf(move: Move | SeatAction, table: number, version?: number): GameCommand {
  const command: GameCommand & { pos?: number } = { ...move, table };
  delete command.pos;
  if (version !== undefined) command.version = version;
  return command;
}
