// The server's own examples of every protocol message (protocolExamples.json, written by
// tests/server/test_protocol_examples.cpp from the server's builders and parser) against the types
// of src/lib/protocol.ts: each example must pass the check of its `type` (protocolSchema.ts, whose
// checks are tied to the types at compile time), and the examples and the unions must name the
// same set of types.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ClientMessage, ServerMessage } from '../src/lib/protocol';
import { clientChecks, errorCodes, serverChecks, type Check } from './protocolSchema';

interface Fixture {
  server: unknown[];
  client: unknown[];
  error_codes: string[]; // every code an error message may carry
}
const fixture = JSON.parse(readFileSync(new URL('./protocolExamples.json', import.meta.url), 'utf8')) as Fixture;

const typeOf = (m: unknown) => (typeof m === 'object' && m !== null ? (m as { type?: unknown }).type : undefined);

// The problems of each example, by index: an unknown `type` is one.
function problems(examples: unknown[], checks: Record<string, Check<unknown>>): string[] {
  return examples.flatMap((m, i) => {
    const type = typeOf(m);
    const check = typeof type === 'string' && Object.hasOwn(checks, type) ? checks[type] : undefined;
    return check ? check(m, `#${i} ${String(type)}`) : [`#${i}: no type ${JSON.stringify(type)} in the union`];
  });
}

// A compile-time exhaustive switch: a type added to the union without a case here, or a case for a
// type the union lacks, does not compile.
function direction(m: ServerMessage): 'table' | 'connection' | 'lobby' {
  switch (m.type) {
    case 'welcome':
    case 'error':
    case 'pong':
    case 'nodes':
    case 'challenge':
      return 'connection';
    case 'lobby':
    case 'table_created':
    case 'invite':
      return 'lobby';
    case 'act':
    case 'state':
    case 'seated':
    case 'left':
    case 'series_started':
    case 'game_started':
    case 'bid':
    case 'hold':
    case 'pass':
    case 'pickup':
    case 'discard':
    case 'declare':
    case 'play':
    case 'concede':
    case 'kontra':
    case 're':
    case 'timeout':
    case 'game_result':
    case 'series_finished':
    case 'chat':
    case 'disconnected':
    case 'reconnected':
    case 'replacing':
    case 'replaced':
    case 'returned':
    case 'series_resumed':
      return 'table';
    default: {
      const missing: never = m;
      throw new Error(`unhandled message ${JSON.stringify(missing)}`);
    }
  }
}

describe("the server's protocol examples", () => {
  it('every server example conforms to ServerMessage', () => {
    expect(fixture.server.length).toBeGreaterThan(0);
    expect(problems(fixture.server, serverChecks as Record<string, Check<unknown>>)).toEqual([]);
  });

  it('every client example conforms to ClientMessage', () => {
    expect(fixture.client.length).toBeGreaterThan(0);
    expect(problems(fixture.client, clientChecks as Record<string, Check<unknown>>)).toEqual([]);
  });

  it('the examples and the unions name the same types', () => {
    const types = (list: unknown[]) => [...new Set(list.map((m) => String(typeOf(m))))].sort();
    expect(types(fixture.server)).toEqual(Object.keys(serverChecks).sort());
    expect(types(fixture.client)).toEqual(Object.keys(clientChecks).sort());
  });

  it('the error codes are those of ErrorCode', () => {
    expect([...fixture.error_codes].sort()).toEqual([...errorCodes].sort());
  });

  it('table messages carry their table', () => {
    for (const m of fixture.server as ServerMessage[])
      if (direction(m) === 'table') expect(m, JSON.stringify(m)).toHaveProperty('table');
  });
});

// A check fails on what the server would send after a renamed field, a new one or another type.
describe('the checks', () => {
  const pong = { type: 'pong' };
  const invite = { type: 'invite', table: 7, seat: 2 };
  it('refuse renamed, unknown, missing and mistyped fields', () => {
    expect(problems([invite], serverChecks as Record<string, Check<unknown>>)).toEqual([]);
    expect(problems([{ type: 'invite', table: 7, chair: 2 }], serverChecks as Record<string, Check<unknown>>)).toEqual([
      '#0 invite.chair: unknown field',
      '#0 invite.seat: missing',
    ]);
    expect(problems([{ ...invite, seat: '2' }], serverChecks as Record<string, Check<unknown>>)).toEqual([
      '#0 invite.seat: expected an integer, got "2"',
    ]);
    expect(problems([{ ...pong, type: 'pongs' }], serverChecks as Record<string, Check<unknown>>)).toEqual([
      '#0: no type "pongs" in the union',
    ]);
  });
  it('accept a client message only of a type the client sends', () => {
    const checks = clientChecks as Record<string, Check<unknown>>;
    expect(problems([{ type: 'ping' } satisfies ClientMessage], checks)).toEqual([]);
    expect(problems([{ type: 'pong' }], checks)).toEqual(['#0: no type "pong" in the union']);
  });
});
