// The texts of the analysis after the game: the turning points (declarer and defender, suit and
// null), the card values, the best cards and the accuracy figures, in English and German.
import { afterEach, describe, expect, it } from 'vitest';
import {
  accuracyText,
  bestCards,
  choiceText,
  schneiderText,
  schwarzText,
  putText,
  turningText,
  valueText,
  type GameAnalysis,
} from '../src/lib/analysis';
import { setLang } from '../src/lib/i18n';
import { clubGame, decision } from './analysisFixture';

const names = ['anna', 'bob', 'carl'];
const suit = clubGame(
  1,
  [
    decision(
      9,
      0,
      [
        ['SA', 75, true],
        ['S7', 50, false],
      ],
      'S7',
      'SA',
    ),
    decision(
      9,
      1,
      [
        ['CJ', 55, false],
        ['HT', 86, true],
        ['HK', 55, false],
      ],
      'HT',
      'CJ',
    ),
  ],
  [{ decisions: 15, best: 13, share: 13 / 15 }, { decisions: 0, best: 0, share: null }, null],
);

afterEach(() => setLang('en'));

describe('the analysis texts', () => {
  it('name the turning point of the declarer and of a defender', () => {
    setLang('en');
    expect(turningText(suit, suit.decisions[0], names)).toBe(
      'Trick 9: anna played ♠7: from here the game was lost; ♠A kept 61.',
    );
    expect(turningText(suit, suit.decisions[1], names)).toBe(
      'Trick 9: bob played ♥10: from here anna won; ♣J held anna below 61.',
    );
  });
  it('speak of the null as clean or beaten', () => {
    setLang('en');
    const nullGame: GameAnalysis = {
      ...suit,
      declaration: { game: 'N', hand: true, schneider: false, schwarz: false, ouvert: false },
      target: null,
    };
    const d = { ...suit.decisions[1], cards: [{ card: 'CJ', wins: false }], best: { card: 'D7', wins: false } };
    expect(turningText(nullGame, d, names)).toBe(
      'Trick 9: bob played ♥10: from here anna won the null; ♦7 would have beaten it.',
    );
    expect(valueText({ card: 'D7', wins: false }, nullGame)).toBe('beaten');
    expect(valueText({ card: 'D7', wins: true }, nullGame)).toBe('clean');
    expect(valueText({ card: 'D7', points: 42, wins: false }, suit)).toBe('42');
    // points not worked out (the solver's budget): the side of the target
    expect(valueText({ card: 'D7', wins: false }, suit)).toBe('< 61');
    expect(valueText({ card: 'D7', wins: true }, { ...suit, target: 90 })).toBe('≥ 90');
  });
  it('mark every card as good as the best', () => {
    expect(bestCards(suit.decisions[1])).toEqual(['CJ', 'HK']);
    expect(bestCards(suit.decisions[0])).toEqual(['SA']);
    expect(bestCards({ trick: 1, seat: 0, card: 'CJ', valued: false })).toEqual([]);
  });
  it('give the accuracy, or say there was no choice', () => {
    setLang('en');
    expect(accuracyText(suit.accuracy[0], 'anna')).toBe('anna: 87 % (13 of 15 decisions)');
    expect(accuracyText(suit.accuracy[1], 'bob')).toBe('bob: no decision with a choice');
    expect(accuracyText(null, 'carl')).toBe('carl: no decision with a choice');
  });
  it('are German in German', () => {
    setLang('de');
    expect(turningText(suit, suit.decisions[0], names)).toBe(
      'Stich 9: anna spielte ♠7 – ab hier war das Spiel verloren; ♠A hätte 61 gehalten.',
    );
    expect(accuracyText(suit.accuracy[0], 'anna')).toBe('anna: 87 % (13 von 15 Entscheidungen)');
  });
});

