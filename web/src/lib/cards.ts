// Cards as the protocol writes them: suit C S H D + rank A K Q J T 9 8 7 ("CJ", "HT").
import { t } from './i18n';

export type Suit = 'C' | 'S' | 'H' | 'D';
export type GameType = 'C' | 'S' | 'H' | 'D' | 'G' | 'N';
export type Rank = 'A' | 'K' | 'Q' | 'J' | 'T' | '9' | '8' | '7';

export const SUITS: Suit[] = ['C', 'S', 'H', 'D'];
export const SUIT_SYMBOL: Record<Suit, string> = { C: '♣', S: '♠', H: '♥', D: '♦' };
export const RANK_LABEL: Record<string, string> = {
  A: 'A',
  K: 'K',
  Q: 'Q',
  J: 'J',
  T: '10',
  '9': '9',
  '8': '8',
  '7': '7',
};
export const CARD_POINTS: Record<string, number> = { A: 11, T: 10, K: 4, Q: 3, J: 2, '9': 0, '8': 0, '7': 0 };

// Names in the page's language: "Clubs" / "Kreuz", "Grand", "Null".
export function suitName(s: Suit): string {
  return t(`suit.${s}`);
}
export function gameName(g: GameType): string {
  return g === 'G' || g === 'N' ? t(`game.${g}`) : suitName(g);
}

export function suitOf(card: string): Suit {
  return card[0] as Suit;
}
export function rankOf(card: string): string {
  return card[1];
}
// The rank as a card's corner prints it, in the page's language: German cards read B (Bube) and
// D (Dame) where English ones read J and Q; A, K and the numbers are the same.
export function rankLabel(rank: string): string {
  return rank === 'J' || rank === 'Q' ? t(`rank.short.${rank}`) : RANK_LABEL[rank];
}
export function cardLabel(card: string): string {
  return `${SUIT_SYMBOL[suitOf(card)]}${rankLabel(rankOf(card))}`;
}
// The spoken name: "Ace of Spades" / "Pik-Ass".
export function cardName(card: string): string {
  return t('card.name', { rank: t(`rank.${rankOf(card) as Rank}`), suit: suitName(suitOf(card)) });
}
export function cardPoints(cards: readonly string[]): number {
  return cards.reduce((sum, c) => sum + CARD_POINTS[rankOf(c)], 0);
}

// Rank order within a suit, best first.
const SUIT_GAME_RANKS = ['A', 'T', 'K', 'Q', '9', '8', '7'];
const NULL_RANKS = ['A', 'K', 'Q', 'J', 'T', '9', '8', '7'];

// Sort key: smaller comes first (left). `game` undefined = not declared yet: sorted like a grand
// (jacks first, then the suits), which is how most players hold their cards during the auction.
export function sortKey(card: string, game?: GameType | null): number {
  const s = SUITS.indexOf(suitOf(card));
  const r = rankOf(card);
  if (game === 'N') return s * 10 + NULL_RANKS.indexOf(r);
  if (r === 'J') return s; // ♣J ♠J ♥J ♦J
  const trump = game && game !== 'G' ? SUITS.indexOf(game as Suit) : -1;
  const group = s === trump ? 0 : 1 + s; // trump suit right after the jacks
  return 10 + group * 10 + SUIT_GAME_RANKS.indexOf(r);
}

export function sortHand(cards: readonly string[], game?: GameType | null): string[] {
  return [...cards].sort((a, b) => sortKey(a, game) - sortKey(b, game));
}

// Is the card a trump in this game (for display only; the server decides legality)?
export function isTrump(card: string, game?: GameType | null): boolean {
  if (!game || game === 'N') return false;
  if (rankOf(card) === 'J') return true;
  return game !== 'G' && suitOf(card) === game;
}
