// The table as one client sees it, built from the server's versioned table events
// (docs/protocol.md §4) and from a full `state` message (§8). Events are applied strictly in version
// order: an older or repeated version is ignored, a newer one that skips versions is reported as a
// gap (the caller then sends `resume`).
import type { Declaration, Participant, StateMessage, TableEvent } from './protocol';
import { cardPoints } from './cards';
import { t, type MessageKey, type Params } from './i18n';

export type { Declaration } from './protocol';

export interface Player {
  id: number;
  name: string;
  bot: boolean;
  kind?: string;
}
export interface SeatInfo {
  player: Player | null;
  connected: boolean;
  graceUntil?: number;
  replacing?: boolean;
}
export interface TrickCard {
  seat: number;
  card: string;
}
export interface DoneTrick {
  cards: TrickCard[];
  winner: number;
  points: number;
}
export interface AuctionEntry {
  seat: number;
  type: 'bid' | 'hold' | 'pass';
  value?: number;
}
// A game's result as the page shows it: from a `game_result` event, or from a stored game.
export interface GameResult {
  folded: boolean;
  declarer?: number;
  declaration?: Declaration;
  bid?: number;
  won?: boolean;
  value?: number;
  matadors?: number;
  levels?: number;
  schneider?: boolean;
  schwarz?: boolean;
  overbid?: boolean;
  list_entry?: number;
  declarer_points?: number;
  declarer_tricks?: number;
  end?: string;
  doubling?: number; // 2 after Kontra, 4 after Re
}
// Kontra said in this game (docs/rules.md §8): by which seat, whether the declarer answered Re, and
// how many cards the declarer had played then (Re stays open until he plays one more).
export interface KontraState {
  seat: number;
  re: boolean;
  declarerCards: number;
}
export interface FinishedGame {
  game: number;
  result: GameResult;
  points: number[];
  seats: (Player | null)[];
  skat?: string[]; // the skat as dealt, open to everyone once the game is over
  discard?: string[]; // the two cards the declarer put (a hand game: the skat)
}
export interface SeriesTotal {
  score: number;
  won: number;
  lost: number;
}
// A line of the chat: what a player wrote, or what the table says about a seat (`key` and `params`
// name the text, shown in the page's language when it is read).
export interface Note {
  seat: number;
  name: string;
  text: string;
  system: boolean;
  key?: MessageKey;
  params?: Params;
}
export type Phase = 'waiting' | 'bidding' | 'skat' | 'discarding' | 'declaring' | 'playing' | 'finished';

export interface TableState {
  table: number;
  version: number;
  me: number | null; // my player id
  mySeat: number | null;
  event: string;
  deals: number;
  running: boolean;
  series: number | null;
  game: number;
  seats: SeatInfo[];
  seriesSeats: (Player | null)[]; // the players of the current or last series (bots leave after it)
  forehand: number;
  phase: Phase;
  hand: string[];
  auction: AuctionEntry[];
  currentBid: number;
  declarer: number; // seat or −1
  declaration: Declaration | null;
  pickedUp: boolean;
  skat: string[];
  discard: string[];
  ouvertCards: string[];
  trick: TrickCard[];
  tricks: DoneTrick[];
  conceded: boolean[];
  kontraTable: boolean; // the table plays with Kontra and Re
  kontra: KontraState | null;
  lastResult: FinishedGame | null;
  scores: number[];
  list: number[][];
  substitutes: boolean[][]; // per game of `list`: the seats a substitute bot played (docs/protocol.md §4)
  // per game of `list` and seat: the substitute that played it, when this page saw it sit in
  substituteNames: (string | null)[][];
  doublings: number[]; // per game of `list`: 1, 2 after Kontra, 4 after Re
  seriesResult: SeriesTotal[] | null;
  notes: Note[];
  goneAfterTimeouts: number; // > 0: my clock ran out that many moves in a row and a bot takes my seat
}

const emptySeat = (): SeatInfo => ({ player: null, connected: false });

