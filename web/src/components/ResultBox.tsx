import { explainResult } from '../lib/explain';
import { t } from '../lib/i18n';
import type { FinishedGame } from '../lib/tableState';

export function ResultBox({ game, names }: { game: FinishedGame; names: string[] }) {
  const ex = explainResult(game.result, names, game.points);
  const cls = game.result.folded ? 'folded' : game.result.won ? 'won' : 'lost';
  return (
    <section class={`result-box ${cls}`} data-testid="result">
      <h3>{t('explain.gameHeadline', { n: game.game + 1, headline: ex.headline })}</h3>
      <ul>
        {ex.lines.map((l) => (
          <li>{l}</li>
        ))}
      </ul>
    </section>
  );
}
