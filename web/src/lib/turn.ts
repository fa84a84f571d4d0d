// Which table events end a pending act request (docs/protocol.md §5). A move, a timeout, a game or
// series boundary, or the requested seat changing hands ends it; chat, presence (disconnected,
// reconnected, replacing), seating and another seat's concession vote do not, so the panel for
// the decision stays up while others talk.
export interface PendingTurn {
  version: number;
  seat: number;
}

const TURN_ENDING = new Set([
  'bid',
  'hold',
  'pass',
  'pickup',
  'discard',
  'declare',
  'play',
  'timeout',
  'game_started',
  'game_result',
  'series_started',
  'series_finished',
  'series_resumed',
]);
const SEAT_CHANGES = new Set(['replaced', 'returned', 'left']);

// Whether a pending request can be answered now: for this table, and every event up to the turn it
// names applied (later events that did not end the turn may have been applied since).
export function isCurrentTurn(
  turn: PendingTurn & { table: number },
  table: { table: number; version: number },
): boolean {
  return turn.table === table.table && turn.version <= table.version;
}

// The act request the page can answer now (the one TableView shows its panel for), or null.
export function currentAct<A extends PendingTurn & { table: number }>(
  act: A | null,
  table: { table: number; version: number } | null,
): A | null {
  return act && table && isCurrentTurn(act, table) ? act : null;
}

export function endsTurn(event: { type?: unknown; version?: unknown; seat?: unknown }, turn: PendingTurn): boolean {
  if (typeof event.version === 'number' && event.version <= turn.version) return false;
  const type = String(event.type);
  if (TURN_ENDING.has(type)) return true;
  if (type === 'concede' || SEAT_CHANGES.has(type)) return event.seat === turn.seat;
  return false;
}