// The state of a game before its first card is dealt (a new table, or a new game of the series).
function noCardsYet() {
  return {
    hand: [] as string[],
    auction: [] as AuctionEntry[],
    currentBid: 0,
    declarer: -1,
    declaration: null as Declaration | null,
    pickedUp: false,
    skat: [] as string[],
    discard: [] as string[],
    ouvertCards: [] as string[],
    trick: [] as TrickCard[],
    tricks: [] as DoneTrick[],
    conceded: [false, false, false],
    kontra: null as KontraState | null,
  };
}

export function newTable(table: number, me: number | null): TableState {
  return {
    table,
    version: 0,
    me,
    mySeat: null,
    event: '',
    deals: 0,
    running: false,
    series: null,
    game: -1,
    seats: [emptySeat(), emptySeat(), emptySeat()],
    seriesSeats: [null, null, null],
    forehand: 0,
    ...noCardsYet(),
    phase: 'waiting',
    lastResult: null,
    scores: [0, 0, 0],
    list: [],
    substitutes: [],
    substituteNames: [],
    doublings: [],
    kontraTable: false,
    seriesResult: null,
    notes: [],
    goneAfterTimeouts: 0,
  };
}

function toPlayer(p: Participant): Player {
  return { id: p.id, name: p.name, bot: p.bot, kind: p.kind };
}

function seatName(s: TableState, seat: number): string {
  return s.seats[seat]?.player?.name ?? t('seat.n', { n: seat + 1 });
}

function findMySeat(s: TableState): number | null {
  if (s.me === null) return null;
  const i = s.seats.findIndex((x) => x.player?.id === s.me);
  return i >= 0 ? i : null;
}

// ---- the auction: who acts next, from the bids/answers so far (docs/rules.md §3) ----
export interface AuctionStatus {
  toAct: number; // seat, −1 when the auction is over
  declarer: number; // seat when over with a declarer, else −1
  folded: boolean;
}

export function auctionStatus(forehand: number, entries: readonly AuctionEntry[]): AuctionStatus {
  const fh = forehand;
  const mh = (fh + 1) % 3;
  const rh = (fh + 2) % 3;
  let stage = 1;
  let bidder = mh;
  let answerer = fh;
  let toAct = mh;
  let highest = 0;
  for (const e of entries) {
    if (e.type === 'bid') {
      highest = e.value ?? highest;
      if (stage === 3) return { toAct: -1, declarer: fh, folded: false };
      toAct = answerer;
    } else if (e.type === 'hold') {
      toAct = bidder;
    } else {
      const survivor = e.seat === bidder ? answerer : bidder;
      if (stage === 1) {
        stage = 2;
        bidder = rh;
        answerer = survivor;
        toAct = rh;
      } else if (stage === 2) {
        if (highest > 0) return { toAct: -1, declarer: survivor, folded: false };
        // nobody bid: forehand may still declare (bid 18) or pass
        if (survivor === fh) {
          stage = 3;
          toAct = fh;
        } else {
          return { toAct: -1, declarer: -1, folded: true };
        }
      } else {
        return { toAct: -1, declarer: -1, folded: true };
      }
    }
  }
  return { toAct, declarer: -1, folded: false };
}

// Whose turn it is (seat, −1 nobody), from the state alone.
export function toAct(s: TableState): number {
  switch (s.phase) {
    case 'bidding':
      return auctionStatus(s.forehand, s.auction).toAct;
    case 'skat':
    case 'discarding':
    case 'declaring':
      return s.declarer;
    case 'playing': {
      if (s.tricks.length >= 10) return -1;
      if (s.trick.length === 0) return s.tricks.length ? s.tricks[s.tricks.length - 1].winner : s.forehand;
      return (s.trick[0].seat + s.trick.length) % 3;
    }
    default:
      return -1;
  }
}

function resetGame(s: TableState, game: number, forehand: number): TableState {
  return { ...s, game, forehand, ...noCardsYet(), phase: 'bidding' };
}

