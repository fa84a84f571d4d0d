// The end of a game at the table: who won, both piles' card points, the skat as far as this seat may
// see it, and a "next game" button (with the countdown when the player chose one). The final trick
// stays on the felt meanwhile.
import { useEffect, useState } from 'preact/hooks';
import { cardLabel, cardPoints } from '../lib/cards';
import { explainResult } from '../lib/explain';
import { t } from '../lib/i18n';
import type { Dwell } from '../lib/pacing';
import { pointsBySeat, type TableState } from '../lib/tableState';

// The skat's points when they can be told from public facts: the declarer's pile minus the tricks
// the declarer took (suit and grand games played to the last trick).
export function skatPointsSeen(table: Pick<TableState, 'tricks' | 'declarer'>, declarerPoints: number): number | null {
  if (table.declarer < 0 || table.tricks.length !== 10) return null;
  const rest = declarerPoints - pointsBySeat(table)[table.declarer];
  return rest >= 0 && rest <= 120 ? rest : null;
}

function useSecondsLeft(until: number | null): number | null {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (until === null) return;
    const id = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(id);
  }, [until]);
  return until === null ? null : Math.max(0, Math.ceil((until - now) / 1000));
}

export function GameEnd({
  t: table,
  names,
  dwell,
  onNext,
}: {
  t: TableState;
  names: string[];
  dwell: Dwell;
  onNext: () => void;
}) {
  const secs = useSecondsLeft(dwell.until);
  const game = table.lastResult!;
  const r = game.result;
  const ex = explainResult(r, names, game.points);
  const last = game.game + 1 >= table.deals;
  const declPts = r.declarer_points;
  const skatPts =
    !r.folded && typeof declPts === 'number' && r.declaration?.game !== 'N' && r.end === 'all_tricks'
      ? skatPointsSeen(table, declPts)
      : null;
  return (
    <section class={`panel game-end ${r.folded ? 'folded' : r.won ? 'won' : 'lost'}`} data-testid="game-end">
      <h3>{t('explain.gameHeadline', { n: game.game + 1, headline: ex.headline })}</h3>
      {!r.folded && typeof declPts === 'number' && r.declaration?.game !== 'N' && (
        <p data-testid="piles">
          {t('gameEnd.piles', { name: names[r.declarer ?? 0], declarer: declPts, defenders: 120 - declPts })}
        </p>
      )}
      {!r.folded && table.skat.length > 0 && (
        <p data-testid="game-end-skat">
          {t('gameEnd.skat', { cards: table.skat.map(cardLabel).join(' '), points: cardPoints(table.skat) })}
          {table.discard.length > 0 &&
            ` · ${t('gameEnd.putAway', { cards: table.discard.map(cardLabel).join(' '), points: cardPoints(table.discard) })}`}
        </p>
      )}
      {!r.folded && table.skat.length === 0 && skatPts !== null && (
        <p data-testid="game-end-skat">{t('gameEnd.skatCounted', { n: skatPts })}</p>
      )}
      <button class="primary" onClick={onNext} data-testid="next-game" autoFocus>
        {last ? t('gameEnd.showSeries') : t('gameEnd.next')}
        {secs !== null && ` (${secs})`}
      </button>
    </section>
  );
}
