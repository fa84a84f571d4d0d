// Preferences kept in localStorage: the card design (French, four-colour or German-suited deck), the
// pace of the table and the sounds (the language is kept by lib/i18n).
import { isDeck, setDeck, type Deck } from './cards';
import { DEFAULT_PACE, type Pace } from './pacing';

const K_DECK = 'skat.deck';
// What the page kept before it offered a choice of decks: '1' for the four-colour deck.
const K_FOUR = 'skat.fourColour';

// The deck from what is stored: the choice when there is one, else the old four-colour switch (a
// player who had it on keeps four colours), else the French deck.
export function storedDeck(deck: string | null, fourColour: string | null): Deck {
  if (isDeck(deck)) return deck;
  return fourColour === '1' ? 'four' : 'french';
}

export function deckChoice(): Deck {
  try {
    return storedDeck(localStorage.getItem(K_DECK), localStorage.getItem(K_FOUR));
  } catch {
    return 'french';
  }
}

export function setDeckChoice(d: Deck) {
  try {
    localStorage.setItem(K_DECK, d);
    localStorage.removeItem(K_FOUR); // read once, now replaced by the choice
  } catch {
    /* private mode: not remembered */
  }
  applyDeck(d);
}

// The deck on the page: the colours by a class on the root (style.css), the suits and names through
// lib/cards.ts.
export function applyDeck(d: Deck) {
  setDeck(d);
  const root = document.documentElement.classList;
  root.toggle('four-colour', d === 'four');
  root.toggle('german-deck', d === 'german');
}

// The display's pace at the table (lib/pacing.ts); tests and impatient players turn it down.
const K_PACE = 'skat.pace';

export function pace(): Pace {
  try {
    const raw = JSON.parse(localStorage.getItem(K_PACE) ?? 'null');
    const num = (v: unknown, lo: number, hi: number, d: number) =>
      typeof v === 'number' && Number.isFinite(v) && v >= lo && v <= hi ? v : d;
    if (raw && typeof raw === 'object')
      return {
        cardMs: num(raw.cardMs, 0, 5000, DEFAULT_PACE.cardMs),
        trickMs: num(raw.trickMs, 0, 10000, DEFAULT_PACE.trickMs),
        resultMs: num(raw.resultMs, -1, 60000, DEFAULT_PACE.resultMs),
      };
  } catch {
    /* unreadable: the default */
  }
  return DEFAULT_PACE;
}

export function setPace(p: Pace) {
  try {
    localStorage.setItem(K_PACE, JSON.stringify(p));
  } catch {
    /* private mode: not remembered */
  }
}

// Sounds at the table (lib/sound.ts): off unless the player switched them on.
const K_SOUND = 'skat.sound';

export function soundOn(): boolean {
  try {
    return localStorage.getItem(K_SOUND) === '1';
  } catch {
    return false;
  }
}

export function setSoundOn(on: boolean) {
  try {
    localStorage.setItem(K_SOUND, on ? '1' : '0');
  } catch {
    /* private mode: not remembered */
  }
}
