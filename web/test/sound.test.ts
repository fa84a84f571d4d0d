// @vitest-environment jsdom
// The table's sounds: silent while switched off, notes through the Web Audio API when on, and no
// error in a browser without AudioContext.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSoundOn, soundOn } from '../src/lib/prefs';
import { playCardClick, playTurnTone, resetAudio, unlockAudio } from '../src/lib/sound';

let made = 0;
let notes = 0;
class FakeAudioContext {
  state = 'suspended';
  currentTime = 1;
  destination = {};
  constructor() {
    made++;
  }
  resume() {
    this.state = 'running';
    return Promise.resolve();
  }
  createOscillator() {
    notes++;
    const param = { setValueAtTime() {}, exponentialRampToValueAtTime() {} };
    return { type: '', frequency: param, connect() {}, start() {}, stop() {} };
  }
  createGain() {
    const param = { setValueAtTime() {}, exponentialRampToValueAtTime() {} };
    return { gain: param, connect() {} };
  }
}

beforeEach(() => {
  made = 0;
  notes = 0;
  resetAudio();
  localStorage.clear();
  (window as any).AudioContext = FakeAudioContext;
});
afterEach(() => {
  delete (window as any).AudioContext;
});

describe('sounds', () => {
  it('are off by default and then make no AudioContext at all', () => {
    expect(soundOn()).toBe(false);
    playTurnTone();
    playCardClick();
    expect(made).toBe(0);
    expect(notes).toBe(0);
  });

  it('play a two-note tone and a click when switched on (remembered)', () => {
    setSoundOn(true);
    expect(soundOn()).toBe(true);
    unlockAudio();
    playTurnTone();
    expect(notes).toBe(2);
    playCardClick();
    expect(notes).toBe(3);
    expect(made).toBe(1); // one context for the page
    setSoundOn(false);
    playCardClick();
    expect(notes).toBe(3);
  });

  it('stay silent without AudioContext', () => {
    delete (window as any).AudioContext;
    setSoundOn(true);
    expect(() => {
      unlockAudio();
      playTurnTone();
      playCardClick();
    }).not.toThrow();
    expect(notes).toBe(0);
  });
});
