// Short sounds at the table, made with the Web Audio API (no audio files): two rising notes when it
// becomes the player's turn, a soft click for each card shown. Nothing plays while the player's
// switch (lib/prefs.ts) is off, and nothing happens in a browser without AudioContext.
import { soundOn } from './prefs';

type AudioContextClass = new () => AudioContext;

let ctx: AudioContext | null = null;

function audioContextClass(): AudioContextClass | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  return w.AudioContext ?? w.webkitAudioContext ?? null;
}

// The page's one AudioContext, made on first use; null where there is none.
function audio(): AudioContext | null {
  if (ctx) return ctx;
  const Ctx = audioContextClass();
  if (!Ctx) return null;
  try {
    ctx = new Ctx();
  } catch {
    return null;
  }
  return ctx;
}

// Browsers start audio only after a gesture of the player: the switch's click calls this.
export function unlockAudio() {
  const c = audio();
  if (c && c.state === 'suspended') c.resume().catch(() => {});
}

// One short note with a quick attack and an exponential fade.
function note(c: AudioContext, freq: number, start: number, seconds: number, volume: number, type: OscillatorType) {
  const osc = c.createOscillator();
  const gain = c.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, start);
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(volume, start + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + seconds);
  osc.connect(gain);
  gain.connect(c.destination);
  osc.start(start);
  osc.stop(start + seconds + 0.02);
}

function play(sound: (c: AudioContext, at: number) => void) {
  if (!soundOn()) return;
  const c = audio();
  if (!c) return;
  try {
    sound(c, c.currentTime);
  } catch {
    /* a browser that refuses: stay silent */
  }
}

export function playTurnTone() {
  play((c, at) => {
    note(c, 660, at, 0.12, 0.08, 'sine');
    note(c, 880, at + 0.11, 0.18, 0.08, 'sine');
  });
}

export function playCardClick() {
  play((c, at) => note(c, 1500, at, 0.04, 0.04, 'triangle'));
}

// For tests: forget the AudioContext.
export function resetAudio() {
  ctx = null;
}
