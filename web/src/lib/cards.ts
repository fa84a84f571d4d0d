// Cards as the protocol writes them: suit C S H D + rank A K Q J T 9 8 7 ("CJ", "HT").
export type Suit = 'C' | 'S' | 'H' | 'D';
export type GameType = 'C' | 'S' | 'H' | 'D' | 'G' | 'N';

export const SUITS: Suit[] = ['C', 'S', 'H', 'D'];
export const SUIT_SYMBOL: Record<Suit, string> = { C: '♣', S: '♠', H: '♥', D: '♦' };
export const SUIT_NAME: Record<Suit, string> = { C: 'Clubs', S: 'Spades', H: 'Hearts', D: 'Diamonds' };
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
const RANK_NAME: Record<string, string> = {
  A: 'Ace',
  K: 'King',
  Q: 'Queen',
  J: 'Jack',
  T: 'Ten',
  '9': 'Nine',
  '8': 'Eight',
  '7': 'Seven',
};
export const CARD_POINTS: Record<string, number> = { A: 11, T: 10, K: 4, Q: 3, J: 2, '9': 0, '8': 0, '7': 0 };

export const GAME_NAME: Record<GameType, string> = {
  C: 'Clubs',
  S: 'Spades',
  H: 'Hearts',
  D: 'Diamonds',
  G: 'Grand',
  N: 'Null',
};

export function suitOf(card: string): Suit {
  return card[0] as Suit;
}
export function rankOf(card: string): string {
  return card[1];
}
export function cardLabel(card: string): string {
  return `${SUIT_SYMBOL[suitOf(card)]}${RANK_LABEL[rankOf(card)]}`;
}
export function cardName(card: string): string {
  return `${RANK_NAME[rankOf(card)]} of ${SUIT_NAME[suitOf(card)]}`;
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