describe('the declaration judged', () => {
  const gameText = (d: { game: string }) => d.game;
  const choice = (turning: boolean, tooHigh: boolean): GameAnalysis => ({
    series: 1,
    game: 0,
    folded: false,
    declarer: 1,
    declaration: { game: 'N', hand: false, schneider: false, schwarz: false, ouvert: true },
    decisions: [],
    accuracy: [null, null, null],
    choice: {
      games: [
        {
          declaration: { game: 'C', hand: false, schneider: false, schwarz: false, ouvert: false },
          valued: true,
          wins: true,
          points: 75,
          list_entry: 48,
          covers_bid: true,
        },
        {
          declaration: { game: 'N', hand: false, schneider: false, schwarz: false, ouvert: true },
          valued: true,
          wins: false,
          points: null,
          list_entry: -92,
          covers_bid: true,
        },
      ],
      declared: 1,
      best: 0,
      turning_point: turning,
      bid_too_high: tooHigh,
    },
  });
  it('names the game that would have won with the same cards', () => {
    expect(choiceText(choice(true, false), gameText, names)).toBe(
      'bob declared N, which loses with best play; C would have won with the same cards (48 in the list).',
    );
    setLang('de');
    expect(choiceText(choice(true, false), gameText, names)).toBe(
      'bob spielte N, das bei bestem Spiel verliert; C hätte mit denselben Karten gewonnen (48 in der Liste).',
    );
  });
  it('says when the bid was too high, and when the choice was fine', () => {
    expect(choiceText(choice(false, true), gameText, names)).toMatch(/^bob bid too high/);
    expect(choiceText(choice(false, false), gameText, names)).toBe(
      'bob declared N: no other game with the same cards turns the outcome.',
    );
    expect(choiceText({ ...choice(false, false), choice: null }, gameText, names)).toBe('');
  });
  it('tells a schneider lost by a card', () => {
    const d = {
      trick: 5,
      seat: 1,
      card: 'HA',
      valued: true,
      played: { card: 'HA', points: 85, wins: true },
      best: { card: 'H7', points: 92, wins: true },
      schneider_turn: true,
    };
    expect(schneiderText(choice(false, false), d, names)).toBe(
      'Trick 5: bob played ♥A: the game stays, but its schneider does not (85 card points; ♥7 would have made 92).',
    );
  });
  it('tells a schwarz given away by a card', () => {
    const d = {
      trick: 9,
      seat: 1,
      card: 'S7',
      valued: true,
      played: { card: 'S7', points: 109, wins: true },
      best: { card: 'SA', points: 120, wins: true, all_tricks: true },
      schwarz_turn: true,
    };
    expect(schwarzText(choice(false, false), d, names)).toBe(
      'Trick 9: bob played ♠7: the game stays, but schwarz does not; ♠A would have taken every trick.',
    );
    expect(bestCards({ ...d, cards: [d.played, d.best, { card: 'S8', points: 120, wins: true }] })).toEqual(['SA']);
  });
  it('judges the skat put', () => {
    const withPut = (put: NonNullable<GameAnalysis['choice']>['put']): GameAnalysis => {
      const a = choice(false, false);
      return { ...a, choice: { ...a.choice!, put } };
    };
    const lost = { cards: ['C7', 'C8'] as [string, string], valued: true, tried: 14, wins: false, bid_reachable: true };
    expect(putText(withPut({ ...lost, winning: ['DK', 'DA'], turning_point: true }), names)).toBe(
      'bob put ♣7 ♣8, which loses with best play; putting ♦K ♦A would have won.',
    );
    expect(putText(withPut({ ...lost, tried: 66, winning: null, turning_point: false }), names)).toBe(
      'bob put ♣7 ♣8: no put of the twelve cards wins this game.',
    );
    expect(putText(withPut({ ...lost, tried: 1, winning: null, turning_point: false }), names)).toBe(
      'bob put ♣7 ♣8, which loses; no other put was worked out.',
    );
    expect(putText(withPut({ ...lost, wins: true, tried: 1, winning: null, turning_point: false }), names)).toBe(
      'bob put ♣7 ♣8: the game wins with best play.',
    );
    expect(putText(withPut(null), names)).toBe('');
    setLang('de');
    expect(putText(withPut({ ...lost, winning: ['DK', 'DA'], turning_point: true }), names)).toBe(
      'bob drückte ♣7 ♣8, damit verliert das Spiel bei bestem Spiel; mit ♦K ♦A im Skat hätte es gewonnen.',
    );
  });
});
