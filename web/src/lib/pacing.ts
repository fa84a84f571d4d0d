// The pace at which the page shows table events. Bots answer in milliseconds; the page keeps their
// moves apart so that a person can follow them: a short pause after each call and card, a longer one
// on a completed trick, and at the end of a game a pause until the player asks for the next one (or
// a countdown runs out). Only the display waits; the play itself is never held up, and a click skips
// the pause. Players and spectators get the same pauses (a spectator's end of a game goes on by
// itself); a spectator of bots, who play far faster than that, follows the live table a game at a
// time (`PacedDisplay`: never more than a game behind).
import type { TableEvent } from './protocol';

export interface Pace {
  cardMs: number; // after a card (and, halved, after a call of the auction or a declaration)
  trickMs: number; // on a completed trick
  resultMs: number; // at the end of a game; < 0: until the player clicks "next game"
}

export const DEFAULT_PACE: Pace = { cardMs: 700, trickMs: 1500, resultMs: -1 };
export const NO_PACE: Pace = { cardMs: 0, trickMs: 0, resultMs: 0 };
// How long a spectator's display stays on a game's result before it follows the next game by itself.
export const SPECTATOR_RESULT_MS = 6000;

// A spectator has nothing to click on to go on: the end of a game that would wait for the player's
// click waits `SPECTATOR_RESULT_MS` instead, and the view follows the live series by itself.
export function spectatorPace(p: Pace): Pace {
  return p.resultMs < 0 ? { ...p, resultMs: SPECTATOR_RESULT_MS } : p;
}

export type DwellKind = 'card' | 'trick' | 'result';

export interface Dwell {
  kind: DwellKind;
  until: number | null; // Date.now() milliseconds; null: until a click
}

// How long the display stays on `ev` before it shows the next event (null: no pause).
export function dwellAfter(ev: TableEvent, pace: Pace): { kind: DwellKind; ms: number | null } | null {
  const some = (kind: DwellKind, ms: number) => (ms > 0 ? { kind, ms } : null);
  switch (ev.type) {
    case 'play':
      return typeof ev.trick_winner === 'number' ? some('trick', pace.trickMs) : some('card', pace.cardMs);
    case 'bid':
    case 'hold':
    case 'pass':
    case 'declare':
      return some('card', Math.round(pace.cardMs / 2));
    case 'game_result':
      return pace.resultMs < 0 ? { kind: 'result', ms: null } : some('result', pace.resultMs);
    default:
      return null;
  }
}

// A queue between the socket and the shown table: `push` events in version order; each is handed to
// `show` as soon as the pause after the previous one has passed. `onChange` reports the pause.
// Where the end of a game goes on by itself (a spectator's always does) the display is never more
// than a game behind: when it reaches the start of a game while a later game has started already
// (bots alone play a game in moments), it shows the games in between at once and goes on, paced
// again, with the latest one.
export class PacedDisplay {
  private queue: TableEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  dwell: Dwell | null = null;

  constructor(
    private show: (ev: TableEvent) => void,
    private pace: () => Pace,
    private onChange: (dwell: Dwell | null) => void,
  ) {}

  get backlog(): number {
    return this.queue.length;
  }

  // `instant`: show it (and everything before it) without pausing, e.g. while catching up; the end
  // of a game that waits for a click still waits (see `catchUp`).
  push(ev: TableEvent, instant = false) {
    this.queue.push(ev);
    if (instant) this.catchUp();
    else if (!this.dwell) this.drain();
  }

  // Ends the current pause (a click, or the player's own move).
  skip() {
    if (!this.dwell) return;
    this.endDwell();
    this.drain();
  }

  // Shows everything queued at once (the player's own turn cannot wait any longer).
  flush() {
    this.endDwell();
    while (this.queue.length) this.show(this.queue.shift()!);
  }

  // Shows what is queued without the short pauses, but stops at the end of a game that waits for
  // the player's click: a burst (the bots' next auction behind a trick's pause, a catch-up, a page
  // out of view) never carries the player past a game's result unseen.
  catchUp() {
    if (this.dwell && this.dwell.until === null) return;
    this.endDwell();
    this.drain(true);
  }

  // Forgets what is queued (a full state replaces it).
  clear() {
    this.queue = [];
    this.endDwell();
  }

  private endDwell() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.dwell) {
      this.dwell = null;
      this.onChange(null);
    }
  }

  private startDwell(kind: DwellKind, ms: number | null) {
    this.dwell = { kind, until: ms === null ? null : Date.now() + ms };
    if (ms !== null)
      this.timer = setTimeout(() => {
        this.timer = null;
        this.dwell = null;
        this.onChange(null);
        this.drain();
      }, ms);
    this.onChange(this.dwell);
  }

  // Shows queued events until one starts a pause; `hurry`: only a pause that waits for a click counts.
  private drain(hurry = false) {
    while (this.queue.length && !this.dwell) {
      this.skipToLatestGame();
      const ev = this.queue.shift()!;
      this.show(ev);
      const d = dwellAfter(ev, this.pace());
      if (d && !(hurry && d.ms !== null)) this.startDwell(d.kind, d.ms);
    }
  }

  // At the start of a game with a later game of the series queued already: shows everything before
  // the latest queued game's start without pauses (not where the end of a game waits for a click: a
  // player sees every result; and never past the series' end, whose standing is shown).
  private skipToLatestGame() {
    if (this.queue[0]?.type !== 'game_started' || this.pace().resultMs < 0) return;
    let latest = 0;
    for (let i = 1; i < this.queue.length && this.queue[i].type !== 'series_finished'; i++)
      if (this.queue[i].type === 'game_started') latest = i;
    for (let i = 0; i < latest; i++) this.show(this.queue.shift()!);
  }
}