function note(s: TableState, seat: number, key: MessageKey, params?: Params): Note[] {
  return [...s.notes, { seat, name: seatName(s, seat), text: '', system: true, key, params }].slice(-200);
}

function withSeat(s: TableState, seat: number, info: SeatInfo): SeatInfo[] {
  const seats = s.seats.slice();
  seats[seat] = info;
  return seats;
}

// Per game of the list, how often it was doubled (1 at a table without Kontra).
function doublingsOf(m: { list: number[][]; doublings?: number[] }): number[] {
  return m.list.map((_, i) => m.doublings?.[i] ?? 1);
}

// Cards a seat has played in this game (finished tricks and the trick on the table).
export function cardsPlayedBy(s: Pick<TableState, 'tricks' | 'trick'>, seat: number): number {
  let n = 0;
  for (const t of s.tricks) n += t.cards.filter((c) => c.seat === seat).length;
  return n + s.trick.filter((c) => c.seat === seat).length;
}

// What I may say now at a table with Kontra and Re (docs/rules.md §8): a defender Kontra before his
// first card, the declarer Re after a Kontra before his next card.
export function doublingOffer(s: TableState): 'kontra' | 're' | null {
  const me = s.mySeat;
  if (!s.kontraTable || me === null || s.phase !== 'playing' || s.declarer < 0) return null;
  if (me !== s.declarer) return s.kontra === null && cardsPlayedBy(s, me) === 0 ? 'kontra' : null;
  if (s.kontra && !s.kontra.re && cardsPlayedBy(s, me) === s.kontra.declarerCards) return 're';
  return null;
}

// The seats a substitute played in each game, as a message carries them.
function substitutesOf(m: { substitutes: boolean[][] }): boolean[][] {
  return m.substitutes.map((r) => [0, 1, 2].map((i) => r[i] === true));
}

// The names of the substitutes of the games in `substitutes`: kept for the games already named,
// the bot now in the seat for a newly listed game, none for games the page did not see.
function substituteNamesOf(s: TableState, substitutes: boolean[][]): (string | null)[][] {
  return substitutes.map(
    (row, g) =>
      s.substituteNames[g] ??
      row.map((replaced, i) => {
        const now = s.seats[i]?.player;
        return replaced && g === substitutes.length - 1 && now?.bot && now.id !== s.seriesSeats[i]?.id
          ? now.name
          : null;
      }),
  );
}

