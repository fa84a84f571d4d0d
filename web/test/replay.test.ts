import { describe, expect, it } from 'vitest';
import { replayFrame, stepCount, type ReplayGame } from '../src/lib/replay';

const names = ['anna', 'bob', 'carl'];
const game: ReplayGame = {
  index: 0,
  forehand: 0,
  hands: [
    ['CJ', 'SJ', 'HJ', 'DJ', 'CA', 'CT', 'CK', 'CQ', 'C9', 'C8'],
    ['SA', 'ST', 'SK', 'SQ', 'S9', 'S8', 'S7', 'HA', 'HT', 'HK'],
    ['HQ', 'H9', 'H8', 'H7', 'DA', 'DT', 'DK', 'DQ', 'D9', 'D8'],
  ],
  skat: ['C7', 'D7'],
  folded: false,
  auction: [],
  declarer: 0,
  declaration: { game: 'C', hand: false, schneider: false, schwarz: false, ouvert: false },
  skat_put: ['C8', 'D7'],
  tricks: [
    { leader: 0, cards: ['CJ', 'S7', 'H7'], winner: 0, points: 2 },
    { leader: 0, cards: ['CA', 'S8', 'H8'], winner: 0, points: 11 },
  ],
  result: { folded: false },
  points: [0, 0, 0],
};

describe('replay stepping', () => {
  it('has the deal, the skat step and one step per card', () => {
    expect(stepCount(game)).toBe(8);
  });
  it('step 0 is the deal as dealt', () => {
    const f = replayFrame(game, 0, names);
    expect(f.hands[0]).toHaveLength(10);
    expect(f.skat).toEqual(['C7', 'D7']);
    expect(f.trick).toEqual([]);
  });
  it('step 1 has the declarer holding the skat minus the put cards', () => {
    const f = replayFrame(game, 1, names);
    expect(f.hands[0]).toContain('C7');
    expect(f.hands[0]).not.toContain('C8');
    expect(f.skat).toEqual(['C8', 'D7']);
    expect(f.caption).toMatch(/anna took the skat/);
  });
  it('steps through the cards forward and back', () => {
    const mid = replayFrame(game, 3, names);
    expect(mid.trick).toEqual([
      { seat: 0, card: 'CJ' },
      { seat: 1, card: 'S7' },
    ]);
    expect(mid.winner).toBeNull();
    const done = replayFrame(game, 4, names);
    expect(done.trick).toHaveLength(3);
    expect(done.winner).toBe(0);
    expect(done.points).toEqual([2, 0, 0]);
    expect(done.hands.map((h) => h.length)).toEqual([9, 9, 9]);
    const next = replayFrame(game, 5, names);
    expect(next.trick).toEqual([{ seat: 0, card: 'CA' }]);
    expect(next.trickNumber).toBe(2);
    expect(replayFrame(game, 4, names)).toEqual(done); // back again
    expect(replayFrame(game, 99, names).step).toBe(7); // clamped
  });
});
