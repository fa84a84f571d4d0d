// The end of a game at the table: who won, both piles' card points, the skat as far as this seat may
// see it, and a "next game" button (with the countdown when the player chose one). The final trick
// stays on the felt meanwhile.
import { useEffect, useState } from 'preact/hooks';
import { cardLabel, cardPoints } from '../lib/cards';
import { explainResult } from '../lib/explain';
import type { Dwell } from '../lib/pacing';
import { pointsBySeat, type TableState } from '../lib/tableState';

// The skat's points when they can be told from public facts: the declarer's pile minus the tricks
// the declarer took (suit and grand games played to the last trick).
export function skatPointsSeen(t: Pick<TableState, 'tricks' | 'declarer'>, declarerPoints: number): number | null {
  if (t.declarer < 0 || t.tricks.length !== 10) return null;
  const rest = declarerPoints - pointsBySeat(t)[t.declarer];
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
  t,
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
  const game = t.lastResult!;
  const r = game.result;
  const ex = explainResult(r, names, game.points);
  const last = game.game + 1 >= t.deals;
  const declPts = r.declarer_points;
  const skatPts =
    !r.folded && typeof declPts === 'number' && r.declaration?.game !== 'N' && r.end === 'all_tricks'
      ? skatPointsSeen(t, declPts)
      : null;
  return (
    <section class={`panel game-end ${r.folded ? 'folded' : r.won ? 'won' : 'lost'}`} data-testid="game-end">
      <h3>
        Game {game.game + 1}: {ex.headline}
      </h3>
      {!r.folded && typeof declPts === 'number' && r.declaration?.game !== 'N' && (
        <p data-testid="piles">
          Card points: {names[r.declarer ?? 0]} {declPts}, defenders {120 - declPts}
        </p>
      )}
      {!r.folded && t.skat.length > 0 && (
        <p data-testid="game-end-skat">
          Skat: {t.skat.map(cardLabel).join(' ')} ({cardPoints(t.skat)})
          {t.discard.length > 0 && ` · put away: ${t.discard.map(cardLabel).join(' ')} (${cardPoints(t.discard)})`}
        </p>
      )}
      {!r.folded && t.skat.length === 0 && skatPts !== null && (
        <p data-testid="game-end-skat">The skat counted {skatPts} for the declarer.</p>
      )}
      <button class="primary" onClick={onNext} data-testid="next-game" autoFocus>
        {last ? 'Show the series result' : 'Next game'}
        {secs !== null && ` (${secs})`}
      </button>
    </section>
  );
}
