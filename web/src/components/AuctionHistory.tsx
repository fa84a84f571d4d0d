// Every call of the current game's auction in order (who bid what, who held, who passed), shown
// while it runs and kept in view during the play, as Skat sites do. The list scrolls to its end as
// calls arrive, so the newest call is always in view.
import { useLayoutEffect, useRef } from 'preact/hooks';
import { t } from '../lib/i18n';
import type { AuctionEntry } from '../lib/tableState';

// "Forehand" / "Vorhand" for a seat, given the game's forehand.
export function positionName(seat: number, forehand: number): string {
  return t(`pos.${((seat - forehand + 3) % 3) as 0 | 1 | 2}`);
}

export interface AuctionLine {
  seat: number;
  position: string;
  call: string;
  pass: boolean;
}

// The calls as lines: a bid by its value, an answer as "holds", a pass as "passes".
export function auctionLines(forehand: number, entries: readonly AuctionEntry[]): AuctionLine[] {
  return entries.map((e) => ({
    seat: e.seat,
    position: positionName(e.seat, forehand),
    call: e.type === 'bid' ? String(e.value) : e.type === 'hold' ? t('call.holds') : t('call.passes'),
    pass: e.type === 'pass',
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
  const list = useRef<HTMLOListElement>(null);
  // Follow the newest call: scroll the list to its end whenever a call is added.
  useLayoutEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lines.length]);
  return (
    <section class="auction-history" aria-label={t('auction.title')} data-testid="auction-history">
      <h3>{t('auction.title')}</h3>
      {lines.length === 0 ? (
        <p class="muted small">{t('auction.none')}</p>
      ) : (
        <ol ref={list} data-testid="auction-lines">
          {lines.map((l) => (
            <li class={l.pass ? 'pass' : ''}>
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
