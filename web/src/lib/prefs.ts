// Preferences kept in localStorage: the four-colour deck.
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
