// The last game's result beside the table: the explained outcome, and the skat and the cards put,
// which everyone sees once the game is over.
import { cardLabel, cardPoints } from '../lib/cards';
import { explainResult } from '../lib/explain';
import { t } from '../lib/i18n';
import type { FinishedGame } from '../lib/tableState';

export function ResultBox({ game, names }: { game: FinishedGame; names: string[] }) {
  const ex = explainResult(game.result, names, game.points);
  const r = game.result;
  const cls = r.folded ? 'folded' : r.won ? 'won' : 'lost';
  const cards = (cs: readonly string[]) => ({ cards: cs.map(cardLabel).join(' '), points: cardPoints(cs) });
  const put = !r.folded && r.declaration?.hand !== true ? game.discard : undefined;
  return (
    <section class={`result-box ${cls}`} data-testid="result">
      <h3>{t('explain.gameHeadline', { n: game.game + 1, headline: ex.headline })}</h3>
      <ul>
        {ex.lines.map((l) => (
          <li>{l}</li>
        ))}
        {game.skat && game.skat.length > 0 && <li data-testid="result-skat">{t('result.skat', cards(game.skat))}</li>}
        {put && put.length > 0 && <li data-testid="result-put">{t('result.put', cards(put))}</li>}
      </ul>
    </section>
  );
}
