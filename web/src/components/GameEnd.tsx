// The end of a game at the table: who won, both piles' card points, the skat and the two cards put
// (open to everyone once the game is over), and a "next game" button (with the countdown when the player chose one). The final trick
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
  // The result opens the skat and the put cards to everyone; before it only the declarer knew them.
  const skat = game.skat ?? table.skat;
  const put = game.discard ?? table.discard;
  const handGame = r.declaration?.hand === true;
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
      {skat.length > 0 && (
        <p data-testid="game-end-skat">
          {t('gameEnd.skat', { cards: skat.map(cardLabel).join(' '), points: cardPoints(skat) })}
          {!r.folded && handGame && ` · ${t('gameEnd.handSkat')}`}
          {!r.folded &&
            !handGame &&
            put.length > 0 &&
            ` · ${t('gameEnd.putAway', { cards: put.map(cardLabel).join(' '), points: cardPoints(put) })}`}
        </p>
      )}
      {!r.folded && skat.length === 0 && skatPts !== null && (
        <p data-testid="game-end-skat">{t('gameEnd.skatCounted', { n: skatPts })}</p>
      )}
      <button class="primary" onClick={onNext} data-testid="next-game" autoFocus>
        {last ? t('gameEnd.showSeries') : t('gameEnd.next')}
        {secs !== null && ` (${secs})`}
      </button>
    </section>
  );
}
