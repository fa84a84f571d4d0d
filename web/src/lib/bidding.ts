import type { SeatAction } from './protocol';

// The 63 legal bid values (docs/rules.md §3) and the jump-bid guard of the auction panel.
export const BID_VALUES = [
  18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60, 63, 66, 70, 72, 77, 80, 81, 84, 88,
  90, 96, 99, 100, 108, 110, 117, 120, 121, 126, 130, 132, 135, 140, 143, 144, 150, 153, 154, 156, 160, 162, 165, 168,
  170, 176, 180, 187, 192, 198, 204, 216, 240, 264,
];

// An entry of a SeatView's `legal` list (docs/protocol.md §5).
export type LegalAction = SeatAction;

export interface BidChoices {
  next: number | null; // the lowest legal bid: the default button
  higher: number[]; // jump bids, offered only behind a deliberate second step
  canHold: boolean;
  canPass: boolean;
}

export function bidChoices(legal: readonly LegalAction[]): BidChoices {
  const bids = legal.flatMap((a) => (a.type === 'bid' ? [a.value] : []));
  bids.sort((a, b) => a - b);
  return {
    next: bids.length ? bids[0] : null,
    higher: bids.slice(1),
    canHold: legal.some((a) => a.type === 'hold'),
    canPass: legal.some((a) => a.type === 'pass'),
  };
}

// The jump-bid guard: a bid above the next legal one is only sent after it was chosen and then
// confirmed. `armed` is the value that was chosen (first step); the second step with the same
// value sends it.
export type JumpStep = { send: number | null; armed: number | null };

export function jumpStep(choices: BidChoices, armed: number | null, value: number): JumpStep {
  if (value === choices.next) return { send: value, armed: null };
  if (!choices.higher.includes(value)) return { send: null, armed: null };
  if (armed === value) return { send: value, armed: null };
  return { send: null, armed: value };
}
