// Every call of the current game's auction in order (who bid what, who held, who passed), shown
// while it runs and kept in view during the play, as Skat sites do.
import type { AuctionEntry } from '../lib/tableState';

const POSITION = ['Forehand', 'Middlehand', 'Rearhand'];

export interface AuctionLine {
  seat: number;
  position: string;
  call: string;
}

// The calls as lines: a bid by its value, an answer as "holds", a pass as "passes".
export function auctionLines(forehand: number, entries: readonly AuctionEntry[]): AuctionLine[] {
  return entries.map((e) => ({
    seat: e.seat,
    position: POSITION[(e.seat - forehand + 3) % 3],
    call: e.type === 'bid' ? String(e.value) : e.type === 'hold' ? 'holds' : 'passes',
  }));
}

export function AuctionHistory({
  forehand,
  entries,
  names,
}: {
  forehand: number;
  entries: readonly AuctionEntry[];
  names: string[];
}) {
  const lines = auctionLines(forehand, entries);
  return (
    <section class="auction-history" aria-label="bidding" data-testid="auction-history">
      <h3>Bidding</h3>
      {lines.length === 0 ? (
        <p class="muted small">No call yet: Middlehand bids to Forehand.</p>
      ) : (
        <ol>
          {lines.map((l) => (
            <li class={l.call === 'passes' ? 'pass' : ''}>
              <span class="who">
                {names[l.seat]} <span class="muted">({l.position})</span>
              </span>{' '}
              <b>{l.call}</b>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
