// The WebSocket session of the page: hello with the stored guest token, the lobby, the one table
// this page sits at or watches, act requests, and reconnecting (join the table again, then resume
// from the last version seen, docs/protocol.md §8). Table events are shown at a readable pace
// (lib/pacing.ts): `table` is what the page shows, which may trail what has arrived by a pause.
// With several server nodes behind a balancer the page talks to the node of its table: it connects
// to `/n/<node>/ws` for a table the lobby lists on another node, or when a node answers
// `other_node`, and back to the plain `/ws` (any node) when that route fails (docs/scaling.md).
import { applyEvent, fromStateMessage, newTable, type TableState } from './tableState';
import {
  commandOf,
  type ActRequest,
  type ClientMessage,
  type ErrorMessage,
  type Hello,
  type JoinTable,
  type LobbyPlayer,
  type LobbyTable,
  type Move,
  type SeatAction,
  type ServerMessage,
  type TableEvent,
  type ValueRange,
} from './protocol';
import { NO_PACE, PacedDisplay, spectatorPace, type Dwell, type Pace } from './pacing';
import { endsTurn } from './turn';
import { t, tOr } from './i18n';

export type { ActRequest, LobbyPlayer, LobbyTable } from './protocol';
export interface Lobby {
  tables: LobbyTable[];
  online: LobbyPlayer[];
}

export interface SessionSnapshot {
  status: 'idle' | 'connecting' | 'open' | 'closed';
  node: string | null; // the server node this connection reached (several nodes behind a balancer)
  player: { id: number; name: string; bot: boolean } | null;
  visitor: boolean; // connected without a name of its own, only to watch a table (`visit`)
  lobby: Lobby | null;
  table: TableState | null;
  watching: boolean;
  act: ActRequest | null;
  error: string | null;
  busy: boolean; // an action was sent for the current act request and is not answered yet
  dwell: Dwell | null; // the display pauses on the table as shown (a trick, the end of a game)
  // What conceding would cost this seat as the declarer, from its latest act request in `game`.
  concedeCost: (ValueRange & { table: number; game: number }) | null;
}

export interface SessionOptions {
  pace?: () => Pace; // the display's pace (the player's setting); none by default
  visible?: () => boolean; // whether the page is in view: a hidden page shows events at once
}

// A player's burst longer than any live stretch of play (a catch-up after a reconnect) is shown at
// once rather than replayed slowly (the end of a game that waits for the player's click still
// waits). A spectator's is not: bots play far faster than any pace, and a spectator of them sees
// their cards one after another like a player, a game at a time (lib/pacing.ts).
const MAX_BACKLOG = 12;
// After a `resume` the missed events arrive in a burst: shown without pauses for this long.
const CATCH_UP_MS = 1500;
// The display never keeps the player's own turn hidden once less than this is left on the clock.
const OWN_TURN_RESERVE_MS = 15000;

export interface Storage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const K_TOKEN = 'skat.token';
// A visitor's guest token (watching without a name): kept apart, so that signing in with a name
// later starts that person's own guest rather than the visitor's.
const K_VISITOR_TOKEN = 'skat.visitorToken';
const K_NAME = 'skat.name';
const K_TABLE = 'skat.table';
const K_WATCH = 'skat.watch';
const K_NODE = 'skat.node'; // the node of the page's table (several nodes behind a balancer)
const K_KEY = 'skat.tableKey'; // "ID:KEY": the private table this page created or opened by its link
const K_LEFT = 'skat.leftSeries'; // the table of a running series the player left (a bot plays the seat)

export interface NewTableOptions {
  deals: number;
  event?: string;
  // a bot name or kind for seats 1 and 2 ('' = any free bot; null: the seat stays free for a friend)
  bots: [string | null, string | null];
  private?: boolean; // only the table's link (with its key) lets others sit down or watch
  kontra?: boolean; // the table plays with Kontra and Re (docs/rules.md §8)
}

type Listener = (s: SessionSnapshot) => void;

