// Preferences kept in localStorage: the four-colour deck, the pace of the table and the sounds (the
// language is kept by lib/i18n).
import { DEFAULT_PACE, type Pace } from './pacing';

const K_FOUR = 'skat.fourColour';

export function fourColour(): boolean {
  try {
    return localStorage.getItem(K_FOUR) === '1';
  } catch {
    return false;
  }
}

export function setFourColour(on: boolean) {
  try {
    localStorage.setItem(K_FOUR, on ? '1' : '0');
  } catch {
    /* private mode: not remembered */
  }
  applyFourColour(on);
}

export function applyFourColour(on: boolean) {
  document.documentElement.classList.toggle('four-colour', on);
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
