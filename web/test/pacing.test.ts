import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_PACE,
  dwellAfter,
  NO_PACE,
  PacedDisplay,
  spectatorPace,
  SPECTATOR_RESULT_MS,
  type Pace,
} from '../src/lib/pacing';
import { fakeSession, MemStore, type FakeSocket } from './fakeSession';
import type { TableEvent } from '../src/lib/protocol';

// An event with only the fields the display looks at.
const ev = (m: Record<string, unknown>) => m as unknown as TableEvent;
// The fields of a game_result after a game nobody declared.
const folded = {
  result: { folded: true },
  points: [0, 0, 0],
  scores: [0, 0, 0],
  list: [[0, 0, 0]],
  substitutes: [[false, false, false]],
};
const play = (version: number, seat: number, card: string, winner?: number): TableEvent => ({
  type: 'play',
  table: 9,
  version,
  game: 0,
  seat,
  card,
  ...(winner === undefined ? {} : { trick_winner: winner, trick_points: 10 }),
});

describe('dwellAfter', () => {
  it('pauses after a card, longer on a completed trick, and at the end of a game until a click', () => {
    expect(dwellAfter(play(1, 0, 'CA'), DEFAULT_PACE)).toEqual({ kind: 'card', ms: 700 });
    expect(dwellAfter(play(1, 0, 'CA', 2), DEFAULT_PACE)).toEqual({ kind: 'trick', ms: 1500 });
    expect(dwellAfter(ev({ type: 'bid', value: 18 }), DEFAULT_PACE)).toEqual({ kind: 'card', ms: 350 });
    expect(dwellAfter(ev({ type: 'game_result' }), DEFAULT_PACE)).toEqual({ kind: 'result', ms: null });
    expect(dwellAfter(ev({ type: 'game_result' }), { ...DEFAULT_PACE, resultMs: 10000 })).toEqual({
      kind: 'result',
      ms: 10000,
    });
    for (const type of ['chat', 'seated', 'game_started', 'timeout'])
      expect(dwellAfter(ev({ type }), DEFAULT_PACE)).toBeNull();
    for (const e of [play(1, 0, 'CA'), play(1, 0, 'CA', 1), ev({ type: 'game_result' }), ev({ type: 'bid' })])
      expect(dwellAfter(e, NO_PACE)).toBeNull();
  });
});

describe('spectatorPace', () => {
  it("waits a while on a game's result instead of waiting for a click, and keeps a chosen countdown", () => {
    expect(spectatorPace(DEFAULT_PACE)).toEqual({ ...DEFAULT_PACE, resultMs: SPECTATOR_RESULT_MS });
    expect(spectatorPace({ ...DEFAULT_PACE, resultMs: 3000 }).resultMs).toBe(3000);
    expect(spectatorPace(NO_PACE)).toEqual(NO_PACE);
  });
});