export class Session {
  private ws: WebSocket | null = null;
  private listeners = new Set<Listener>();
  private retry = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private pendingBots: [string | null, string | null] | null = null;
  private autoStart = false;
  private resumePending = false;
  private nextId = 1;
  private received = 0; // the version of the last table event accepted (shown or queued)
  private catchUpUntil = 0;
  private actTimer: ReturnType<typeof setTimeout> | null = null;
  private display: PacedDisplay;
  private pace: () => Pace;
  private visible: () => boolean;
  private viaAnyNode = false; // the table's node route failed: the next connection goes to /ws
  private hops = 0; // other_node answers since the table last answered: paces a ping-pong
  private pendingSeat: number | undefined = undefined; // the seat to ask for when joining after a hop
  snap: SessionSnapshot = {
    status: 'idle',
    node: null,
    player: null,
    visitor: false,
    lobby: null,
    table: null,
    watching: false,
    act: null,
    error: null,
    busy: false,
    dwell: null,
    concedeCost: null,
  };

  constructor(
    private url: string,
    private store: Storage,
    private makeSocket: (url: string) => WebSocket = (u) => new WebSocket(u),
    options: SessionOptions = {},
  ) {
    const pace = options.pace ?? (() => NO_PACE);
    this.pace = pace;
    this.visible = options.visible ?? (() => true);
    this.display = new PacedDisplay(
      (ev) => this.showEvent(ev),
      () => (this.snap.watching ? spectatorPace(pace()) : pace()),
      (dwell) => this.emit({ dwell }),
    );
  }

  subscribe(l: Listener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }
  private emit(patch: Partial<SessionSnapshot>) {
    this.snap = { ...this.snap, ...patch };
    for (const l of this.listeners) l(this.snap);
  }

  get storedName(): string | null {
    return this.store.getItem(K_NAME);
  }

  // The session token `welcome` gave this guest: it authorises the player's HTTP requests (own bots,
  // tournaments); null before the first welcome and after signing out.
  get token(): string | null {
    return this.store.getItem(K_TOKEN);
  }

  // Connects when a name is known (a returning guest reconnects at once).
  start() {
    if (this.storedName) this.connect();
  }

  login(name: string) {
    this.store.setItem(K_NAME, name);
    if (this.snap.visitor) {
      // the visitor's connection is the visitor's guest: a new one says hello with the name (a
      // table being watched is watched on)
      this.emit({ visitor: false, player: null });
      this.reconnectNow();
    } else if (this.snap.status === 'open') this.sendHello();
    else this.connect();
  }

  // Connects without a name, to watch a table whose address was opened (docs/protocol.md §2: the
  // server makes a guest for it; its token is kept apart from a named guest's).
  visit() {
    if (this.storedName || this.snap.visitor || this.ws) return;
    this.emit({ visitor: true });
    this.connect();
  }

  private reconnectNow() {
    const old = this.ws;
    this.ws = null; // its close is not a lost connection
    old?.close();
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.connect();
  }

  logout() {
    this.store.removeItem(K_TOKEN);
    this.store.removeItem(K_NAME);
    this.store.removeItem(K_TABLE);
    this.store.removeItem(K_WATCH);
    this.store.removeItem(K_NODE);
    this.ws?.close();
    this.ws = null;
    this.emit({ player: null, visitor: false, table: null, act: null, status: 'idle' });
  }

  // The address of a node's own route through the balancer, or of any node (`/ws`).
  private urlOf(node: string | null): string {
    return node ? this.url.replace(/\/ws$/, `/n/${encodeURIComponent(node)}/ws`) : this.url;
  }

