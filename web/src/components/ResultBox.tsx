import { explainResult } from '../lib/explain';
import type { FinishedGame } from '../lib/tableState';

export function ResultBox({ game, names }: { game: FinishedGame; names: string[] }) {
  const ex = explainResult(game.result, names, game.points);
  const cls = game.result.folded ? 'folded' : game.result.won ? 'won' : 'lost';
  return (
    <section class={`result-box ${cls}`} data-testid="result" aria-live="polite">
      <h3>
        Game {game.game + 1}: {ex.headline}
      </h3>
      <ul>
        {ex.lines.map((l) => (
          <li>{l}</li>
        ))}
      </ul>
    </section>
  );
}
