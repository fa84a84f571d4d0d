// Analyses to test with: a club game of anna's (seat 0) with its decisions built from the values
// of the legal cards, the card played and the best one.
import type { AnalysedDecision, CardValue, GameAnalysis } from '../src/lib/analysis';

// [card, declarer's points, declarer wins]
type Valued = [string, number, boolean];

export function decision(
  trick: number,
  seat: number,
  values: Valued[],
  played: string,
  best: string,
  extra: Partial<AnalysedDecision> = {},
): AnalysedDecision {
  const cards: CardValue[] = values.map(([card, points, wins]) => ({ card, points, wins }));
  const find = (c: string) => cards.find((v) => v.card === c)!;
  return {
    trick,
    seat,
    card: played,
    valued: true,
    cards,
    best: find(best),
    played: find(played),
    played_best: played === best,
    turning_point: played !== best && find(played).wins !== find(best).wins,
    ...extra,
  };
}

export function clubGame(
  series: number,
  decisions: AnalysedDecision[],
  accuracy: GameAnalysis['accuracy'],
): GameAnalysis {
  return {
    series,
    game: 0,
    folded: false,
    declarer: 0,
    declaration: { game: 'C', hand: false, schneider: false, schwarz: false, ouvert: false },
    target: 61,
    decisions,
    accuracy,
  };
}
