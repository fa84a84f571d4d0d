import { describe, expect, it } from 'vitest';
import { declarationText, explainResult, levelParts } from '../src/lib/explain';
import type { GameResult } from '../src/lib/tableState';

const names = ['anna', 'bob', 'carl'];
const decl = (game: string, extra = {}) =>
  ({ game, hand: false, schneider: false, schwarz: false, ouvert: false, ...extra }) as any;

describe('result explanations', () => {
  it('a won grand with 2 (rules.md §7 worked check)', () => {
    const r: GameResult = {
      folded: false,
      declarer: 0,
      declaration: decl('G'),
      bid: 18,
      won: true,
      value: 72,
      matadors: 2,
      levels: 3,
      schneider: false,
      schwarz: false,
      overbid: false,
      list_entry: 72,
      declarer_points: 75,
      declarer_tricks: 6,
      end: 'all_tricks',
    };
    const e = explainResult(r, names, [122, 0, 0]);
    expect(e.headline).toBe('anna won Grand (bid 18): +72');
    expect(e.lines).toContain('Value: Grand 24 × 3 (with 2 + game 1) = 72.');
    expect(e.lines).toContain('Matadors: with 2.');
    expect(e.lines.join(' ')).toContain('anna +122, bob 0, carl 0');
  });
  it('a lost hearts hand without 1', () => {
    const r: GameResult = {
      folded: false,
      declarer: 1,
      declaration: decl('H', { hand: true }),
      bid: 30,
      won: false,
      value: 30,
      matadors: -1,
      levels: 3,
      schneider: false,
      schwarz: false,
      overbid: false,
      list_entry: -60,
      declarer_points: 50,
      declarer_tricks: 4,
      end: 'all_tricks',
    };
    const e = explainResult(r, names, [40, -110, 40]);
    expect(e.headline).toBe('bob lost Hearts Hand (bid 30): -60');
    expect(e.lines).toContain('Value: Hearts 10 × 3 (without 1 + game 1 + hand 1) = 30.');
    expect(e.lines).toContain('Game list: lost, twice the value: -60.');
  });
  it('an overbid game names the charged value', () => {
    const r: GameResult = {
      folded: false,
      declarer: 2,
      declaration: decl('D'),
      bid: 22,
      won: false,
      value: 27,
      matadors: -1,
      levels: 2,
      schneider: false,
      schwarz: false,
      overbid: true,
      list_entry: -54,
      declarer_points: 89,
      declarer_tricks: 7,
      end: 'all_tricks',
    };
    const e = explainResult(r, names);
    expect(e.lines.find((l) => l.startsWith('Overbid'))).toBe(
      'Overbid: 18 is below the bid 22; charged at 27, the next multiple of 9 reaching the bid.',
    );
  });
  it('announced schneider counts both levels', () => {
    const r: GameResult = {
      folded: false,
      declarer: 0,
      declaration: decl('G', { hand: true, schneider: true }),
      bid: 18,
      won: false,
      value: 192,
      matadors: 4,
      levels: 8,
      schneider: false,
      schwarz: false,
      overbid: false,
      list_entry: -384,
      declarer_points: 89,
      declarer_tricks: 7,
      end: 'all_tricks',
    };
    expect(levelParts(r)).toEqual(['with 4', 'game 1', 'hand 1', 'schneider 1', 'schneider announced 1']);
  });
  it('null, folded and conceded games', () => {
    const n: GameResult = {
      folded: false,
      declarer: 0,
      declaration: decl('N', { ouvert: true }),
      bid: 23,
      won: false,
      value: 46,
      matadors: 0,
      levels: 1,
      schneider: false,
      schwarz: false,
      overbid: false,
      list_entry: -92,
      declarer_points: 10,
      declarer_tricks: 1,
      end: 'null_trick_taken',
    };
    const e = explainResult(n, names);
    expect(e.headline).toBe('anna lost Null Ouvert (bid 23): -92');
    expect(e.lines).toContain('Ended early: the declarer took a trick.');
    expect(explainResult({ folded: true }, names).headline).toMatch(/folded/);
  });
  it('declaration names', () => {
    expect(declarationText(decl('C', { hand: true, schneider: true, schwarz: true, ouvert: true }))).toBe(
      'Clubs Hand Ouvert',
    );
    expect(declarationText(decl('N', { hand: true, ouvert: true }))).toBe('Null Ouvert Hand');
    expect(declarationText(decl('S', { hand: true, schneider: true }))).toBe('Spades Hand Schneider announced');
  });
});
