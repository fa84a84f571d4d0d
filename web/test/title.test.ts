// The tab's title with the turn mark, and which act request counts as the player's turn.
import { afterEach, describe, expect, it } from 'vitest';
import { setLang } from '../src/lib/i18n';
import { pageTitle } from '../src/lib/title';
import { currentAct } from '../src/lib/turn';

afterEach(() => setLang('en'));

describe('the tab title', () => {
  it("starts with a mark while it is the player's turn", () => {
    expect(pageTitle(false)).toBe('Skat');
    expect(pageTitle(true)).toBe('● Your turn · Skat');
    setLang('de');
    expect(pageTitle(true)).toBe('● Du bist dran · Skat');
    expect(pageTitle(false)).toBe('Skat');
  });

  it('counts only an act request the shown table has reached', () => {
    const act = { table: 3, version: 20, seat: 0 };
    expect(currentAct(act, { table: 3, version: 20 })).toBe(act);
    expect(currentAct(act, { table: 3, version: 19 })).toBeNull(); // the display trails the request
    expect(currentAct(act, { table: 4, version: 30 })).toBeNull();
    expect(currentAct(null, { table: 3, version: 20 })).toBeNull();
    expect(currentAct(act, null)).toBeNull();
  });
});
