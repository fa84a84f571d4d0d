// Human-readable explanations of game results (docs/rules.md §6, §7) and of declarations.
import { GAME_NAME, type GameType } from './cards';
import type { Declaration, GameResult } from './tableState';

export const BASE_VALUE: Record<string, number> = { D: 9, H: 10, S: 11, C: 12, G: 24 };

export function declarationText(d: Declaration | null | undefined): string {
  if (!d) return '';
  const parts = [GAME_NAME[d.game as GameType] ?? d.game];
  if (d.game === 'N') {
    if (d.ouvert) parts.push('Ouvert');
    if (d.hand) parts.push('Hand');
    return parts.join(' ');
  }
  if (d.hand) parts.push('Hand');
  if (d.ouvert) parts.push('Ouvert');
  else if (d.schwarz) parts.push('Schwarz announced');
  else if (d.schneider) parts.push('Schneider announced');
  return parts.join(' ');
}

const END_TEXT: Record<string, string> = {
  all_tricks: 'all ten tricks played',
  null_trick_taken: 'the declarer took a trick',
  schwarz_broken: 'the defenders took a trick although schwarz was announced',
  declarer_conceded: 'the declarer conceded',
  defenders_conceded: 'the defenders conceded',
};

export interface Explanation {
  headline: string;
  lines: string[];
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : `${n}`;
}

// The multiplier's parts for suit and grand games, or null when they do not add up to `levels`.
export function levelParts(r: GameResult): string[] | null {
  const d = r.declaration;
  if (!d || d.game === 'N' || typeof r.levels !== 'number' || typeof r.matadors !== 'number') return null;
  const m = Math.abs(r.matadors);
  const parts: [string, number][] = [
    [r.matadors >= 0 ? 'with' : 'without', m],
    ['game', 1],
  ];
  if (d.hand) parts.push(['hand', 1]);
  const schwarzAnn = d.schwarz || d.ouvert;
  const schneiderAnn = d.schneider || schwarzAnn;
  if (r.schneider || schneiderAnn) parts.push(['schneider', 1]);
  if (schneiderAnn) parts.push(['schneider announced', 1]);
  if (r.schwarz || schwarzAnn) parts.push(['schwarz', 1]);
  if (schwarzAnn) parts.push(['schwarz announced', 1]);
  if (d.ouvert) parts.push(['ouvert', 1]);
  const sum = parts.reduce((a, [, n]) => a + n, 0);
  if (sum !== r.levels) return null;
  return parts.map(([name, n]) => `${name} ${n}`);
}

export function explainResult(r: GameResult, names: readonly string[], points?: readonly number[]): Explanation {
  if (r.folded) return { headline: 'All players passed: the deal is folded and scores 0.', lines: [] };
  const who = names[r.declarer ?? 0] ?? `Seat ${(r.declarer ?? 0) + 1}`;
  const d = r.declaration!;
  const game = declarationText(d);
  const headline = `${who} ${r.won ? 'won' : 'lost'} ${game} (bid ${r.bid}): ${signed(r.list_entry ?? 0)}`;
  const lines: string[] = [];
  if (d.game === 'N') {
    lines.push(`Null games have a fixed value: ${r.value}.`);
    lines.push(r.won ? 'The declarer took no trick.' : 'The declarer took a trick.');
  } else {
    lines.push(
      `Card points: ${r.declarer_points} of 120 in ${r.declarer_tricks} trick${r.declarer_tricks === 1 ? '' : 's'}` +
        (r.schwarz ? ' — schwarz' : r.schneider ? ' — schneider' : '') +
        '.',
    );
    const m = r.matadors ?? 0;
    lines.push(`Matadors: ${m >= 0 ? 'with' : 'without'} ${Math.abs(m)}.`);
    const base = BASE_VALUE[d.game];
    const parts = levelParts(r);
    const raw = base * (r.levels ?? 0);
    lines.push(
      `Value: ${GAME_NAME[d.game as GameType]} ${base} × ${r.levels} (${parts ? parts.join(' + ') : 'levels'}) = ${raw}.`,
    );
    if (r.overbid)
      lines.push(
        `Overbid: ${raw} is below the bid ${r.bid}; charged at ${r.value}, the next multiple of ${base} reaching the bid.`,
      );
  }
  if (r.end && END_TEXT[r.end] && r.end !== 'all_tricks') lines.push(`Ended early: ${END_TEXT[r.end]}.`);
  lines.push(
    r.won ? `List: won ${signed(r.value ?? 0)}.` : `List: lost, twice the value: ${signed(r.list_entry ?? 0)}.`,
  );
  if (points && points.length === 3) {
    lines.push(
      'Seeger-Fabian: ' +
        points.map((p, i) => `${names[i] ?? `Seat ${i + 1}`} ${signed(p)}`).join(', ') +
        (r.won ? ' (declarer: value + 50)' : ' (declarer: −2 × value − 50, each defender +40)') +
        '.',
    );
  }
  return { headline, lines };
}
