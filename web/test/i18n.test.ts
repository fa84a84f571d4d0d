// The language choice, the dictionaries (same keys and parameters in both), plural forms and the
// texts that change with the language (card names, explanations).
import { afterEach, describe, expect, it } from 'vitest';
import { chooseLang, DICTIONARIES, lang, setLang, t, translate, tOr, type Entry } from '../src/lib/i18n';
import { cardName, gameName } from '../src/lib/cards';
import { declarationText, explainResult } from '../src/lib/explain';
import type { GameResult } from '../src/lib/tableState';

afterEach(() => setLang('en'));

describe('the language choice', () => {
  it('takes the stored preference first', () => {
    expect(chooseLang('en', ['de-DE'])).toBe('en');
    expect(chooseLang('de', ['en-US'])).toBe('de');
  });
  it("else the browser's: German when it prefers German", () => {
    expect(chooseLang(null, ['de-AT', 'en'])).toBe('de');
    expect(chooseLang(null, ['de'])).toBe('de');
    expect(chooseLang('fr', ['DE-ch'])).toBe('de'); // an unknown stored value counts as none
  });
  it('else English', () => {
    expect(chooseLang(null, ['fr', 'en'])).toBe('en');
    expect(chooseLang(null, ['en-GB', 'de'])).toBe('en');
    expect(chooseLang(null, ['fr'])).toBe('en');
    expect(chooseLang(null, [])).toBe('en');
    expect(chooseLang(null, ['dev'])).toBe('en'); // not a German tag
  });
  it('the first language the page speaks decides', () => {
    expect(chooseLang(null, ['fr-FR', 'de-DE', 'en'])).toBe('de');
  });
});

const params = (e: Entry) =>
  [
    ...new Set(
      (typeof e === 'string' ? [e] : [e.one, e.other]).flatMap((s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1])),
    ),
  ].sort();

describe('the dictionaries', () => {
  const en = DICTIONARIES.en as Record<string, Entry>;
  const de = DICTIONARIES.de as Record<string, Entry>;

  it('have the same keys', () => {
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
  });

  it('have the same parameters and the same plural entries for every key, and no empty text', () => {
    for (const key of Object.keys(en)) {
      expect(params(de[key]), key).toEqual(params(en[key]));
      expect(typeof de[key], key).toBe(typeof en[key]);
      if (typeof en[key] !== 'string') expect(params(en[key]), `${key} is plural by n`).toContain('n');
      for (const text of typeof de[key] === 'string' ? [de[key]] : [de[key].one, de[key].other])
        expect((text as string).trim().length, key).toBeGreaterThan(0);
    }
  });

  it('differ where the page speaks (a few spot checks of the German words)', () => {
    expect(translate('de', 'auction.title')).toBe('Reizen');
    expect(translate('de', 'call.pass')).toBe('Passe');
    expect(translate('de', 'call.yes')).toBe('Ja');
    expect(translate('de', 'table.declarer')).toBe('Alleinspieler');
    expect(translate('de', 'act.pickup')).toBe('Skat aufnehmen');
    expect(translate('de', 'pos.2')).toBe('Hinterhand');
  });
});

describe('t', () => {
  it('puts the parameters in and leaves a missing one visible', () => {
    expect(t('table.takesTrick', { name: 'anna', points: 14 })).toBe('anna takes the trick (+14)');
    expect(t('table.takesTrick', { name: 'anna' })).toBe('anna takes the trick (+{points})');
  });

  it('chooses the plural form by n', () => {
    expect(t('table.cards', { n: 1 })).toBe('1 card');
    expect(t('table.cards', { n: 3 })).toBe('3 cards');
    expect(t('table.cards', { n: 0 })).toBe('0 cards');
    expect(translate('de', 'table.cards', { n: 1 })).toBe('1 Karte');
    expect(translate('de', 'table.cards', { n: 3 })).toBe('3 Karten');
    expect(translate('de', 'lobby.playDeals', { n: 1 })).toBe('1 Spiel spielen');
    expect(translate('de', 'lobby.playDeals', { n: 36 })).toBe('36 Spiele spielen');
  });

  it('follows the language set, and tells a server code it does not know', () => {
    expect(lang()).toBe('en');
    setLang('de');
    expect(lang()).toBe('de');
    expect(t('nav.rules')).toBe('Regeln');
    expect(tOr('status.finished', 'finished')).toBe('beendet');
    expect(tOr('status.paused', 'paused')).toBe('paused');
    setLang('en');
    expect(t('nav.rules')).toBe('Rules');
  });
});

describe('cards and games by name', () => {
  it('speak English and German', () => {
    expect(cardName('SA')).toBe('Ace of Spades');
    expect(cardName('HT')).toBe('Ten of Hearts');
    expect(gameName('D')).toBe('Diamonds');
    setLang('de');
    expect(cardName('SA')).toBe('Pik-Ass');
    expect(cardName('CJ')).toBe('Kreuz-Bube');
    expect(cardName('DQ')).toBe('Karo-Dame');
    expect(gameName('C')).toBe('Kreuz');
    expect(gameName('G')).toBe('Grand');
  });
});

describe('explanations in German', () => {
  const decl = (game: string, extra = {}) =>
    ({ game, hand: false, schneider: false, schwarz: false, ouvert: false, ...extra }) as any;

  it('a lost Grand says "verloren", "Grand" and the German levels', () => {
    setLang('de');
    const r: GameResult = {
      folded: false,
      declarer: 0,
      declaration: decl('G', { hand: true }),
      bid: 18,
      won: false,
      value: 72,
      matadors: 1,
      levels: 3,
      schneider: false,
      schwarz: false,
      overbid: false,
      list_entry: -144,
      declarer_points: 59,
      declarer_tricks: 5,
      end: 'all_tricks',
    };
    const e = explainResult(r, ['anna', 'bob', 'carl'], [-194, 40, 40]);
    expect(e.headline).toBe('anna hat Grand Hand verloren (gereizt bis 18): -144');
    expect(e.lines).toContain('Augen: 59 von 120 in 5 Stichen.');
    expect(e.lines).toContain('Spitzen: mit 1.');
    expect(e.lines).toContain('Spielwert: Grand 24 × 3 (mit 1 + Spiel 1 + Hand 1) = 72.');
    expect(e.lines).toContain('Spielliste: verloren, doppelter Spielwert: -144.');
    expect(e.lines.join(' ')).toContain('jeder Gegenspieler +40');
  });

  it('an overbid suit game, an early end and a folded deal', () => {
    setLang('de');
    const r: GameResult = {
      folded: false,
      declarer: 2,
      declaration: decl('D'),
      bid: 22,
      won: false,
      value: 27,
      matadors: -1,
      levels: 2,
      overbid: true,
      list_entry: -54,
      declarer_points: 40,
      declarer_tricks: 1,
      end: 'declarer_conceded',
    };
    const e = explainResult(r, ['anna', 'bob', 'carl']);
    expect(e.lines).toContain('Augen: 40 von 120 in 1 Stich.');
    expect(e.lines).toContain('Spitzen: ohne 1.');
    expect(e.lines.find((l) => l.startsWith('Überreizt'))).toContain('berechnet wird 27');
    expect(e.lines).toContain('Vorzeitig beendet: der Alleinspieler hat aufgegeben.');
    expect(explainResult({ folded: true }, []).headline).toMatch(/eingepasst/);
    expect(declarationText(decl('S', { hand: true, schneider: true }))).toBe('Pik Hand Schneider angesagt');
  });
});
