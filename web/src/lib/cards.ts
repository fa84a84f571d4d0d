// Cards as the protocol writes them: suit C S H D + rank A K Q J T 9 8 7 ("CJ", "HT"), their names and
// labels in the page's language and the card design the page draws (French or German suits).
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
// The German-suited deck's corner letters, the same in both languages: Ass, König, Ober, Unter.
export const GERMAN_RANK_LABEL: Record<string, string> = { ...RANK_LABEL, Q: 'O', J: 'U' };
export const CARD_POINTS: Record<string, number> = { A: 11, T: 10, K: 4, Q: 3, J: 2, '9': 0, '8': 0, '7': 0 };

// The card design: French suits in black and red (the default), French suits in four colours, or
// German suits (Eichel = clubs, Grün = spades, Herz = hearts, Schellen = diamonds; Ober = queen,
// Unter = jack). lib/prefs.ts keeps the player's choice and sets it here; the names and labels below
// follow it, so that a German deck's player reads "Eichel" where the French one reads "Kreuz".
export type Deck = 'french' | 'four' | 'german';
export const DECKS: Deck[] = ['french', 'four', 'german'];
let shownDeck: Deck = 'french';

export function deck(): Deck {
  return shownDeck;
}
export function setDeck(d: Deck) {
  shownDeck = d;
}
export function isDeck(v: unknown): v is Deck {
  return DECKS.includes(v as Deck);
}

// Names in the page's language: "Clubs" / "Kreuz" ("Acorns" / "Eichel" in the German deck), "Grand",
// "Null".
export function suitName(s: Suit): string {
  return shownDeck === 'german' ? t(`suit.german.${s}`) : t(`suit.${s}`);
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
// D (Dame) where English ones read J and Q; A, K and the numbers are the same. The German-suited
// deck reads U (Unter) and O (Ober) in either language.
export function rankLabel(rank: string): string {
  if (shownDeck === 'german') return GERMAN_RANK_LABEL[rank];
  return rank === 'J' || rank === 'Q' ? t(`rank.short.${rank}`) : RANK_LABEL[rank];
}
// A card in a line of text: "♣A", or "Eichel-A" in the German deck (its suits have no characters).
export function cardLabel(card: string): string {
  const rank = rankLabel(rankOf(card));
  return shownDeck === 'german' ? `${suitName(suitOf(card))}-${rank}` : `${SUIT_SYMBOL[suitOf(card)]}${rank}`;
}
// The spoken name: "Ace of Spades" / "Pik-Ass"; in the German deck "Unter of Acorns" / "Eichel-Unter".
export function cardName(card: string): string {
  const r = rankOf(card) as Rank;
  const rank = shownDeck === 'german' && (r === 'J' || r === 'Q') ? t(`rank.german.${r}`) : t(`rank.${r}`);
  return t('card.name', { rank, suit: suitName(suitOf(card)) });
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
