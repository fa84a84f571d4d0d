import { describe, expect, it } from 'vitest';
import { endsTurn, isCurrentTurn } from '../src/lib/turn';

describe('turn', () => {
  const act = { table: 9, version: 12, seat: 1 };
  it('a request stays answerable after events that are not moves', () => {
    expect(isCurrentTurn(act, { table: 9, version: 12 })).toBe(true);
    expect(isCurrentTurn(act, { table: 9, version: 15 })).toBe(true); // chat came in since
    expect(isCurrentTurn(act, { table: 9, version: 11 })).toBe(false); // events still missing
    expect(isCurrentTurn(act, { table: 8, version: 12 })).toBe(false);
  });
  it('moves, timeouts and the seat changing hands end it; chat and others do not', () => {
    expect(endsTurn({ type: 'chat', version: 13, seat: 0 }, act)).toBe(false);
    expect(endsTurn({ type: 'disconnected', version: 13, seat: 1 }, act)).toBe(false);
    expect(endsTurn({ type: 'concede', version: 13, seat: 2 }, act)).toBe(false);
    expect(endsTurn({ type: 'concede', version: 13, seat: 1 }, act)).toBe(true);
    expect(endsTurn({ type: 'play', version: 13, seat: 1 }, act)).toBe(true);
    expect(endsTurn({ type: 'timeout', version: 13, seat: 1 }, act)).toBe(true);
    expect(endsTurn({ type: 'replaced', version: 13, seat: 1 }, act)).toBe(true);
    expect(endsTurn({ type: 'replaced', version: 13, seat: 2 }, act)).toBe(false);
    expect(endsTurn({ type: 'play', version: 12, seat: 1 }, act)).toBe(false); // the move before the request
  });
});
