import { describe, expect, it, vi } from 'vitest';
import { clipUtf8 } from '../src/lib/session';
import type { StateMessage } from '../src/lib/protocol';
import { DEFAULT_PACE, SPECTATOR_RESULT_MS } from '../src/lib/pacing';
import { currentAct } from '../src/lib/turn';
import { fakeSession, MemStore, type FakeSocket } from './fakeSession';

const setup = (store = new MemStore()) => fakeSession(store);

const welcome = { type: 'welcome', protocol: 1, player: { id: 7, name: 'anna', bot: false }, token: 'tok' };
const types = (f: FakeSocket) => f.sent.map((m) => m.type);

describe('session', () => {
  it('logs in as a guest and keeps the token for the next hello', () => {
    const { s, sockets, store } = setup();
    s.login('anna');
    sockets[0].open();
    expect(sockets[0].sent[0]).toEqual({ type: 'hello', protocol: 1, name: 'anna' });
    sockets[0].recv(welcome);
    expect(store.getItem('skat.token')).toBe('tok');
    const again = setup(store);
    again.s.start();
    again.sockets[0].open();
    expect(again.sockets[0].sent[0]).toEqual({ type: 'hello', protocol: 1, name: 'anna', token: 'tok' });
  });

  it('creates a table against two bots and starts when the seats are full', () => {
    const { s, sockets } = setup();
    s.login('anna');
    sockets[0].open();
    sockets[0].recv(welcome);
    s.createTable({ deals: 3, bots: ['house-1', ''] });
    sockets[0].recv({ type: 'table_created', table: 4 });
    const sent = sockets[0].sent.filter((m) => m.table === 4);
    expect(sent.map((m) => [m.type, m.seat, m.bot])).toEqual([
      ['join_table', 0, undefined],
      ['result_wait', undefined, undefined],
      ['add_bot', 1, 'house-1'],
      ['add_bot', 2, ''],
    ]);
    const seat = (v: number, seat: number, id: number) =>
      sockets[0].recv({
        type: 'seated',
        table: 4,
        version: v,
        game: -1,
        seat,
        player: { id, name: `p${id}`, bot: id !== 7 },
      });
    seat(1, 0, 7);
    seat(2, 1, 1);
    expect(types(sockets[0])).not.toContain('start_series');
    seat(3, 2, 2);
    expect(sockets[0].sent.at(-1)).toMatchObject({ type: 'start_series', table: 4 });
    expect(s.snap.table?.mySeat).toBe(0);
  });

  it('a private table: its key from table_created goes with every join and watch of it, and its link seats a friend', () => {
    const { s, sockets, store } = setup();
    s.login('anna');
    sockets[0].open();
    sockets[0].recv(welcome);
    s.createTable({ deals: 3, bots: [null, 'house-1'], private: true });
    expect(sockets[0].sent.at(-1)).toMatchObject({ type: 'create_table', deals: 3, private: true });
    sockets[0].recv({ type: 'table_created', table: 4, key: 'beef' });
    const sent = sockets[0].sent.filter((m) => m.table === 4);
    // the friend's seat (1) gets no bot
    expect(sent.map((m) => [m.type, m.seat, m.key])).toEqual([
      ['join_table', 0, 'beef'],
      ['result_wait', undefined, undefined],
      ['add_bot', 2, undefined],
    ]);
    expect(s.tableKey(4)).toBe('beef');
    expect(s.tableKey(5)).toBeUndefined();
    // a friend's page opens the link: it asks for a free seat with the key, and watches with it
    // when the series plays already
    const friend = setup();
    friend.s.login('ben');
    friend.sockets[0].open();
    friend.sockets[0].recv({ ...welcome, player: { id: 8, name: 'ben', bot: false } });
    friend.s.openTable(4, 'beef');
    expect(friend.sockets[0].sent.filter((m) => m.table === 4)[0]).toMatchObject({ type: 'join_table', key: 'beef' });
    friend.sockets[0].recv({ type: 'error', code: 'series_running', message: 'a series is running', table: 4 });
    expect(friend.sockets[0].sent.filter((m) => m.type === 'watch_table').at(-1)).toMatchObject({
      table: 4,
      key: 'beef',
    });
    expect(friend.s.snap.watching).toBe(true);
    expect(store.getItem('skat.tableKey')).toBe('4:beef');
  });

  it('after a lost connection: hello with the token, join the table again, resume from the last version', async () => {
    const { s, sockets } = setup();
    s.login('anna');
    sockets[0].open();
    sockets[0].recv(welcome);
    s.joinTable(9, 1);
    sockets[0].recv({
      type: 'seated',
      table: 9,
      version: 1,
      game: -1,
      seat: 1,
      player: { id: 7, name: 'anna', bot: false },
    });
    sockets[0].recv({ type: 'chat', table: 9, version: 2, game: -1, seat: 1, name: 'anna', text: 'hi' });
    sockets[0].close();
    await new Promise((r) => setTimeout(r, 400));
    expect(sockets).toHaveLength(2);
    sockets[1].open();
    sockets[1].recv(welcome);
    expect(types(sockets[1]).slice(0, 4)).toEqual(['hello', 'join_table', 'result_wait', 'resume']);
    expect(sockets[1].sent[0].token).toBe('tok');
    expect(sockets[1].sent[3]).toMatchObject({ table: 9, version: 2 });
    s.logout();
  });

  it('a gap in versions asks for a resume once and waits for the missing events', () => {
    const { s, sockets } = setup();
    s.login('anna');
    sockets[0].open();
    sockets[0].recv(welcome);
    s.joinTable(9);
    const before = sockets[0].sent.filter((m) => m.type === 'resume').length;
    sockets[0].recv({
      type: 'seated',
      table: 9,
      version: 1,
      game: -1,
      seat: 0,
      player: { id: 7, name: 'anna', bot: false },
    });
    sockets[0].recv({ type: 'left', table: 9, version: 3, game: -1, seat: 2 });
    sockets[0].recv({ type: 'left', table: 9, version: 4, game: -1, seat: 2 });
    const resumes = sockets[0].sent.filter((m) => m.type === 'resume');
    expect(resumes.length).toBe(before + 1);
    expect(resumes.at(-1)).toMatchObject({ table: 9, version: 1 });
    expect(s.snap.table?.version).toBe(1);
    sockets[0].recv({ type: 'chat', table: 9, version: 2, game: -1, seat: 0, name: 'anna', text: 'x' });
    sockets[0].recv({ type: 'left', table: 9, version: 3, game: -1, seat: 2 });
    expect(s.snap.table?.version).toBe(3);
  });

  it('an act request is current only for its version; actions drop pos and add the table', () => {
    const { s, sockets } = setup();
    s.login('anna');
    sockets[0].open();
    sockets[0].recv(welcome);
    s.joinTable(9);
    sockets[0].recv({
      type: 'seated',
      table: 9,
      version: 1,
      game: -1,
      seat: 0,
      player: { id: 7, name: 'anna', bot: false },
    });
    sockets[0].recv({
      type: 'act',
      table: 9,
      game: 0,
      version: 1,
      seat: 0,
      clock_ms: 60000,
      deadline: 1,
      view: { legal: [] },
    });
    expect(s.snap.act?.version).toBe(1);
    s.act({ type: 'bid', pos: 1, value: 18 });
    expect(sockets[0].sent.at(-1)).toMatchObject({ type: 'bid', value: 18, table: 9 });
    expect(sockets[0].sent.at(-1)?.pos).toBeUndefined();
    expect(s.snap.busy).toBe(true);
    sockets[0].recv({ type: 'error', code: 'illegal_action', message: 'no', table: 9 });
    expect(s.snap.busy).toBe(false);
    sockets[0].recv({ type: 'bid', table: 9, version: 2, game: 0, seat: 0, value: 18 });
    expect(s.snap.act).toBeNull();
  });

  it("shows the next game when the clock of the player's first request in it starts, or at the click", () => {
    vi.useFakeTimers();
    try {
      for (const click of [false, true]) newGameTurn(click);
    } finally {
      vi.useRealTimers();
    }
  });
  // Anna seated at table 9 past the catch-up of entering it, game 0 started: `ev` sends the
  // table's next event, `version()` is the last version sent.
  const seatedInGame0 = () => {
    const { s, sockets } = fakeSession(new MemStore(), { pace: () => DEFAULT_PACE });
    s.login('anna');
    sockets[0].open();
    sockets[0].recv(welcome);
    s.joinTable(9);
    vi.advanceTimersByTime(2000); // past the catch-up of entering the table
    const f = sockets[0];
    let v = 0;
    const ev = (m: object) => f.recv({ table: 9, version: ++v, ...m });
    ev({ type: 'seated', game: -1, seat: 0, player: { id: 7, name: 'anna', bot: false } });
    ev({ type: 'game_started', game: 0, forehand: 0, position: 0, hand: [] });
    return { s, f, ev, version: () => v };
  };
  const newGameTurn = (click: boolean) => {
    const { s, f, ev, version } = seatedInGame0();
    ev({
      type: 'game_result',
      game: 0,
      result: { folded: true },
      points: [0, 0, 0],
      scores: [0, 0, 0],
      list: [[0, 0, 0]],
      substitutes: [[false, false, false]],
      skat: ['CJ', 'C7'],
    });
    // the display waits on the result until the player clicks; the next game runs on behind it
    expect(s.snap.dwell).toEqual({ kind: 'result', until: null });
    ev({ type: 'game_started', game: 1, forehand: 1, position: 2, hand: [] });
    ev({ type: 'bid', game: 1, seat: 2, value: 18 });
    // the player's first request of game 1: its clock starts after the server's result pause (15 s)
    const start = Date.now() + 15000;
    f.recv({
      type: 'act',
      table: 9,
      game: 1,
      version: version(),
      seat: 0,
      clock_ms: 60000,
      deadline: start + 60000,
      view: { legal: [] },
    });
    vi.advanceTimersByTime(click ? 3000 : 14900);
    expect(s.snap.table?.game).toBe(0);
    expect(s.snap.dwell?.kind).toBe('result');
    expect(types(f)).not.toContain('ready');
    if (click) {
      s.skipPause();
      // the page goes on to game 1: the seat's clock there may start now
      expect(f.sent.at(-1)).toMatchObject({ type: 'ready', table: 9, game: 1 });
      vi.advanceTimersByTime(400); // the bid's short pause
    } else vi.advanceTimersByTime(100);
    // the table shows the new game and the panel; its clock has not lost a second
    expect(f.sent.filter((m) => m.type === 'ready')).toMatchObject([{ type: 'ready', table: 9, game: 1 }]);
    expect(s.snap.dwell).toBeNull();
    expect(s.snap.table?.game).toBe(1);
    expect(s.snap.table?.auction).toHaveLength(1);
    expect(currentAct(s.snap.act, s.snap.table)?.version).toBe(version());
    expect(s.snap.act!.deadline - Date.now()).toBeGreaterThanOrEqual(60000);
  };

  it("the seat's clock waits for the click when the end of a game waits for it, and the setting can change", () => {
    let p = DEFAULT_PACE;
    const { s, sockets } = fakeSession(new MemStore(), { pace: () => p });
    s.login('anna');
    sockets[0].open();
    sockets[0].recv(welcome);
    s.joinTable(9);
    expect(sockets[0].sent.filter((m) => m.table === 9).slice(0, 2)).toMatchObject([
      { type: 'join_table', table: 9 },
      { type: 'result_wait', table: 9, until_ready: true },
    ]);
    p = { ...DEFAULT_PACE, resultMs: 10000 };
    s.paceChanged();
    expect(sockets[0].sent.at(-1)).toMatchObject({ type: 'result_wait', table: 9, until_ready: false });
    // a spectator has no clock to hold
    s.leaveTable();
    s.watchTable(5);
    const before = sockets[0].sent.length;
    s.paceChanged();
    expect(sockets[0].sent.slice(before).filter((m) => m.type === 'result_wait')).toEqual([]);
  });

  it('a full state of a later game says the page is ready for it; of the first game it does not', () => {
    const { s, sockets } = setup();
    s.login('anna');
    sockets[0].open();
    sockets[0].recv(welcome);
    s.joinTable(9);
    const state = (game: number, version: number) => ({
      type: 'state',
      table: 9,
      version,
      event: '',
      deals: 3,
      kontra: false,
      running: true,
      series: 0,
      game,
      seats: [{ id: 7, name: 'anna', bot: false, connected: true }, null, null],
      scores: [0, 0, 0],
      list: [],
      substitutes: [],
      view: null,
      forehand: 0,
      position: 0,
      deadline: null,
    });
    sockets[0].recv(state(0, 3));
    expect(types(sockets[0])).not.toContain('ready');
    sockets[0].recv(state(2, 9));
    expect(sockets[0].sent.at(-1)).toMatchObject({ type: 'ready', table: 9, game: 2 });
  });

  it('within a game the short pauses stay before an act request with a long clock', () => {
    vi.useFakeTimers();
    try {
      withinAGame();
    } finally {
      vi.useRealTimers();
    }
  });
  const withinAGame = () => {
    const { s, f, ev, version } = seatedInGame0();
    ev({ type: 'bid', game: 0, seat: 1, value: 18 });
    ev({ type: 'hold', game: 0, seat: 0 });
    f.recv({
      type: 'act',
      table: 9,
      game: 0,
      version: version(),
      seat: 0,
      clock_ms: 60000,
      deadline: 1,
      view: { legal: [] },
    });
    // the hold is still behind the bid's short pause
    expect(s.snap.dwell?.kind).toBe('card');
    expect(currentAct(s.snap.act, s.snap.table)).toBeNull();
    vi.advanceTimersByTime(400);
    expect(currentAct(s.snap.act, s.snap.table)?.version).toBe(version());
  };

  it('keeps the act request while others chat, come and go, or concede; a move or a stale error ends it', () => {
    const { s, sockets } = setup();
    s.login('anna');
    sockets[0].open();
    sockets[0].recv(welcome);
    s.joinTable(9);
    sockets[0].recv({
      type: 'seated',
      table: 9,
      version: 1,
      game: -1,
      seat: 0,
      player: { id: 7, name: 'anna', bot: false },
    });
    const act = {
      type: 'act',
      table: 9,
      game: 0,
      version: 1,
      seat: 0,
      clock_ms: 60000,
      deadline: 1,
      view: { legal: [] },
    };
    sockets[0].recv(act);
    sockets[0].recv({ type: 'chat', table: 9, version: 2, game: 0, seat: 1, name: 'bot', text: 'hurry' });
    sockets[0].recv({ type: 'disconnected', table: 9, version: 3, game: 0, seat: 2, grace_until: 5 });
    sockets[0].recv({ type: 'reconnected', table: 9, version: 4, game: 0, seat: 2 });
    sockets[0].recv({ type: 'concede', table: 9, version: 5, game: 0, seat: 1 });
    expect(s.snap.table?.version).toBe(5);
    expect(s.snap.act?.version).toBe(1);
    // The answer names its request, so a late one cannot answer a later turn.
    s.act({ type: 'pass', pos: 0 });
    expect(sockets[0].sent.at(-1)).toEqual(expect.objectContaining({ type: 'pass', table: 9, version: 1 }));
    sockets[0].recv({ type: 'error', code: 'stale', message: 'past', table: 9 });
    expect(s.snap.act).toBeNull();
    expect(sockets[0].sent.at(-1)).toMatchObject({ type: 'resume', table: 9, version: 5 });
    sockets[0].recv({ ...act, version: 5 });
    expect(s.snap.act?.version).toBe(5);
    sockets[0].recv({ type: 'timeout', table: 9, version: 6, game: 0, seat: 0 });
    expect(s.snap.act).toBeNull();
  });

  it('leaving a running series sends leave_table and remembers the table to come back to', () => {
    const { s, sockets, store } = setup();
    s.login('anna');
    sockets[0].open();
    sockets[0].recv(welcome);
    s.joinTable(9, 0);
    s.leaveSeries();
    expect(sockets[0].sent.at(-2)).toMatchObject({ type: 'leave_table', table: 9 });
    expect(s.snap.table).toBeNull();
    expect(s.leftSeriesTable).toBe(9);
    expect(store.getItem('skat.table')).toBeNull();
    s.returnToSeries(9);
    expect(s.leftSeriesTable).toBeNull();
    expect(sockets[0].sent.filter((m) => m.type === 'join_table').at(-1)).toEqual(
      expect.objectContaining({ table: 9 }),
    );
    expect(s.snap.table?.table).toBe(9);
  });

  it('says so when the name asked for was taken, and keeps the name given', () => {
    const { s, sockets, store } = setup();
    s.login('anna');
    sockets[0].open();
    sockets[0].recv({ ...welcome, player: { id: 8, name: 'anna 2', bot: false } });
    expect(s.snap.error).toBe('The name “anna” is taken: you play as “anna 2”.');
    expect(store.getItem('skat.name')).toBe('anna 2');
  });

  it("a table's address takes its player back to the seat and lets anybody else watch", () => {
    const { s, sockets } = setup();
    s.login('anna');
    sockets[0].open();
    sockets[0].recv(welcome);
    const seat = (player: number) => ({ player, name: 'x', bot: false, connected: true });
    sockets[0].recv({
      type: 'lobby',
      tables: [
        { table: 4, event: '', deals: 3, running: true, game: 1, spectators: 0, seats: [seat(7), seat(8), seat(9)] },
        { table: 5, event: '', deals: 3, running: true, game: 1, spectators: 0, seats: [seat(1), seat(8), seat(9)] },
      ],
      online: [],
    });
    s.openTable(4);
    expect(sockets[0].sent.filter((m) => m.table === 4).map((m) => m.type)).toEqual([
      'join_table',
      'result_wait',
      'resume',
    ]);
    expect(s.snap.watching).toBe(false);
    s.openTable(5);
    expect(sockets[0].sent.filter((m) => m.table === 5).map((m) => m.type)).toEqual(['watch_table', 'resume']);
    expect(s.snap.watching).toBe(true);
  });

  it('a visitor watches without a name; signing in later starts its own guest and watches on', () => {
    const { s, sockets, store } = setup();
    s.start(); // no name stored: nothing happens until a table's address asks for a visit
    expect(sockets).toHaveLength(0);
    s.visit();
    expect(s.snap.visitor).toBe(true);
    sockets[0].open();
    expect(sockets[0].sent[0]).toEqual({ type: 'hello', protocol: 1, name: 'guest' });
    sockets[0].recv({ ...welcome, player: { id: 40, name: 'guest-3fa2', bot: false }, token: 'vtok' });
    expect(store.getItem('skat.name')).toBeNull();
    expect(store.getItem('skat.token')).toBeNull();
    expect(store.getItem('skat.visitorToken')).toBe('vtok');
    expect(s.snap.error).toBeNull(); // the name given is no surprise to a visitor
    sockets[0].recv({ type: 'lobby', tables: [], online: [] });
    s.openTable(6);
    expect(sockets[0].sent.filter((m) => m.table === 6).map((m) => m.type)).toEqual(['watch_table', 'resume']);
    // signing in: a new connection says hello with the name and no token, and watches table 6 again
    s.login('anna');
    expect(s.snap.visitor).toBe(false);
    expect(sockets).toHaveLength(2);
    sockets[1].open();
    expect(sockets[1].sent[0]).toEqual({ type: 'hello', protocol: 1, name: 'anna' });
    sockets[1].recv(welcome);
    expect(store.getItem('skat.token')).toBe('tok');
    expect(sockets[1].sent.filter((m) => m.table === 6).map((m) => m.type)).toEqual(['watch_table', 'resume']);
    // a visitor coming back later is the same visitor
    const again = setup(new MemStore());
    again.store.setItem('skat.visitorToken', 'vtok');
    again.s.visit();
    again.sockets[0].open();
    expect(again.sockets[0].sent[0]).toEqual({ type: 'hello', protocol: 1, name: 'guest', token: 'vtok' });
  });

  it("a spectator's view goes on to the next game by itself; a player's waits for the click", () => {
    vi.useFakeTimers();
    try {
      for (const watching of [true, false]) {
        const { s, sockets } = fakeSession(new MemStore(), { pace: () => DEFAULT_PACE });
        s.login('ben');
        sockets[0].open();
        sockets[0].recv({ ...welcome, player: { id: 8, name: 'ben', bot: false } });
        if (watching) s.watchTable(9);
        else s.joinTable(9);
        vi.advanceTimersByTime(2000); // past the catch-up of entering the table
        let v = 0;
        const ev = (m: object) => sockets[0].recv({ table: 9, version: ++v, ...m });
        ev({ type: 'seated', game: -1, seat: 0, player: { id: watching ? 1 : 8, name: 'x', bot: false } });
        ev({ type: 'game_started', game: 0, forehand: 0, position: 0, hand: [] });
        ev({
          type: 'game_result',
          game: 0,
          result: { folded: true },
          points: [0, 0, 0],
          scores: [0, 0, 0],
          list: [[0, 0, 0]],
          substitutes: [[false, false, false]],
          skat: ['CJ', 'C7'],
        });
        ev({ type: 'game_started', game: 1, forehand: 1, position: 2, hand: [] });
        expect(s.snap.dwell?.kind).toBe('result');
        expect(s.snap.dwell?.until === null).toBe(!watching);
        vi.advanceTimersByTime(SPECTATOR_RESULT_MS + 100);
        expect(s.snap.table?.game).toBe(watching ? 1 : 0);
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it("a table's address takes the player who left its running series back to the seat", () => {
    const { s, sockets, store } = setup();
    s.login('anna');
    sockets[0].open();
    sockets[0].recv(welcome);
    store.setItem('skat.leftSeries', '4');
    const bot = (player: number) => ({ player, name: 'bot', bot: true, connected: true });
    const lobby = (running: boolean) => ({
      type: 'lobby',
      tables: [{ table: 4, event: '', deals: 3, running, game: 1, spectators: 0, seats: [bot(1), bot(2), bot(3)] }],
      online: [],
    });
    // once the series has ended there is nothing to come back to: watching
    sockets[0].recv(lobby(false));
    s.openTable(4);
    expect(sockets[0].sent.filter((m) => m.table === 4).map((m) => m.type)).toEqual(['watch_table', 'resume']);
    sockets[0].recv(lobby(true));
    s.openTable(4);
    expect(
      sockets[0].sent
        .filter((m) => m.table === 4)
        .map((m) => m.type)
        .slice(2),
    ).toEqual(['join_table', 'result_wait', 'resume']);
    expect(s.snap.watching).toBe(false);
    expect(store.getItem('skat.leftSeries')).toBeNull();
  });

  it('goes to the node that holds a table the lobby lists on another node', async () => {
    const { s, sockets, store } = setup();
    s.login('anna');
    sockets[0].open();
    expect(sockets[0].url).toBe('ws://x/ws');
    sockets[0].recv({ ...welcome, node: 'a' });
    const seats = [null, null, null];
    sockets[0].recv({
      type: 'lobby',
      tables: [
        { table: 4, event: '', deals: 3, running: false, game: 0, spectators: 0, seats, node: 'a' },
        { table: 5, event: '', deals: 3, running: true, game: 1, spectators: 0, seats, node: 'b' },
      ],
      online: [],
    });
    s.joinTable(4, 2); // on this node: asked here
    expect(sockets).toHaveLength(1);
    expect(sockets[0].sent.at(-3)).toMatchObject({ type: 'join_table', table: 4, seat: 2 });
    s.leaveTable();
    s.joinTable(5, 1);
    await new Promise((r) => setTimeout(r, 10));
    expect(sockets).toHaveLength(2);
    expect(sockets[1].url).toBe('ws://x/n/b/ws');
    expect(store.getItem('skat.node')).toBe('b');
    sockets[1].open();
    sockets[1].recv({ ...welcome, node: 'b' });
    expect(sockets[1].sent.slice(0, 4)).toMatchObject([
      { type: 'hello', token: 'tok' },
      { type: 'join_table', table: 5, seat: 1 },
      { type: 'result_wait', table: 5, until_ready: false },
      { type: 'resume', table: 5, version: 0 },
    ]);
    // A page opened later goes straight to the table's node.
    const again = setup(store);
    again.s.start();
    expect(again.sockets[0].url).toBe('ws://x/n/b/ws');
    s.logout();
  });

  it("remembers the node where the page's table answered, and forgets it on leaving", () => {
    const { s, sockets, store } = setup();
    s.login('anna');
    sockets[0].open();
    sockets[0].recv({ ...welcome, node: 'a' });
    s.joinTable(9);
    expect(store.getItem('skat.node')).toBeNull(); // not before the table answers
    sockets[0].recv({ type: 'seated', table: 9, version: 1, game: -1, seat: 0, player: welcome.player });
    expect(store.getItem('skat.node')).toBe('a');
    s.leaveTable();
    expect(store.getItem('skat.node')).toBeNull();
  });

  it("follows a node's other_node answer, and asks any node when the table's node cannot be reached", async () => {
    const { s, sockets, store } = setup();
    s.login('anna');
    sockets[0].open();
    sockets[0].recv({ ...welcome, node: 'a' });
    s.watchTable(8);
    sockets[0].recv({ type: 'error', code: 'other_node', node: 'c', table: 8, message: 'table 8 is on node c' });
    expect(s.snap.error).toBeNull();
    await new Promise((r) => setTimeout(r, 10));
    expect(sockets).toHaveLength(2);
    expect(sockets[1].url).toBe('ws://x/n/c/ws');
    sockets[1].close(); // node c is down (the balancer refuses its route)
    await new Promise((r) => setTimeout(r, 400));
    expect(sockets).toHaveLength(3);
    expect(sockets[2].url).toBe('ws://x/ws');
    sockets[2].open();
    sockets[2].recv({ ...welcome, node: 'b' }); // node b took c's tables over
    expect(types(sockets[2]).slice(0, 3)).toEqual(['hello', 'watch_table', 'resume']);
    sockets[2].recv({
      type: 'state',
      table: 8,
      version: 3,
      event: '',
      deals: 36,
      kontra: false,
      running: true,
      series: 0,
      game: -1,
      seats: [null, null, null],
      scores: [0, 0, 0],
      list: [],
      substitutes: [],
      forehand: null,
      position: null,
      deadline: null,
      view: null,
    } satisfies StateMessage);
    expect(store.getItem('skat.node')).toBe('b');
    s.logout();
  });

  it('cuts chat to 300 UTF-8 bytes without splitting a character', () => {
    expect(clipUtf8('abc', 300)).toBe('abc');
    const emoji = '😀'; // 4 bytes, 2 UTF-16 units
    const long = 'a'.repeat(298) + emoji;
    expect(clipUtf8(long, 300)).toBe('a'.repeat(298));
    expect(new TextEncoder().encode(clipUtf8('ü'.repeat(200), 300)).length).toBe(300);
  });
});
