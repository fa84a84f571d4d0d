// Replaying a recorded game call by call and card by card (GET /api/series/{id}/games, docs/api.md).
import { cardLabel } from './cards';
import { t } from './i18n';
import type { AuctionEntry, Declaration, GameResult, TrickCard } from './tableState';

export interface ReplayTrick {
  leader: number; // seat
  cards: string[]; // in play order, the leader's first
  winner: number; // seat
  points: number;
}
export interface ReplayGame {
  index: number;
  forehand: number;
  hands: string[][]; // by seat, as dealt
  skat: string[]; // as dealt
  folded: boolean;
  auction: AuctionEntry[];
  declarer: number | null;
  declaration: Declaration | null;
  skat_put: string[];
  tricks: ReplayTrick[];
  result: GameResult;
  points: number[];
  substitutes?: boolean[]; // seats a substitute bot played (docs/api.md)
  // who played each seat: its player, the substitute that sat in, or null (replaced, nobody named)
  players?: ({ player_id: number; name: string; kind: string } | null)[];
}
export interface SeriesGames {
  series: number;
  seats: { player_id: number; name: string; kind: string }[];
  games: ReplayGame[];
}

export interface ReplayFrame {
  step: number;
  calls: number; // auction calls made so far (all of them once the auction is over)
  inAuction: boolean; // the step shows a call (the newest of the first `calls`)
  hands: string[][]; // what each seat still holds
  skat: string[]; // the skat as dealt until the declarer took it, then the skat put
  trick: TrickCard[]; // the trick on the table (complete after its third card)
  trickNumber: number; // 1-based, 0 before the first card
  winner: number | null; // set when the trick on the table is complete
  points: number[]; // card points taken per seat so far (tricks only)
  caption: string;
}

// The names of who played each seat of a game: a substitute's own name where one sat in for the
// series' player (the game is the substitute's), "a substitute for …" where none is named.
export function playedBy(g: ReplayGame, names: string[]): string[] {
  return names.map((name, seat) => {
    if (!g.substitutes?.[seat]) return name;
    return g.players?.[seat]?.name ?? t('list.substituteFor', { name });
  });
}

export function callText(a: AuctionEntry): string {
  return a.type === 'bid' ? String(a.value) : a.type === 'hold' ? t('call.yes') : t('call.pass');
}

// Step 0: the deal; then one step per auction call; then the skat (pickup and put, or hand);
// then one step per card. A folded game ends after its calls.
export function stepCount(g: ReplayGame): number {
  const calls = g.auction.length;
  if (g.folded || g.declarer === null) return 1 + calls;
  return 2 + calls + g.tricks.reduce((n, t) => n + t.cards.length, 0);
}

// The step that shows card `k` (0-based, in play order) just played.
export function cardStep(g: ReplayGame, k: number): number {
  return 2 + g.auction.length + k;
}

// The card just played at `step` (0-based, in play order), or null before the first card.
export function cardAt(g: ReplayGame, step: number): number | null {
  const k = step - 2 - g.auction.length;
  return k >= 0 ? k : null;
}

export function replayFrame(g: ReplayGame, step: number, names: readonly string[]): ReplayFrame {
  const last = stepCount(g) - 1;
  const s = Math.max(0, Math.min(step, last));
  const hands = g.hands.map((h) => h.slice());
  const points = [0, 0, 0];
  const callCount = g.auction.length;
  if (s <= callCount || g.folded || g.declarer === null) {
    const newest = s > 0 ? g.auction[s - 1] : null;
    return {
      step: s,
      calls: s,
      inAuction: newest !== null,
      hands,
      skat: g.skat.slice(),
      trick: [],
      trickNumber: 0,
      winner: null,
      points,
      caption:
        newest !== null
          ? t(s === last && g.folded ? 'caption.callFolded' : 'caption.call', {
              n: s,
              name: names[newest.seat],
              call: callText(newest),
            })
          : g.folded && s === last
            ? t('caption.folded')
            : t('caption.deal'),
    };
  }
  const d = g.declarer;
  const hand = !!g.declaration?.hand;
  if (!hand) hands[d] = [...hands[d], ...g.skat].filter((c) => !g.skat_put.includes(c));
  let played = s - 1 - callCount;
  let trick: TrickCard[] = [];
  let trickNumber = 0;
  let winner: number | null = null;
  let caption = hand
    ? t('caption.hand', { name: names[d] })
    : t('caption.pickup', { name: names[d], cards: g.skat_put.map(cardLabel).join(' ') });
  for (const tr of g.tricks) {
    if (played <= 0) break;
    trickNumber++;
    const n = Math.min(played, tr.cards.length);
    trick = tr.cards.slice(0, n).map((card, i) => ({ seat: (tr.leader + i) % 3, card }));
    for (const tc of trick) hands[tc.seat] = hands[tc.seat].filter((c) => c !== tc.card);
    played -= n;
    if (n === tr.cards.length) {
      points[tr.winner] += tr.points;
      winner = tr.winner;
      caption = t('caption.trickWon', { trick: trickNumber, name: names[tr.winner], n: tr.points });
    } else {
      winner = null;
      caption = t('caption.trickPlays', { trick: trickNumber, name: names[trick[trick.length - 1].seat] });
    }
  }
  return {
    step: s,
    calls: callCount,
    inAuction: false,
    hands,
    skat: hand ? g.skat.slice() : g.skat_put.slice(),
    trick,
    trickNumber,
    winner,
    points,
    caption,
  };
}