describe('PacedDisplay', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows a burst one event after another, pauses on the trick, and a skip goes on at once', () => {
    const shown: number[] = [];
    const dwells: (string | null)[] = [];
    const d = new PacedDisplay(
      (ev) => shown.push(ev.version),
      () => DEFAULT_PACE,
      (dw) => dwells.push(dw?.kind ?? null),
    );
    d.push(play(1, 0, 'CA'));
    d.push(play(2, 1, 'C7'));
    d.push(play(3, 2, 'CK', 0));
    d.push(play(4, 0, 'SA'));
    expect(shown).toEqual([1]);
    vi.advanceTimersByTime(699);
    expect(shown).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual([1, 2]);
    vi.advanceTimersByTime(700);
    expect(shown).toEqual([1, 2, 3]);
    expect(d.dwell?.kind).toBe('trick');
    vi.advanceTimersByTime(1000);
    expect(shown).toEqual([1, 2, 3]);
    d.skip();
    expect(shown).toEqual([1, 2, 3, 4]);
    expect(dwells).toEqual(['card', null, 'card', null, 'trick', null, 'card']);
    d.flush();
    expect(d.dwell).toBeNull();
  });

  it('waits at the end of a game until skipped when the pace says so, even for instant pushes', () => {
    const shown: string[] = [];
    const d = new PacedDisplay(
      (ev) => shown.push(ev.type),
      () => DEFAULT_PACE,
      () => {},
    );
    d.push(ev({ type: 'game_result', version: 1 }));
    d.push(ev({ type: 'game_started', version: 2 }));
    vi.advanceTimersByTime(600000);
    expect(shown).toEqual(['game_result']);
    expect(d.dwell).toEqual({ kind: 'result', until: null });
    // a catch-up does not carry the player past the game's end
    d.push(ev({ type: 'bid', version: 3 }), true);
    expect(shown).toEqual(['game_result']);
    expect(d.dwell).toEqual({ kind: 'result', until: null });
    d.skip();
    expect(shown).toEqual(['game_result', 'game_started', 'bid']);
    // the player's own turn can wait no longer: everything is shown
    d.push(ev({ type: 'game_result', version: 4 }));
    d.push(ev({ type: 'game_started', version: 5 }));
    d.flush();
    expect(shown).toEqual(['game_result', 'game_started', 'bid', 'game_result', 'game_started']);
    expect(d.dwell).toBeNull();
    d.push(play(6, 0, 'CA'));
    d.push(play(7, 1, 'CT'));
    d.clear();
    vi.advanceTimersByTime(5000);
    expect(shown.slice(5)).toEqual(['play']);
  });

  it('a catch-up ends the short pauses and stops at the next end of a game', () => {
    const shown: number[] = [];
    const d = new PacedDisplay(
      (ev) => shown.push(ev.version),
      () => DEFAULT_PACE,
      () => {},
    );
    d.push(play(1, 2, 'CK', 0)); // the last trick: a pause
    d.push(ev({ type: 'game_result', version: 2 }));
    d.push(ev({ type: 'game_started', version: 3 }));
    d.push(ev({ type: 'bid', version: 4 }));
    expect(shown).toEqual([1]);
    d.catchUp();
    expect(shown).toEqual([1, 2]);
    expect(d.dwell).toEqual({ kind: 'result', until: null });
    d.skip();
    expect(shown).toEqual([1, 2, 3, 4]);
    expect(d.dwell?.kind).toBe('card'); // the bid's short pause, as usual
    d.catchUp();
    expect(d.dwell).toBeNull();
    // with a timed pause at the end of a game, a catch-up does not stop there
    const timed = new PacedDisplay(
      (ev) => shown.push(ev.version),
      () => ({ ...DEFAULT_PACE, resultMs: 5000 }),
      () => {},
    );
    timed.push(play(5, 2, 'CK', 0));
    timed.push(ev({ type: 'game_result', version: 6 }));
    timed.push(ev({ type: 'game_started', version: 7 }));
    timed.catchUp();
    expect(shown.slice(4)).toEqual([5, 6, 7]);
    expect(timed.dwell).toBeNull();
  });
});

// ---- the session paces its table ----

function pacedSession(pace: Pace, visible = () => true) {
  const { s, sockets } = fakeSession(new MemStore(), { pace: () => pace, visible });
  s.login('anna');
  sockets[0].open();
  sockets[0].recv({ type: 'welcome', protocol: 1, player: { id: 7, name: 'anna', bot: false }, token: 't' });
  s.joinTable(9, 0);
  vi.advanceTimersByTime(2000); // past the catch-up after joining
  return { s, ws: sockets[0] };
}

// A game at table 9 where anna (seat 0) is forehand and leads the first trick.
function startPlaying(ws: FakeSocket) {
  ws.recv({ type: 'seated', table: 9, version: 1, game: -1, seat: 0, player: { id: 7, name: 'anna', bot: false } });
  ws.recv({ type: 'game_started', table: 9, version: 2, game: 0, forehand: 0, position: 0, hand: ['CA', 'SA'] });
}

// Game 0's one trick, its result and game 1's start arrive in a burst (versions 1 to 7).
function finishFirstGame(ws: FakeSocket) {
  startPlaying(ws);
  ws.recv(play(3, 0, 'CA'));
  ws.recv(play(4, 1, 'C7'));
  ws.recv(play(5, 2, 'CK', 0));
  ws.recv({ type: 'game_result', table: 9, version: 6, game: 0, ...folded });
  ws.recv({ type: 'game_started', table: 9, version: 7, game: 1, forehand: 2, position: 1, hand: ['D7'] });
}

