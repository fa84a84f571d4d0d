// Whether the person last used the keyboard (then focus follows the game, e.g. to the first
// playable card) or a pointer (then focus is left alone, so nothing jumps under a finger), and
// whether the screen is a touch screen (then the page says "tap" rather than "click").
let keyboard = false;

export function usingKeyboard(): boolean {
  return keyboard;
}

if (typeof window !== 'undefined') {
  window.addEventListener('keydown', () => (keyboard = true), true);
  window.addEventListener('pointerdown', () => (keyboard = false), true);
}

// A touch screen: its main pointer is a finger (a phone, a tablet), or it can be touched and has no
// pointer that hovers. A laptop with a touch screen and a mouse still clicks.
export function touchScreen(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return false;
  if (window.matchMedia('(pointer: coarse)').matches) return true;
  return (navigator.maxTouchPoints ?? 0) > 0 && window.matchMedia('(hover: none)').matches;
}