  private connect() {
    if (this.ws && (this.ws.readyState === 0 || this.ws.readyState === 1)) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.emit({ status: 'connecting' });
    const target = this.viaAnyNode ? null : this.store.getItem(K_NODE);
    const ws = this.makeSocket(this.urlOf(target));
    this.ws = ws;
    let opened = false;
    ws.onopen = () => {
      opened = true;
      this.retry = 0;
      this.emit({ status: 'open', error: null });
      this.sendHello();
      if (this.pingTimer) clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: 'ping' }), 20000);
    };
    ws.onmessage = (e) => {
      let m: ServerMessage;
      try {
        m = JSON.parse(String(e.data)) as ServerMessage;
      } catch {
        return;
      }
      this.onMessage(m);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.pingTimer) clearInterval(this.pingTimer);
      this.pingTimer = null;
      this.resumePending = false;
      // The table's node could not be reached (down, or taken over by another node): ask any node,
      // which holds the table now or names its node.
      this.viaAnyNode = !opened && target !== null;
      this.emit({ status: 'closed', act: null });
      if (!this.storedName && !this.snap.visitor) return;
      const delay = Math.min(5000, 300 * 2 ** this.retry++);
      this.retryTimer = setTimeout(() => this.connect(), delay);
    };
  }

  // Connects to `node` for the page's table; the welcome joins or watches it.
  private goToNode(node: string, delayMs = 0) {
    this.store.setItem(K_NODE, node);
    this.viaAnyNode = false;
    const old = this.ws;
    this.ws = null; // its close is not a lost connection
    old?.close();
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.emit({ status: 'connecting', act: null });
    this.retryTimer = setTimeout(() => this.connect(), delayMs);
  }

  // The page's table answered on this connection: its node is this one (kept for a reload).
  private tableAnswered() {
    this.hops = 0;
    const node = this.snap.node;
    if (node && this.store.getItem(K_NODE) !== node) this.store.setItem(K_NODE, node);
  }

  // Whether the lobby lists table `id` on a node other than this connection's.
  private elsewhere(id: number): string | null {
    const node = this.snap.lobby?.tables.find((t) => t.table === id)?.node;
    return node && this.snap.node && node !== this.snap.node ? node : null;
  }

  // For tests and the "reconnect now" button: drop the connection; it comes back by itself.
  dropConnection() {
    this.ws?.close();
  }

  send(m: ClientMessage) {
    if (!this.ws || this.ws.readyState !== 1) return false;
    this.ws.send(JSON.stringify({ ...m, id: this.nextId++ }));
    return true;
  }

  private sendHello() {
    const token = this.store.getItem(this.snap.visitor ? K_VISITOR_TOKEN : K_TOKEN);
    const hello: Hello = { type: 'hello', protocol: 1, name: this.storedName ?? 'guest' };
    if (token) hello.token = token;
    this.ws?.send(JSON.stringify(hello));
  }

  requestLobby() {
    this.send({ type: 'lobby' });
  }

  private onMessage(m: ServerMessage) {
    switch (m.type) {
      case 'welcome': {
        if (m.token) this.store.setItem(this.snap.visitor ? K_VISITOR_TOKEN : K_TOKEN, m.token);
        const asked = this.storedName;
        this.emit({ player: m.player, node: m.node ?? null });
        // The server gives a taken name a suffix: say so, and remember the name given.
        if (asked && m.player.name !== asked) {
          this.store.setItem(K_NAME, m.player.name);
          this.emit({ error: t('error.nameTaken', { asked, given: m.player.name }) });
        }
        const stored = this.store.getItem(K_TABLE);
        if (stored) {
          const id = Number(stored);
          const watching = this.store.getItem(K_WATCH) === '1';
          const same = this.snap.table && this.snap.table.table === id;
          const t = same ? this.snap.table! : newTable(id, m.player.id);
          if (!same) this.received = 0;
          this.emit({ table: { ...t, me: m.player.id }, watching });
          const seat = this.pendingSeat === undefined ? {} : { seat: this.pendingSeat };
          this.pendingSeat = undefined;
          if (watching) this.send(this.watchMessage(id));
          else this.sendJoin({ type: 'join_table', table: id, ...seat });
          this.resume();
        }
        this.requestLobby();
        return;
      }
      case 'pong':
        return;
      case 'lobby':
        this.emit({ lobby: { tables: m.tables, online: m.online } });
        return;
      case 'table_created': {
        if (m.key) this.store.setItem(K_KEY, `${m.table}:${m.key}`);
        this.enterTable(m.table, false);
        this.sendJoin({ type: 'join_table', table: m.table, seat: 0 });
        if (this.pendingBots) {
          this.pendingBots.forEach((bot, i) => {
            if (bot !== null) this.send({ type: 'add_bot', table: m.table, seat: i + 1, bot });
          });
          this.pendingBots = null;
          this.autoStart = true;
        }
        return;
      }
      case 'act':
        if (this.snap.table && m.table === this.snap.table.table) {
          this.emit({ act: m, busy: false });
          const cost = m.hints?.concede;
          if (cost) this.emit({ concedeCost: { ...cost, table: m.table, game: m.game } });
          // A request for a game the display has not reached yet (it still shows the previous game's
          // last trick or result): the table goes on when the request's clock starts, at the end of
          // the server's result pause (deadline − clock_ms, docs/protocol.md §7), or at the
          // player's click before that; so the panel and its clock appear when the clock starts.
          // Within a game the short pauses stay (the reserve bounds them).
          if (m.game !== this.snap.table.game) this.revealTurnBy(m.deadline - m.clock_ms - Date.now());
          else this.revealTurnBy(m.clock_ms - OWN_TURN_RESERVE_MS);
        }
        return;
      case 'state':
        if (this.snap.table && m.table === this.snap.table.table) {
          this.tableAnswered();
          this.resumePending = false;
          this.display.clear();
          this.received = m.version;
          this.emit({ table: fromStateMessage(this.snap.table, m) });
          this.sayReady(this.snap.table!);
        }
        return;
      case 'error':
        this.onError(m);
        return;
      case 'invite':
      case 'nodes':
      case 'challenge':
        return; // for bots
      default:
        // a table event (a message a newer server added is none: it carries no version)
        if (typeof m.version === 'number') this.onEvent(m);
    }
  }

  private onError(m: ErrorMessage) {
    const code = m.code;
    if (this.snap.busy) this.emit({ busy: false });
    if (code === 'already_seated') return; // joining again after a reconnect
    if (code === 'other_node' && m.node !== undefined && this.snap.table && m.table === this.snap.table.table) {
      if (this.snap.status !== 'open') return; // already on the way (a join and a resume both answered)
      // the table lives on another node: go there (a quick second hop waits, in case nodes disagree
      // for a moment while one takes over another's tables)
      const delay = this.hops === 0 ? 0 : Math.min(5000, 300 * 2 ** (this.hops - 1));
      this.hops++;
      this.goToNode(m.node, delay);
      return;
    }
    if (code === 'stale') {
      // the answer came after its turn had passed (the clock ran out): read the table again
      this.emit({ act: null });
      if (this.snap.table && m.table === this.snap.table.table) this.resume();
      return;
    }
    if (code === 'no_such_table' && this.snap.table && m.table === this.snap.table.table) {
      this.leaveLocal();
      this.emit({ error: t('error.tableGone') });
      return;
    }
    if (
      (code === 'seat_taken' || code === 'table_full' || code === 'series_running') &&
      this.snap.table &&
      !this.snap.watching
    ) {
      // our seat is gone (e.g. the series ended while we were away), or a friend's table plays
      // already: watch instead
      if (this.snap.table.mySeat === null) {
        this.store.setItem(K_WATCH, '1');
        this.emit({ watching: true });
        this.send(this.watchMessage(this.snap.table.table));
        this.resume();
      }
    }
    this.emit({ error: tOr(`serverError.${code}`, `${m.message || code}`) });
  }

  // An event as it arrives: accepted in version order (a gap asks for a resume), then queued for
  // the display.
  private onEvent(m: TableEvent) {
    const t = this.snap.table;
    if (!t || m.table !== t.table) return;
    if (m.version <= this.received) return; // already seen
    if (m.version > this.received + 1) {
      if (!this.resumePending) this.resume();
      return;
    }
    this.received = m.version;
    this.resumePending = false;
    this.tableAnswered();
    if (this.snap.act && endsTurn(m, this.snap.act)) this.emit({ act: null, busy: false });
    const instant =
      !this.visible() || Date.now() < this.catchUpUntil || (!this.snap.watching && this.display.backlog >= MAX_BACKLOG);
    this.display.push(m, instant);
  }

  // An event as the display reaches it.
  private showEvent(m: TableEvent) {
    const t = this.snap.table;
    if (!t || m.table !== t.table) return;
    const { state, status } = applyEvent(t, m);
    if (status !== 'applied') return;
    this.emit({ table: state });
    if (m.type === 'game_started') this.sayReady(state);
    if (this.autoStart && !state.running && state.seats.every((s) => s.player) && m.type === 'seated') {
      this.autoStart = false;
      this.send({ type: 'start_series', table: t.table });
    }
    if (m.type === 'series_started') this.autoStart = false;
  }

  // The player's own turn is never kept behind a pause for long: after `ms` whatever is queued is
  // shown (at once when the clock is short).
  private revealTurnBy(ms: number) {
    if (this.actTimer) clearTimeout(this.actTimer);
    this.actTimer = null;
    if (!(ms > 0)) {
      this.display.flush();
      return;
    }
    this.actTimer = setTimeout(() => {
      this.actTimer = null;
      if (this.snap.act) this.display.flush();
    }, ms);
  }

  // Ends the display's pause (a click on the table, or "next game").
  skipPause() {
    this.display.skip();
  }

  // Shows what has arrived without pauses, up to the end of a game that waits for the click.
  catchUp() {
    this.display.catchUp();
  }

  // Joins a seat and says how the seat's clock should wait after each game (§7): until the player
  // goes on from the result (`ready`) when the end of a game waits for a click, else the server's
  // fixed pause.
  private sendJoin(m: JoinTable) {
    const key = this.tableKey(m.table);
    this.send(key ? { ...m, key } : m);
    this.sendResultWait(m.table);
  }

  private sendResultWait(table: number) {
    this.send({ type: 'result_wait', table, until_ready: this.pace().resultMs < 0 });
  }

  // The player changed the table's pace: the seat's clock waits accordingly from now on.
  paceChanged() {
    const t = this.snap.table;
    if (t && !this.snap.watching) this.sendResultWait(t.table);
  }

  // The page shows a game after the series' first (its start, or a full state of it): the player has
  // left the previous result behind, so the seat's clock there may start now.
  private sayReady(table: TableState) {
    if (this.snap.watching || table.mySeat === null || table.game < 1) return;
    this.send({ type: 'ready', table: table.table, game: table.game });
  }

  private resume() {
    const t = this.snap.table;
    if (!t) return;
    this.resumePending = true;
    this.catchUpUntil = Date.now() + CATCH_UP_MS;
    this.send({ type: 'resume', table: t.table, version: this.received });
  }

  private enterTable(id: number, watching: boolean) {
    this.display.clear();
    this.received = 0;
    this.store.setItem(K_TABLE, String(id));
    if (watching) this.store.setItem(K_WATCH, '1');
    else this.store.removeItem(K_WATCH);
    this.emit({ table: newTable(id, this.snap.player?.id ?? null), watching, act: null, error: null });
  }

  private leaveLocal() {
    this.display.clear();
    this.received = 0;
    this.store.removeItem(K_TABLE);
    this.store.removeItem(K_WATCH);
    this.store.removeItem(K_NODE);
    this.emit({ table: null, act: null, watching: false });
  }

  createTable(o: NewTableOptions) {
    this.pendingBots = o.bots;
    this.send({
      type: 'create_table',
      deals: o.deals,
      ...(o.event ? { event: o.event } : {}),
      ...(o.private ? { private: true } : {}),
      ...(o.kontra ? { kontra: true } : {}),
    });
  }

  // The key of a private table, when this page created it or opened its link.
  tableKey(id: number): string | undefined {
    const [table, key] = (this.store.getItem(K_KEY) ?? '').split(':');
    return Number(table) === id && key ? key : undefined;
  }

  private watchMessage(id: number): ClientMessage {
    const key = this.tableKey(id);
    return key ? { type: 'watch_table', table: id, key } : { type: 'watch_table', table: id };
  }

  joinTable(id: number, seat?: number) {
    this.enterTable(id, false);
    const node = this.elsewhere(id);
    if (node) {
      this.pendingSeat = seat;
      return this.goToNode(node);
    }
    this.sendJoin(seat === undefined ? { type: 'join_table', table: id } : { type: 'join_table', table: id, seat });
    this.resume();
  }

  // A table's shareable address: the player seated there goes back to the seat, and so does the
  // player who left its running series (a bot keeps the seat meanwhile); anybody else watches (the
  // lobby says who sits where).
  openTable(id: number, key?: string) {
    const me = this.snap.player?.id;
    const listed = this.snap.lobby?.tables.find((t) => t.table === id);
    if (key) {
      // a private table's link: sit down on a free seat (or back on one's own), else watch
      this.store.setItem(K_KEY, `${id}:${key}`);
      return this.joinTable(id);
    }
    if (me !== undefined && listed?.seats.some((s) => s?.player === me)) this.joinTable(id);
    else if (listed?.running && this.leftSeriesTable === id) this.returnToSeries(id);
    else this.watchTable(id);
  }

  watchTable(id: number) {
    this.enterTable(id, true);
    const node = this.elsewhere(id);
    if (node) return this.goToNode(node);
    this.send(this.watchMessage(id));
    this.resume();
  }

  leaveTable() {
    const t = this.snap.table;
    if (t && !this.snap.watching) this.send({ type: 'leave_table', table: t.table });
    this.leaveLocal();
    this.requestLobby();
  }

  // Leaves a running series: a bot takes the seat for the remaining games (docs/protocol.md §7);
  // the lobby offers the seat back while the series runs.
  leaveSeries() {
    const t = this.snap.table;
    if (!t || this.snap.watching) return;
    this.send({ type: 'leave_table', table: t.table });
    this.leaveLocal();
    this.store.setItem(K_LEFT, String(t.table));
    this.requestLobby();
  }

  // The table of a running series this player left, if the page remembers one.
  get leftSeriesTable(): number | null {
    const v = Number(this.store.getItem(K_LEFT));
    return Number.isInteger(v) && v > 0 ? v : null;
  }

  // Takes the seat back from the bot that plays it.
  returnToSeries(table: number) {
    this.store.removeItem(K_LEFT);
    this.joinTable(table);
  }

  addBot(seat: number, bot: string) {
    const t = this.snap.table;
    if (t) this.send({ type: 'add_bot', table: t.table, seat, bot });
  }

  startSeries() {
    const t = this.snap.table;
    if (t) this.send({ type: 'start_series', table: t.table });
  }

  // A new series at the same table: bots left after the last one, so invite them again.
  playAgain(bots: [string, string]) {
    const t = this.snap.table;
    if (!t || t.mySeat === null) return;
    const free = [0, 1, 2].filter((s) => !t.seats[s].player);
    free.forEach((s, i) => this.addBot(s, bots[i] ?? ''));
    if (free.length === 0) this.startSeries();
    else this.autoStart = true;
  }

  // Sends a move: an entry of `legal` back (docs/protocol.md §5: drop pos, add table) or one made
  // by the page.
  act(move: Move | SeatAction) {
    const t = this.snap.table;
    if (!t) return;
    // The request's version: a click that arrives after its turn passed is refused as stale
    // instead of being taken as the answer to a later turn.
    const version = this.snap.act && this.snap.act.table === t.table ? this.snap.act.version : undefined;
    this.display.skip(); // the player's own move ends a pause on the last trick
    if (this.send(commandOf(move, t.table, version))) this.emit({ busy: true });
  }

  concede() {
    const t = this.snap.table;
    if (t) this.send({ type: 'concede', table: t.table });
  }

  // Kontra (a defender) or Re (the declarer), out of turn like a concession (docs/rules.md §8).
  double(kind: 'kontra' | 're') {
    const t = this.snap.table;
    if (t) this.send({ type: kind, table: t.table });
  }

  chat(text: string) {
    const t = this.snap.table;
    if (t && text.trim()) this.send({ type: 'chat', table: t.table, text: clipUtf8(text.trim(), 300) });
  }

  clearError() {
    this.emit({ error: null });
  }
}

// The longest prefix of `text` of at most `max` UTF-8 bytes that ends between two code points (the
// server counts chat in bytes, docs/protocol.md §5; cutting inside a character would be refused).
export function clipUtf8(text: string, max: number): string {
  let bytes = 0;
  let end = 0;
  for (const ch of text) {
    const size = new TextEncoder().encode(ch).length;
    if (bytes + size > max) break;
    bytes += size;
    end += ch.length;
  }
  return text.slice(0, end);
}