describe('Session pacing', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows the bots' cards one by one, keeps the trick on the felt, and the turn waits for the display", () => {
    const { s, ws } = pacedSession(DEFAULT_PACE);
    startPlaying(ws);
    ws.recv(play(3, 0, 'CA'));
    ws.recv(play(4, 1, 'C7'));
    ws.recv(play(5, 2, 'CK', 0));
    ws.recv({ type: 'act', table: 9, game: 0, version: 5, seat: 0, clock_ms: 60000, deadline: 0, view: {} });
    expect(s.snap.table?.version).toBe(3);
    expect(s.snap.act?.version).toBe(5); // kept, but not yet current for the table as shown
    vi.advanceTimersByTime(700);
    expect(s.snap.table?.version).toBe(4);
    vi.advanceTimersByTime(700);
    expect(s.snap.table?.version).toBe(5);
    expect(s.snap.table?.tricks).toHaveLength(1);
    expect(s.snap.dwell?.kind).toBe('trick');
    // the player's own move ends the pause
    s.act({ type: 'play', pos: 0, card: 'SA' });
    expect(s.snap.dwell).toBeNull();
    expect(ws.sent.at(-1)).toMatchObject({ type: 'play', card: 'SA', version: 5 });
  });

  it("shows the next game's turn when its clock starts after the server's result pause, not later", () => {
    const { s, ws } = pacedSession(DEFAULT_PACE);
    finishFirstGame(ws);
    // the clock starts 15 s from now (docs/protocol.md §7)
    const deadline = Date.now() + 15000 + 60000;
    ws.recv({ type: 'act', table: 9, game: 1, version: 7, seat: 0, clock_ms: 60000, deadline, view: {} });
    vi.advanceTimersByTime(5000);
    expect(s.snap.table?.version).toBe(6); // at the end of game 1, waiting for "next game"
    expect(s.snap.dwell).toEqual({ kind: 'result', until: null });
    vi.advanceTimersByTime(10000);
    expect(s.snap.table?.version).toBe(7);
    expect(s.snap.dwell).toBeNull();
    expect(deadline - Date.now()).toBe(60000); // the whole clock is left
  });

  it('shows at once what arrives while catching up, in a long burst, or while the page is hidden', () => {
    const hidden = { now: false };
    const { s, ws } = pacedSession(DEFAULT_PACE, () => !hidden.now);
    startPlaying(ws);
    s.dropConnection();
    vi.advanceTimersByTime(400);
    // reconnected: the missed events come in a burst right after the resume
    const ws2 = (s as any).ws as FakeSocket;
    ws2.open();
    ws2.recv({ type: 'welcome', protocol: 1, player: { id: 7, name: 'anna', bot: false }, token: 't' });
    expect(ws2.sent.find((m) => m.type === 'resume')).toMatchObject({ version: 2 });
    ws2.recv(play(3, 0, 'CA'));
    ws2.recv(play(4, 1, 'C7'));
    expect(s.snap.table?.version).toBe(4);
    vi.advanceTimersByTime(2000);
    // a long burst
    ws2.recv(play(5, 2, 'CK', 0));
    for (let v = 6; v < 6 + 13; v++) ws2.recv({ type: 'chat', table: 9, version: v, game: 0, seat: 1, text: 'x' });
    expect(s.snap.table?.version).toBe(18);
    // a hidden page
    hidden.now = true;
    ws2.recv(play(19, 1, 'SA'));
    ws2.recv(play(20, 2, 'S7'));
    expect(s.snap.table?.version).toBe(20);
  });

  it("a long burst after the game's last trick (the bots' next auction) stops at the game's end", () => {
    const { s, ws } = pacedSession(DEFAULT_PACE);
    finishFirstGame(ws);
    for (let v = 8; v < 8 + 12; v++)
      ws.recv({ type: v % 2 ? 'hold' : 'bid', table: 9, version: v, game: 1, seat: v % 2 ? 1 : 2, value: 18 });
    const deadline = Date.now() + 15000 + 60000; // after the result pause
    ws.recv({ type: 'act', table: 9, game: 1, version: 19, seat: 0, clock_ms: 60000, deadline, view: {} });
    expect(s.snap.table?.version).toBe(6); // the burst showed the trick, and stopped at the result
    expect(s.snap.dwell).toEqual({ kind: 'result', until: null });
    expect(s.snap.table?.phase).toBe('finished');
    s.skipPause(); // "next game"
    vi.advanceTimersByTime(350 * 12);
    expect(s.snap.table?.version).toBe(19);
  });

  it('a page out of view catches up to the end of a game and waits there', () => {
    const hidden = { now: true };
    const { s, ws } = pacedSession(DEFAULT_PACE, () => !hidden.now);
    startPlaying(ws);
    ws.recv(play(3, 0, 'CA'));
    ws.recv({ type: 'game_result', table: 9, version: 4, game: 0, ...folded });
    ws.recv({ type: 'game_started', table: 9, version: 5, game: 1, forehand: 2, position: 1, hand: ['D7'] });
    expect(s.snap.table?.version).toBe(4);
    expect(s.snap.dwell?.kind).toBe('result');
    hidden.now = false;
    s.catchUp();
    expect(s.snap.table?.version).toBe(4);
  });
});

