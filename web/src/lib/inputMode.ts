// Whether the person last used the keyboard (then focus follows the game, e.g. to the first
// playable card) or a pointer (then focus is left alone, so nothing jumps under a finger).
let keyboard = false;

export function usingKeyboard(): boolean {
  return keyboard;
}

if (typeof window !== 'undefined') {
  window.addEventListener('keydown', () => (keyboard = true), true);
  window.addEventListener('pointerdown', () => (keyboard = false), true);
}
