// The analysis of a finished game by the open-card solver (GET /api/series/{id}/games/{n}/analysis,
// docs/api.md): per card played the values of the legal cards, the turning points and each
// player's accuracy, and the texts the replay shows for them.
import { cardLabel } from './cards';
import { t } from './i18n';
import type { Declaration } from './tableState';

export interface CardValue {
  card: string;
  points?: number; // the declarer's final card points after perfect play (suit and grand, when exact)
  wins: boolean; // the declarer then fulfils his game
}
// A decision the solver's budget did not reach has `valued` false and nothing else.
export interface AnalysedDecision {
  trick: number; // 1-based
  seat: number;
  card: string;
  valued: boolean;
  exact?: boolean; // every card has its points (null: valued)
  cards?: CardValue[];
  best?: CardValue;
  played?: CardValue;
  played_best?: boolean;
  turning_point?: boolean;
}
export interface Accuracy {
  decisions: number;
  best: number;
  share: number | null;
}
export interface GameAnalysis {
  series: number;
  game: number;
  folded: boolean;
  declarer?: number;
  declaration?: Declaration;
  target?: number | null;
  decisions: AnalysedDecision[];
  accuracy: (Accuracy | null)[];
}

// The cards of a decision as good as the best one.
export function bestCards(d: AnalysedDecision): string[] {
  const best = d.best;
  if (!best || !d.cards) return [];
  return d.cards.filter((c) => c.wins === best.wins && c.points === best.points).map((c) => c.card);
}

// A card's value as the replay shows it: card points; for null whether the null stays clean; where
// the points were not worked out, which side of the target the declarer ends on.
export function valueText(v: CardValue, a: GameAnalysis): string {
  if (a.declaration?.game === 'N') return v.wins ? t('analysis.nullClean') : t('analysis.nullBeaten');
  if (v.points === undefined) return `${v.wins ? '≥' : '<'} ${a.target ?? 61}`;
  return String(v.points);
}

// "Trick 4: anna played ♣A: from here the game was lost; ♥7 kept 61."
export function turningText(a: GameAnalysis, d: AnalysedDecision, names: readonly string[]): string {
  const null_ = a.declaration?.game === 'N';
  const declarer = a.declarer ?? 0;
  const params = {
    trick: d.trick,
    name: names[d.seat],
    card: cardLabel(d.card),
    best: d.best ? cardLabel(d.best.card) : '',
    declarer: names[declarer],
    target: a.target ?? 61,
  };
  if (d.seat === declarer) return t(null_ ? 'analysis.turnDeclarerNull' : 'analysis.turnDeclarer', params);
  return t(null_ ? 'analysis.turnDefenderNull' : 'analysis.turnDefender', params);
}

// "anna: 87 % (13 of 15)", or that the player had no choice.
export function accuracyText(acc: Accuracy | null, name: string): string {
  if (!acc || acc.share === null) return t('analysis.noChoice', { name });
  return t('analysis.accuracy', {
    name,
    pct: Math.round(acc.share * 100),
    best: acc.best,
    n: acc.decisions,
  });
}