// ---- a spectator is paced like a player ----

function watchingSession(pace: Pace, visible = () => true) {
  const { s, sockets } = fakeSession(new MemStore(), { pace: () => pace, visible });
  s.login('vera');
  sockets[0].open();
  sockets[0].recv({ type: 'welcome', protocol: 1, player: { id: 5, name: 'vera', bot: false }, token: 't' });
  s.watchTable(9);
  vi.advanceTimersByTime(2000); // past the catch-up after watching
  return { s, ws: sockets[0] };
}

const bot = (id: number) => ({ id, name: `house-${id}`, bot: true });

// A game of bots (seats 1, 2, 3 as players 1 to 3) as the server sends it in a burst: one trick,
// then the result; versions from `v`.
function botGame(ws: FakeSocket, v: number, game: number): number {
  ws.recv({ type: 'game_started', table: 9, version: v++, game, forehand: game % 3 });
  ws.recv({ type: 'bid', table: 9, version: v++, game, seat: 1, value: 18 });
  ws.recv(play(v++, 0, 'CA'));
  ws.recv(play(v++, 1, 'C7'));
  ws.recv(play(v++, 2, 'CK', 0));
  ws.recv({ type: 'game_result', table: 9, version: v++, game, ...folded });
  return v;
}

describe('Spectator pacing', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows the bots' cards one after another and keeps the trick on the felt, however fast they come", () => {
    const { s, ws } = watchingSession(DEFAULT_PACE);
    ws.recv({ type: 'seated', table: 9, version: 1, game: -1, seat: 0, player: bot(1) });
    ws.recv({ type: 'seated', table: 9, version: 2, game: -1, seat: 1, player: bot(2) });
    ws.recv({ type: 'seated', table: 9, version: 3, game: -1, seat: 2, player: bot(3) });
    // a long burst of the bots' moves: more than a player's burst that is shown at once
    ws.recv({ type: 'game_started', table: 9, version: 4, game: 0, forehand: 0 });
    let v = 5;
    for (let i = 0; i < 8; i++) ws.recv({ type: 'bid', table: 9, version: v++, game: 0, seat: 1, value: 18 });
    ws.recv(play(v++, 0, 'CA'));
    ws.recv(play(v++, 1, 'C7'));
    ws.recv(play(v++, 2, 'CK', 0));
    ws.recv(play(v++, 0, 'SA'));
    for (let i = 0; i < 6; i++) ws.recv({ type: 'chat', table: 9, version: v++, game: 0, seat: 1, text: 'x' });
    expect(s.snap.watching).toBe(true);
    expect(s.snap.table?.version).toBe(5); // the first call, then its short pause
    vi.advanceTimersByTime(350 * 8);
    expect(s.snap.table?.version).toBe(13); // the first card
    expect(s.snap.table?.trick).toHaveLength(1);
    vi.advanceTimersByTime(699);
    expect(s.snap.table?.trick).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(s.snap.table?.trick).toHaveLength(2);
    vi.advanceTimersByTime(700);
    // the completed trick stays as long as a player's does
    expect(s.snap.dwell?.kind).toBe('trick');
    vi.advanceTimersByTime(DEFAULT_PACE.trickMs - 1);
    expect(s.snap.dwell?.kind).toBe('trick');
    expect(s.snap.table?.trick).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(s.snap.table?.trick).toHaveLength(1);
    // a click on the felt goes on at once, as for a player
    s.skipPause();
    expect(s.snap.table?.version).toBe(v - 1);
  });

  it('follows bots that play faster than the display a game at a time, never more than a game behind', () => {
    const { s, ws } = watchingSession(DEFAULT_PACE);
    const games: number[] = [];
    s.subscribe((snap) => {
      const g = snap.table?.game;
      if (typeof g === 'number' && g >= 0 && games.at(-1) !== g) games.push(g);
    });
    let v = 1;
    for (let game = 0; game < 4; game++) v = botGame(ws, v, game);
    ws.recv({ type: 'game_started', table: 9, version: v++, game: 4, forehand: 1 });
    ws.recv({ type: 'bid', table: 9, version: v++, game: 4, seat: 2, value: 18 });
    // game 0 is shown at the pace: its call, its cards, its trick, its result
    expect(s.snap.table?.game).toBe(0);
    vi.advanceTimersByTime(350 + 700 + 700);
    expect(s.snap.dwell?.kind).toBe('trick');
    vi.advanceTimersByTime(DEFAULT_PACE.trickMs);
    expect(s.snap.dwell).toEqual({ kind: 'result', until: expect.any(Number) });
    expect(s.snap.table?.phase).toBe('finished');
    // after the result: on to the latest game, the ones between shown at once (their results are
    // in the list)
    vi.advanceTimersByTime(SPECTATOR_RESULT_MS);
    expect(s.snap.table?.game).toBe(4);
    expect(s.snap.table?.lastResult?.game).toBe(3);
    expect(games).toEqual([0, 1, 2, 3, 4]);
    expect(s.snap.dwell?.kind).toBe('card'); // game 4's first call, paced again
    expect(s.snap.table?.version).toBe(v - 1);
  });

  it('a page out of view, or the catch-up after watching, shows events at once', () => {
    const hidden = { now: true };
    const { s, ws } = watchingSession(DEFAULT_PACE, () => !hidden.now);
    const end = botGame(ws, 1, 0);
    expect(s.snap.table?.version).toBe(end - 1);
    hidden.now = false;
    s.leaveTable();
    s.watchTable(9);
    // within the catch-up right after watching (the resume's burst)
    botGame(ws, 1, 0);
    expect(s.snap.table?.version).toBe(end - 1);
  });
});

describe('Spectator pacing at the end of a series', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("never goes on past a series' end to the next series' games", () => {
    const shown: string[] = [];
    const d = new PacedDisplay(
      (e) => shown.push(`${e.type}:${e.version}`),
      () => spectatorPace(DEFAULT_PACE),
      () => {},
    );
    d.push(ev({ type: 'game_result', version: 1 }));
    d.push(ev({ type: 'game_started', version: 2 }));
    d.push(ev({ type: 'game_result', version: 3 }));
    d.push(ev({ type: 'series_finished', version: 4 }));
    d.push(ev({ type: 'series_started', version: 5 }));
    d.push(ev({ type: 'game_started', version: 6 }));
    d.push(ev({ type: 'bid', version: 7 }));
    vi.advanceTimersByTime(SPECTATOR_RESULT_MS);
    // the last game of the series is shown, paced, and then its end
    expect(shown).toEqual(['game_result:1', 'game_started:2', 'game_result:3']);
    vi.advanceTimersByTime(SPECTATOR_RESULT_MS);
    expect(shown.slice(3)).toEqual(['series_finished:4', 'series_started:5', 'game_started:6', 'bid:7']);
  });
});
