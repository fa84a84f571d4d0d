import { describe, expect, it } from 'vitest';
import { BID_VALUES, bidChoices, jumpStep, type LegalAction } from '../src/lib/bidding';

const legalAbove = (current: number): LegalAction[] => [
  ...BID_VALUES.filter((v) => v > current).map((value) => ({ type: 'bid' as const, pos: 1, value })),
  { type: 'pass', pos: 1 },
];

describe('bid choices', () => {
  it('the next bid is the lowest legal one, the rest are jumps', () => {
    const c = bidChoices(legalAbove(18));
    expect(c.next).toBe(20);
    expect(c.higher[0]).toBe(22);
    expect(c.higher).toHaveLength(61);
    expect(c.canPass).toBe(true);
    expect(c.canHold).toBe(false);
  });
  it('an answer offers hold and pass but no bids', () => {
    const c = bidChoices([
      { type: 'hold', pos: 0 },
      { type: 'pass', pos: 0 },
    ]);
    expect(c.next).toBeNull();
    expect(c.higher).toEqual([]);
    expect(c.canHold).toBe(true);
  });
  it('there are 63 legal values from 18 to 264', () => {
    expect(BID_VALUES).toHaveLength(63);
    expect(BID_VALUES[0]).toBe(18);
    expect(BID_VALUES[62]).toBe(264);
  });
});

describe('jump-bid guard', () => {
  const c = bidChoices(legalAbove(18));
  it('sends the next bid at once', () => {
    expect(jumpStep(c, null, 20)).toEqual({ send: 20, armed: null });
  });
  it('arms a jump bid first and sends it only on the second step with the same value', () => {
    const first = jumpStep(c, null, 30);
    expect(first).toEqual({ send: null, armed: 30 });
    expect(jumpStep(c, first.armed, 33)).toEqual({ send: null, armed: 33 });
    expect(jumpStep(c, 30, 30)).toEqual({ send: 30, armed: null });
  });
  it('never sends a value that is not legal', () => {
    expect(jumpStep(c, 19, 19)).toEqual({ send: null, armed: null });
    expect(jumpStep(c, null, 18)).toEqual({ send: null, armed: null });
  });
});