// Applies one event whose version is exactly s.version + 1.
export function reduceEvent(s0: TableState, ev: TableEvent): TableState {
  let s: TableState = { ...s0, version: ev.version };
  switch (ev.type) {
    case 'seated': {
      s.seats = withSeat(s, ev.seat, { player: toPlayer(ev.player), connected: true });
      s.mySeat = findMySeat(s);
      // before a series the players seated are its players; after one its standing keeps its own
      if (!s.running && !s.seriesResult) s.seriesSeats = s.seats.map((x) => x.player);
      break;
    }
    case 'left':
      s.seats = withSeat(s, ev.seat, emptySeat());
      s.mySeat = findMySeat(s);
      break;
    case 'series_started':
      s.running = true;
      s.series = ev.series;
      s.deals = ev.deals;
      s.kontraTable = ev.kontra === true;
      s.seats = ev.seats.map((p, i) => ({
        ...s.seats[i],
        player: toPlayer(p),
        connected: s.seats[i]?.connected ?? true,
      }));
      s.mySeat = findMySeat(s);
      s.seriesSeats = s.seats.map((x) => x.player);
      s.scores = [0, 0, 0];
      s.list = [];
      s.substitutes = [];
      s.substituteNames = [];
      s.doublings = [];
      s.seriesResult = null;
      s.lastResult = null;
      s.phase = 'waiting';
      break;
    case 'game_started':
      s = resetGame(s, ev.game, ev.forehand);
      if (ev.hand) s.hand = ev.hand.slice();
      if (ev.position !== undefined) s.mySeat = (ev.forehand + ev.position) % 3;
      break;
    case 'bid':
    case 'hold':
    case 'pass': {
      s.auction = [...s.auction, { seat: ev.seat, type: ev.type, value: ev.type === 'bid' ? ev.value : undefined }];
      if (ev.type === 'bid') s.currentBid = ev.value;
      const st = auctionStatus(s.forehand, s.auction);
      if (st.declarer >= 0) {
        s.declarer = st.declarer;
        s.phase = 'skat';
      } else if (st.folded) {
        s.phase = 'finished';
      }
      break;
    }
    case 'pickup': {
      s.pickedUp = true;
      s.phase = 'discarding';
      const skat = ev.skat;
      if (skat) {
        s.skat = skat.slice();
        if (ev.seat === s.mySeat) s.hand = [...s.hand, ...skat.filter((c) => !s.hand.includes(c))];
      }
      break;
    }
    case 'discard': {
      s.phase = 'declaring';
      const cards = ev.cards;
      if (cards) {
        s.discard = cards.slice();
        if (ev.seat === s.mySeat) s.hand = s.hand.filter((c) => !cards.includes(c));
      }
      break;
    }
    case 'declare':
      s.declaration = { ...ev.declaration };
      s.declarer = ev.seat;
      s.phase = 'playing';
      if (ev.ouvert_cards) s.ouvertCards = ev.ouvert_cards.slice();
      break;
    case 'play': {
      const trick = [...s.trick, { seat: ev.seat, card: ev.card }];
      if (ev.seat === s.mySeat) s.hand = s.hand.filter((c) => c !== ev.card);
      if (ev.seat === s.declarer && s.ouvertCards.length) s.ouvertCards = s.ouvertCards.filter((c) => c !== ev.card);
      if (ev.trick_winner !== undefined) {
        s.tricks = [...s.tricks, { cards: trick, winner: ev.trick_winner, points: ev.trick_points ?? 0 }];
        s.trick = [];
      } else {
        s.trick = trick;
      }
      break;
    }
    case 'concede': {
      const c = s.conceded.slice();
      c[ev.seat] = true;
      s.conceded = c;
      s.notes = note(s, ev.seat, ev.seat === s.declarer ? 'note.concedes' : 'note.votes');
      break;
    }
    case 'kontra':
      s.kontra = { seat: ev.seat, re: false, declarerCards: cardsPlayedBy(s, s.declarer) };
      s.notes = note(s, ev.seat, 'note.kontra');
      break;
    case 're':
      if (s.kontra) s.kontra = { ...s.kontra, re: true };
      s.notes = note(s, ev.seat, 'note.re');
      break;
    case 'timeout':
      s.notes = note(s, ev.seat, 'note.timeout');
      break;
    case 'game_result':
      s.phase = 'finished';
      s.lastResult = {
        game: ev.game,
        result: ev.result,
        points: ev.points,
        seats: s.seats.map((x) => x.player),
        skat: ev.skat,
        discard: ev.discard,
      };
      s.scores = ev.scores.slice();
      s.list = ev.list.map((r) => r.slice());
      s.substitutes = substitutesOf(ev);
      s.substituteNames = substituteNamesOf(s, s.substitutes);
      s.doublings = doublingsOf(ev);
      break;
    case 'series_finished':
      s.running = false;
      s.game = -1;
      // the players who played it to its end, where the page did not see them sit down (the bots
      // leave right after it)
      s.seriesSeats = s.seriesSeats.map((p, i) => p ?? s.seats[i]?.player ?? null);
      s.seriesResult = ev.scores.map((x) => ({ score: x.score, won: x.won, lost: x.lost }));
      s.scores = ev.scores.map((x) => x.score);
      s.list = ev.list.map((r) => r.slice());
      s.substitutes = substitutesOf(ev);
      s.substituteNames = substituteNamesOf(s, s.substitutes);
      s.doublings = doublingsOf(ev);
      break;
    case 'chat':
      s.notes = [...s.notes, { seat: ev.seat, name: ev.name, text: ev.text, system: false }].slice(-200);
      break;
    case 'disconnected':
      s.seats = withSeat(s, ev.seat, { ...s.seats[ev.seat], connected: false, graceUntil: ev.grace_until });
      if (ev.timeouts) {
        s.notes = note(s, ev.seat, 'note.goneAfterTimeouts', { n: ev.timeouts });
        if (ev.seat === s.mySeat) s.goneAfterTimeouts = ev.timeouts;
      } else {
        s.notes = note(s, ev.seat, 'note.lost');
      }
      break;
    case 'reconnected':
      s.seats = withSeat(s, ev.seat, {
        ...s.seats[ev.seat],
        connected: true,
        graceUntil: undefined,
        replacing: false,
      });
      if (ev.seat === s.mySeat) s.goneAfterTimeouts = 0;
      s.notes = note(s, ev.seat, 'note.back');
      break;
    case 'replacing':
      s.seats = withSeat(s, ev.seat, { ...s.seats[ev.seat], replacing: true });
      break;
    case 'replaced':
      s.notes = note(s, ev.seat, 'note.replaced', { name: ev.player.name });
      s.seats = withSeat(s, ev.seat, { player: toPlayer(ev.player), connected: true });
      s.mySeat = findMySeat(s);
      break;
    case 'returned':
      s.seats = withSeat(s, ev.seat, { player: toPlayer(ev.player), connected: true });
      s.mySeat = findMySeat(s);
      if (ev.seat === s.mySeat) s.goneAfterTimeouts = 0;
      s.notes = note(s, ev.seat, 'note.returned');
      break;
    case 'series_resumed':
      break; // versions start afresh after a restart: the client resumes and gets the full state
    default: {
      // A type the union does not know (a newer server): it still advances the version.
      const unknown: never = ev;
      void unknown;
      break;
    }
  }
  return s;
}

