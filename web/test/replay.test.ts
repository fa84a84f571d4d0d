import { describe, expect, it } from 'vitest';
import { cardAt, cardStep, replayFrame, stepCount, type ReplayGame } from '../src/lib/replay';

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

describe('replay stepping through the auction', () => {
  const bid: ReplayGame = {
    ...game,
    auction: [
      { seat: 1, type: 'bid', value: 18 },
      { seat: 0, type: 'hold' },
      { seat: 1, type: 'pass' },
      { seat: 2, type: 'pass' },
    ],
  };
  it('has one step per call between the deal and the skat', () => {
    expect(stepCount(bid)).toBe(12);
    expect(cardStep(bid, 0)).toBe(6);
    expect(cardAt(bid, 6)).toBe(0);
    expect(cardAt(bid, 5)).toBeNull();
  });
  it('shows the calls so far, the newest in the caption, with the hands as dealt', () => {
    const f = replayFrame(bid, 2, names);
    expect(f.inAuction).toBe(true);
    expect(f.calls).toBe(2);
    expect(f.caption).toBe('Auction, call 2: anna says yes.');
    expect(f.hands[0]).toHaveLength(10);
    expect(f.skat).toEqual(['C7', 'D7']);
    expect(replayFrame(bid, 1, names).caption).toBe('Auction, call 1: bob says 18.');
    expect(replayFrame(bid, 4, names).caption).toBe('Auction, call 4: carl says pass.');
  });
  it('takes up the skat and the cards after the last call', () => {
    const skat = replayFrame(bid, 5, names);
    expect(skat.inAuction).toBe(false);
    expect(skat.calls).toBe(4);
    expect(skat.caption).toMatch(/anna took the skat/);
    expect(replayFrame(bid, 6, names).trick).toEqual([{ seat: 0, card: 'CJ' }]);
    expect(replayFrame(bid, 8, names).trick).toHaveLength(3);
    expect(replayFrame(bid, 8, names)).toEqual({ ...replayFrame(game, 4, names), step: 8, calls: 4 });
  });
  it('ends a folded game with its last call', () => {
    const folded: ReplayGame = {
      ...game,
      folded: true,
      declarer: null,
      declaration: null,
      tricks: [],
      auction: [
        { seat: 1, type: 'pass' },
        { seat: 2, type: 'pass' },
        { seat: 0, type: 'pass' },
      ],
    };
    expect(stepCount(folded)).toBe(4);
    expect(replayFrame(folded, 3, names).caption).toBe('Auction, call 3: anna says pass. All passed: folded.');
    expect(replayFrame(folded, 0, names).caption).toBe('The deal.');
  });
});
