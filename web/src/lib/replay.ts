// Replaying a recorded game trick by trick (GET /api/series/{id}/games, docs/api.md).
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
}
export interface SeriesGames {
  series: number;
  seats: { player_id: number; name: string; kind: string }[];
  games: ReplayGame[];
}

export interface ReplayFrame {
  step: number;
  hands: string[][]; // what each seat still holds
  skat: string[]; // the skat as dealt until the declarer took it, then the skat put
  trick: TrickCard[]; // the trick on the table (complete after its third card)
  trickNumber: number; // 1-based, 0 before the first card
  winner: number | null; // set when the trick on the table is complete
  points: number[]; // card points taken per seat so far (tricks only)
  caption: string;
}

// Step 0: the deal; step 1: after the skat (pickup and put, or hand); then one step per card.
export function stepCount(g: ReplayGame): number {
  if (g.folded) return 1;
  return 2 + g.tricks.reduce((n, t) => n + t.cards.length, 0);
}

export function replayFrame(g: ReplayGame, step: number, names: readonly string[]): ReplayFrame {
  const last = stepCount(g) - 1;
  const s = Math.max(0, Math.min(step, last));
  const hands = g.hands.map((h) => h.slice());
  const points = [0, 0, 0];
  if (s === 0 || g.folded || g.declarer === null) {
    return {
      step: s,
      hands,
      skat: g.skat.slice(),
      trick: [],
      trickNumber: 0,
      winner: null,
      points,
      caption: g.folded ? t('caption.folded') : t('caption.deal'),
    };
  }
  const d = g.declarer;
  const hand = !!g.declaration?.hand;
  if (!hand) hands[d] = [...hands[d], ...g.skat].filter((c) => !g.skat_put.includes(c));
  let played = s - 1;
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
    hands,
    skat: hand ? g.skat.slice() : g.skat_put.slice(),
    trick,
    trickNumber,
    winner,
    points,
    caption,
  };
}
