import { describe, expect, it } from 'vitest';
import {
  concessionText,
  nullNote,
  overbidCharge,
  overbidRisk,
  rangeText,
  valueOf,
  type ActHints,
} from '../src/lib/declareHelp';
import type { GameType } from '../src/lib/cards';
import type { DeclareAction } from '../src/lib/protocol';
import { setLang } from '../src/lib/i18n';

// A legal declaration: a plain game unless flags are given.
const decl = (d: Partial<DeclareAction> & { game: GameType }): DeclareAction => ({
  type: 'declare',
  pos: 0,
  hand: false,
  schneider: false,
  schwarz: false,
  ouvert: false,
  ...d,
});

const hints: ActHints = {
  values: [
    { game: 'C', hand: true, schneider: false, schwarz: false, ouvert: false, lowest: 60, highest: 108 },
    { game: 'G', hand: true, schneider: true, schwarz: false, ouvert: false, lowest: 168, highest: 192 },
    { game: 'N', hand: true, schneider: false, schwarz: false, ouvert: false, lowest: 35, highest: 35 },
  ],
  concede: { lowest: -288, highest: -288 },
};

describe('declaring help', () => {
  it('finds the value of a legal declaration, exact or as a range over the skat', () => {
    expect(valueOf(hints, decl({ game: 'C', hand: true }))).toEqual({ lowest: 60, highest: 108 });
    expect(valueOf(hints, decl({ game: 'G', hand: true, schneider: true }))).toEqual({
      lowest: 168,
      highest: 192,
    });
    expect(valueOf(hints, decl({ game: 'G', hand: true }))).toBeNull();
    expect(valueOf(undefined, decl({ game: 'C', hand: true }))).toBeNull();
    expect(rangeText({ lowest: 48, highest: 48 })).toBe('48');
    expect(rangeText({ lowest: 60, highest: 108 })).toBe('60–108');
  });

  it('tells an overbid game, a possibly overbid hand game, and what an overbid costs', () => {
    expect(overbidRisk({ lowest: 48, highest: 48 }, 46)).toBe('no');
    expect(overbidRisk({ lowest: 48, highest: 48 }, 50)).toBe('sure');
    expect(overbidRisk({ lowest: 60, highest: 108 }, 72)).toBe('maybe');
    expect(overbidCharge('C', 50)).toBe(60);
    expect(overbidCharge('G', 48)).toBe(48);
    expect(overbidCharge('N', 50)).toBeNull();
  });

  it('says why plain Null is missing above 23, and which nulls still reach the bid', () => {
    const nulls = [decl({ game: 'N', hand: true }), decl({ game: 'N', ouvert: true, hand: true })];
    expect(nullNote([decl({ game: 'N' })], 20)).toBeNull();
    expect(nullNote(nulls, 30)).toBe(
      'Null is worth 23, less than your bid of 30, so it cannot be played; 2 nulls still reach it: Null Hand (35) and Null Ouvert Hand (59).',
    );
    const ouvert = [decl({ game: 'N', ouvert: true })];
    expect(nullNote(ouvert, 40)).toBe(
      'Null is worth 23, less than your bid of 40, so it cannot be played; Null Ouvert (46) still reaches it.',
    );
    setLang('de');
    try {
      expect(nullNote(ouvert, 40)).toBe(
        'Null ist 23 wert, weniger als dein Reizwert 40, und kann nicht gespielt werden; Null Ouvert (46) reicht noch.',
      );
      expect(nullNote(nulls, 30)).toBe(
        'Null ist 23 wert, weniger als dein Reizwert 30, und kann nicht gespielt werden; 2 Nullspiele reichen noch: Null Hand (35) und Null Ouvert Hand (59).',
      );
    } finally {
      setLang('en');
    }
    expect(nullNote([], 60)).toBe('Null is worth 23, less than your bid of 60, so it cannot be played.');
  });

  it('states what conceding costs on the list and in Seeger-Fabian points', () => {
    expect(concessionText({ lowest: -288, highest: -288 })).toBe(
      'You lose the game: −288 on the list, −338 Seeger-Fabian.',
    );
    expect(concessionText({ lowest: 36, highest: 36 })).toBe(
      'You would still win the game: +36 on the list, +86 Seeger-Fabian.',
    );
    expect(concessionText({ lowest: -120, highest: -96 })).toBe(
      'You lose the game: −120 to −96 on the list, −170 to −146 Seeger-Fabian.',
    );
  });
});
