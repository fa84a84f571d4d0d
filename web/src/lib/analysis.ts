// The analysis of a finished game by the open-card solver (GET /api/series/{id}/games/{n}/analysis,
// docs/api.md): per card played the values of the legal cards, the turning points (the outcome,
// schneider or schwarz) and each player's accuracy; the declaration judged against the declarer's
// other games with the same cards, and his skat put against the other puts; and the texts the
// replay shows for them.
import { cardLabel } from './cards';
import { t } from './i18n';
import type { Declaration } from './tableState';

export interface CardValue {
  card: string;
  points?: number; // the declarer's final card points after perfect play (suit and grand, when exact)
  wins: boolean; // the declarer then fulfils his game
  all_tricks?: boolean; // with all 120 points: he takes every trick too (the defenders schwarz)
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
  schneider_turn?: boolean; // the outcome stays, schneider does not
  schwarz_turn?: boolean; // the outcome and schneider stay, schwarz does not
}
// One of the declarer's games with the same cards, played out with open cards (docs/api.md).
export interface GameChoice {
  declaration: Declaration;
  valued: boolean;
  wins?: boolean; // with perfect play, the bid left aside
  points?: number | null; // the declarer's card points (null in null)
  list_entry?: number; // what it scores at the bid made (overbid included)
  covers_bid?: boolean;
}
// The skat put judged: the declared game with the declarer's own put and with the others.
export interface SkatPut {
  cards: [string, string];
  valued: boolean;
  tried: number; // puts solved, his own first
  wins?: boolean; // his own put wins at the bid with best play
  bid_reachable?: boolean; // some outcome of the declared game covers the bid
  winning?: [string, string] | null; // a put that wins, when his own loses
  turning_point?: boolean;
}
export interface DeclarationChoice {
  games: GameChoice[];
  declared: number;
  best: number | null;
  turning_point: boolean; // the declared game loses, another covering the bid wins
  bid_too_high: boolean; // no game covering the bid wins, one would at a lower bid
  put?: SkatPut | null; // none in a hand game (or from an older server)
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
  choice?: DeclarationChoice | null; // from an older server: none
}

// What a turning point's text names: the trick, who played which card, and the best card.
function decisionParams(d: AnalysedDecision, names: readonly string[]) {
  return { trick: d.trick, name: names[d.seat], card: cardLabel(d.card), best: d.best ? cardLabel(d.best.card) : '' };
}

// "Trick 5: anna played ♥A: schneider was lost here; ♥7 kept 90." (the outcome itself stays)
export function schneiderText(a: GameAnalysis, d: AnalysedDecision, names: readonly string[]): string {
  const declarer = a.declarer ?? 0;
  const params = { ...decisionParams(d, names), points: d.played?.points ?? 0, bestPoints: d.best?.points ?? 0 };
  return t(d.seat === declarer ? 'analysis.schneiderDeclarer' : 'analysis.schneiderDefender', params);
}

// "Trick 9: anna played ♠7: the game stays, but schwarz does not; ♠A would have taken every trick."
export function schwarzText(a: GameAnalysis, d: AnalysedDecision, names: readonly string[]): string {
  const declarer = a.declarer ?? 0;
  const params = { ...decisionParams(d, names), declarer: names[declarer] };
  return t(d.seat === declarer ? 'analysis.schwarzDeclarer' : 'analysis.schwarzDefender', params);
}

const pairLabel = (two: readonly string[]) => two.map(cardLabel).join(' ');

// What the skat put did: "anna put ♣7 ♣8, which loses with best play; putting ♦K ♦A would have won."
export function putText(a: GameAnalysis, names: readonly string[]): string {
  const p = a.choice?.put;
  if (!p) return '';
  const name = names[a.declarer ?? 0];
  const cards = pairLabel(p.cards);
  if (!p.valued) return t('analysis.putNotValued', { name, cards });
  if (p.bid_reachable === false) return t('analysis.putBidOut', { name, cards });
  if (p.wins) return t('analysis.putWins', { name, cards });
  if (p.winning) return t('analysis.putTurned', { name, cards, winning: pairLabel(p.winning) });
  if (p.tried >= 66) return t('analysis.putNoneWins', { name, cards });
  return t('analysis.putNoneFound', { name, cards, n: p.tried });
}

// What the declaration did: the game chosen against the declarer's other games with the same cards.
export function choiceText(a: GameAnalysis, gameText: (d: Declaration) => string, names: readonly string[]): string {
  const c = a.choice;
  if (!c) return '';
  const name = names[a.declarer ?? 0];
  const declared = c.games[c.declared];
  const best = c.best !== null ? c.games[c.best] : null;
  if (c.turning_point && best)
    return t('analysis.choiceTurned', {
      name,
      game: gameText(declared.declaration),
      other: gameText(best.declaration),
      entry: best.list_entry ?? 0,
    });
  if (c.bid_too_high) return t('analysis.bidTooHigh', { name });
  return t('analysis.choiceFine', { name, game: gameText(declared.declaration) });
}

// The cards of a decision as good as the best one.
export function bestCards(d: AnalysedDecision): string[] {
  const best = d.best;
  if (!best || !d.cards) return [];
  return d.cards
    .filter((c) => c.wins === best.wins && c.points === best.points && !!c.all_tricks === !!best.all_tricks)
    .map((c) => c.card);
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
