// @vitest-environment jsdom
// Views in the page's language: the rules page with the base values, the auction list in German,
// the announcer's live region as the shown table changes, a switch of language re-read by a view,
// the German card letters (B, D) and days in the series filter.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { Announcer } from '../src/components/Announcer';
import { AuctionHistory } from '../src/components/AuctionHistory';
import { CardView } from '../src/components/Card';
import { cardLabel } from '../src/lib/cards';
import { formatDay, parseDay } from '../src/lib/dates';
import { SeriesListView } from '../src/views/SeriesListView';
import { setLang } from '../src/lib/i18n';
import type { TableEvent } from '../src/lib/protocol';
import { applyEvent, newTable, type TableState } from '../src/lib/tableState';
import { RulesView } from '../src/views/RulesView';

afterEach(() => {
  setLang('en');
  document.body.innerHTML = '';
});

function mount(node: preact.ComponentChild) {
  const root = document.createElement('div');
  document.body.appendChild(root);
  act(() => render(node, root));
  return root;
}

describe('the rules page', () => {
  it('shows the base values and the fixed Null values in both languages', () => {
    const root = mount(<RulesView />);
    const rows = (id: string) =>
      [...root.querySelectorAll(`[data-testid="${id}"] tbody tr`)].map((tr) => tr.textContent);
    expect(rows('base-values')).toEqual(['♦ Diamonds9', '♥ Hearts10', '♠ Spades11', '♣ Clubs12', 'Grand24']);
    expect(rows('null-values')).toEqual(['Null23', 'Null Hand35', 'Null Ouvert46', 'Null Ouvert Hand59']);
    expect(root.textContent).toContain('18, 20, 22, 23, 24, 27, 30');
    act(() => setLang('de'));
    act(() => render(<RulesView />, root));
    expect(root.querySelector('h2')?.textContent).toBe('Die Skatregeln in Kürze');
    expect(rows('base-values')).toEqual(['♦ Karo9', '♥ Herz10', '♠ Pik11', '♣ Kreuz12', 'Grand24']);
    expect(root.textContent).toContain('Grundwert');
    expect(root.textContent).toContain('überreizt');
    expect(root.textContent).toContain('jeder Gegenspieler bekommt + 40');
  });
});

describe('the auction list in German', () => {
  it('says Vorhand, Mittelhand, Hinterhand, Ja and Passe', () => {
    setLang('de');
    const root = mount(
      <AuctionHistory
        forehand={0}
        entries={[
          { seat: 1, type: 'bid', value: 18 },
          { seat: 0, type: 'hold' },
          { seat: 1, type: 'pass' },
          { seat: 2, type: 'pass' },
        ]}
        names={['Anna', 'Ben', 'Cleo']}
      />,
    );
    expect(root.querySelector('h3')?.textContent).toBe('Reizen');
    expect([...root.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Ben (Mittelhand) 18',
      'Anna (Vorhand) Ja',
      'Ben (Mittelhand) Passe',
      'Cleo (Hinterhand) Passe',
    ]);
  });
});

describe('the announcer', () => {
  it('adds a line for each change of the shown table to its polite live region', () => {
    let v = 0;
    const ev = (m: Record<string, unknown>) => ({ table: 1, version: ++v, game: 0, ...m }) as unknown as TableEvent;
    const apply = (s: TableState, ...list: TableEvent[]) => list.reduce((x, e) => applyEvent(x, e).state, s);
    const names = ['Anna', 'house-1', 'house-2'];
    const dealt = apply(newTable(1, null), ev({ type: 'game_started', forehand: 0 }));
    const root = mount(<Announcer table={dealt} names={names} myTurn={false} />);
    const region = root.querySelector('[data-testid="announcer"]')!;
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
    const bid = apply(dealt, ev({ type: 'bid', seat: 1, value: 18 }));
    act(() => render(<Announcer table={bid} names={names} myTurn={false} />, root));
    expect([...region.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['house-1 bids 18']);
    setLang('de');
    const passed = apply(bid, ev({ type: 'pass', seat: 0 }));
    act(() => render(<Announcer table={passed} names={names} myTurn={true} />, root));
    expect([...region.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['house-1 bids 18', 'Anna passt']);
  });
});

describe('cards in German', () => {
  it('print B for Bube and D for Dame; K, A and the numbers stay', () => {
    expect(['CJ', 'HQ', 'SK', 'DA', 'HT', 'C7'].map(cardLabel)).toEqual(['♣J', '♥Q', '♠K', '♦A', '♥10', '♣7']);
    setLang('de');
    expect(['CJ', 'HQ', 'SK', 'DA', 'HT', 'C7'].map(cardLabel)).toEqual(['♣B', '♥D', '♠K', '♦A', '♥10', '♣7']);
    const root = mount(
      <>
        <CardView card="SJ" />
        <CardView card="DQ" />
      </>,
    );
    const corners = [...root.querySelectorAll('.corner:not(.bottom) .rank')].map((r) => r.textContent);
    expect(corners).toEqual(['B', 'D']);
    expect(root.querySelector('.jack')?.textContent).toBe('B');
  });
});

describe('days in the series filter', () => {
  it('are written and read in the page’s language', () => {
    expect(formatDay('2026-11-27', 'de')).toBe('27.11.2026');
    expect(formatDay('2026-11-27', 'en')).toBe('2026-11-27');
    expect(formatDay('', 'de')).toBe('');
    expect(parseDay('27.11.2026')).toBe('2026-11-27');
    expect(parseDay('1.2.2026')).toBe('2026-02-01');
    expect(parseDay(' 2026-02-01 ')).toBe('2026-02-01');
    expect(parseDay('')).toBe('');
    expect(parseDay('31.02.2026')).toBeNull();
    expect(parseDay('11/27/2026')).toBeNull();
  });

  it('the German series list shows TT.MM.JJJJ and filters by the day typed that way', async () => {
    setLang('de');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ series: [], next_after: null }), { status: 200 })),
    );
    location.hash = '#/series?from=2026-11-01';
    const root = mount(<SeriesListView query={new URLSearchParams('from=2026-11-01')} />);
    const from = root.querySelector<HTMLInputElement>('[data-testid="filter-from"]')!;
    expect(from.value).toBe('01.11.2026');
    expect(from.placeholder).toBe('TT.MM.JJJJ');
    const to = root.querySelector<HTMLInputElement>('[data-testid="filter-to"]')!;
    act(() => {
      to.value = '27.11.2026';
      to.dispatchEvent(new Event('input'));
    });
    act(() => root.querySelector<HTMLButtonElement>('[data-testid="filter-apply"]')!.click());
    expect(location.hash).toBe('#/series?from=2026-11-01&to=2026-11-27');
    act(() => {
      to.value = '31.02.2026';
      to.dispatchEvent(new Event('input'));
    });
    act(() => root.querySelector<HTMLButtonElement>('[data-testid="filter-apply"]')!.click());
    expect(root.querySelector('[data-testid="bad-day"]')?.textContent).toBe(
      '„31.02.2026“ ist kein Tag: bitte als TT.MM.JJJJ schreiben.',
    );
    vi.unstubAllGlobals();
  });
});