export type ApplyStatus = 'applied' | 'duplicate' | 'gap';

export function applyEvent(s: TableState, ev: TableEvent): { state: TableState; status: ApplyStatus } {
  if (ev.version <= s.version) return { state: s, status: 'duplicate' };
  if (ev.version > s.version + 1) return { state: s, status: 'gap' };
  return { state: reduceEvent(s, ev), status: 'applied' };
}

// The full state message (after a resume whose events were no longer kept).
export function fromStateMessage(prev: TableState, m: StateMessage): TableState {
  let s = newTable(m.table, prev.me);
  s.notes = prev.notes;
  s.version = m.version;
  s.event = m.event;
  s.deals = m.deals;
  s.kontraTable = m.kontra === true;
  s.doublings = doublingsOf(m);
  s.running = m.running;
  s.series = m.series >= 0 ? m.series : null;
  s.game = m.game;
  // A seat's `replacing` names the human its bot sits in for: that bot is seated, none is coming.
  s.seats = m.seats.map((x) => (x ? { player: toPlayer(x), connected: x.connected } : emptySeat()));
  s.scores = m.scores.slice();
  s.list = m.list.map((r) => r.slice());
  s.substitutes = substitutesOf(m);
  s.substituteNames = s.substitutes.map(() => [null, null, null]);
  s.mySeat = findMySeat(s);
  // The series' players: where a bot sits in for a person, the person.
  s.seriesSeats = m.seats.map((x) => (x ? toPlayer(x.replacing ?? x) : null));
  const view = m.view;
  if (view && m.forehand !== null) {
    const fh = m.forehand;
    if (m.position !== null) s.mySeat = (fh + m.position) % 3;
    const seatOf = (pos: number) => (fh + pos) % 3;
    s = resetGame(s, s.game, fh);
    s.hand = view.hand.slice();
    s.auction = view.history.flatMap((a): AuctionEntry[] =>
      a.type === 'bid' || a.type === 'hold' || a.type === 'pass'
        ? [{ seat: seatOf(a.pos), type: a.type, value: a.type === 'bid' ? a.value : undefined }]
        : [],
    );
    s.currentBid = view.current_bid;
    s.declarer = view.declarer >= 0 ? seatOf(view.declarer) : -1;
    s.declaration = view.declaration;
    s.pickedUp = view.picked_up;
    s.skat = view.skat.slice();
    s.discard = view.discard.slice();
    s.ouvertCards = view.ouvert_cards.slice();
    s.tricks = view.tricks.map((t) => ({
      cards: t.cards.map((card, i) => ({ seat: seatOf(t.leader + i), card })),
      winner: seatOf(t.winner),
      points: t.points,
    }));
    s.trick = view.current_trick.map((card, i) => ({ seat: seatOf(view.trick_leader + i), card }));
    s.conceded = [0, 1, 2].map((seat) => view.conceded[(seat - fh + 3) % 3]);
    s.phase = view.phase;
    // The view does not say when the Kontra came; the declarer's Re is open while his `legal` says so.
    if (view.kontra && view.kontra.by >= 0) {
      const reOpen = view.legal.some((a) => a.type === 're');
      const declarerCards = cardsPlayedBy(s, s.declarer) - (reOpen || view.kontra.re ? 0 : 1);
      s.kontra = { seat: seatOf(view.kontra.by), re: view.kontra.re, declarerCards };
    }
  }
  return s;
}

