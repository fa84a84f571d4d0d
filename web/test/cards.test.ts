import { describe, expect, it } from 'vitest';
import { cardPoints, isTrump, sortHand } from '../src/lib/cards';

const hand = ['C7', 'CJ', 'CA', 'S8', 'SJ', 'HT', 'HK', 'DJ', 'DA', 'D7'];

describe('sortHand', () => {
  it('suit game: jacks ♣♠♥♦, then the trump suit, then the other suits A 10 K Q 9 8 7', () => {
    expect(sortHand(hand, 'H')).toEqual(['CJ', 'SJ', 'DJ', 'HT', 'HK', 'CA', 'C7', 'S8', 'DA', 'D7']);
    expect(sortHand(hand, 'D')).toEqual(['CJ', 'SJ', 'DJ', 'DA', 'D7', 'CA', 'C7', 'S8', 'HT', 'HK']);
  });
  it('grand: jacks, then the suits in order', () => {
    expect(sortHand(hand, 'G')).toEqual(['CJ', 'SJ', 'DJ', 'CA', 'C7', 'S8', 'HT', 'HK', 'DA', 'D7']);
  });
  it('before the declaration it sorts like a grand', () => {
    expect(sortHand(hand, null)).toEqual(sortHand(hand, 'G'));
  });
  it('null: suits grouped, A K Q J 10 9 8 7, jacks in their suit', () => {
    expect(sortHand(hand, 'N')).toEqual(['CA', 'CJ', 'C7', 'SJ', 'S8', 'HK', 'HT', 'DA', 'DJ', 'D7']);
  });
  it('does not change the input', () => {
    const copy = hand.slice();
    sortHand(hand, 'C');
    expect(hand).toEqual(copy);
  });
});

describe('cards', () => {
  it('counts card points', () => {
    expect(cardPoints(['CA', 'ST', 'HK', 'DQ', 'CJ', 'C9', 'C8', 'C7'])).toBe(30);
  });
  it('knows trumps', () => {
    expect(isTrump('DJ', 'C')).toBe(true);
    expect(isTrump('C7', 'C')).toBe(true);
    expect(isTrump('C7', 'G')).toBe(false);
    expect(isTrump('CJ', 'N')).toBe(false);
  });
});