// Whether the last game's result is still news beside the table: while its game is the one shown,
// after the series, and in the next game until its first card (its auction is read meanwhile, and
// the seat's clock waits for the player who reads it, docs/protocol.md §7).
export function resultCurrent(s: Pick<TableState, 'lastResult' | 'game' | 'running' | 'tricks' | 'trick'>): boolean {
  const r = s.lastResult;
  if (!r) return false;
  if (!s.running || r.game === s.game) return true;
  return r.game === s.game - 1 && s.tricks.length === 0 && s.trick.length === 0;
}

// The names of the series' players (its standing, its list): as the series started, else as last
// seated or as the last result names them, else "Seat N".
export function seriesNames(s: Pick<TableState, 'seriesSeats' | 'seats' | 'lastResult'>): string[] {
  return [0, 1, 2].map(
    (i) =>
      s.seriesSeats[i]?.name ?? s.seats[i]?.player?.name ?? s.lastResult?.seats[i]?.name ?? t('seat.n', { n: i + 1 }),
  );
}

// Card points taken so far per seat (from the finished tricks; the skat is not included).
export function pointsBySeat(s: Pick<TableState, 'tricks'>): number[] {
  const p = [0, 0, 0];
  for (const t of s.tricks) p[t.winner] += t.points;
  return p;
}

// Running totals per game of the series list.
export function runningTotals(list: readonly number[][]): number[][] {
  const out: number[][] = [];
  let acc = [0, 0, 0];
  for (const row of list) {
    acc = acc.map((v, i) => v + (row[i] ?? 0));
    out.push(acc);
  }
  return out;
}

// The card points of both sides while a game runs, as far as this view knows them: the cards the
// declarer put count for the declarer, but only the declarer knows them (and everyone once the
// result opened them); without them the declarer's figure leaves the skat out.
export interface SidePoints {
  declarer: number;
  defenders: number;
  withSkat: boolean;
}
export function sidePoints(s: Pick<TableState, 'tricks' | 'declarer' | 'discard' | 'lastResult' | 'game'>): SidePoints {
  const pts = pointsBySeat(s);
  if (s.declarer < 0) return { declarer: 0, defenders: 0, withSkat: false };
  const tricks = pts[s.declarer];
  const defenders = pts.reduce((a, b) => a + b, 0) - tricks;
  const opened = s.lastResult && s.lastResult.game === s.game ? s.lastResult.discard : undefined;
  const put = s.discard.length === 2 ? s.discard : opened;
  if (!put || put.length !== 2) return { declarer: tricks, defenders, withSkat: false };
  return { declarer: tricks + cardPoints(put), defenders, withSkat: true };
}
