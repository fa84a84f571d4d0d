// @vitest-environment jsdom
// The game list as players keep it, read from the Seeger-Fabian points per game, and the series
// lists and result naming which points they show, in both languages.
import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { SeriesTable } from '../src/components/SeriesTable';
import { setLang } from '../src/lib/i18n';
import { gameList, gameListRow } from '../src/lib/skatList';
import { newTable } from '../src/lib/tableState';
import { SeriesFinal } from '../src/components/SeriesEnd';

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

// Game 1: seat 0 wins a grand worth 44 (SF +94); game 2: folded; game 3: seat 2 loses a spades game
// worth 33 (list −66, SF −116, the defenders +40 each); game 4: seat 1 wins a null worth 23 (+73).
const SF = [
  [94, 0, 0],
  [0, 0, 0],
  [40, 40, -116],
  [0, 73, 0],
];

describe('the game list', () => {
  it('enters + value for a won game and − 2 × value for a lost one, in the declarer’s column', () => {
    expect(gameListRow([94, 0, 0])).toEqual([44, 0, 0]);
    expect(gameListRow([0, 0, 0])).toEqual([0, 0, 0]);
    expect(gameListRow([40, 40, -116])).toEqual([0, 0, -66]);
    expect(gameListRow([0, 73, 0])).toEqual([0, 23, 0]);
    // a lost game of the smallest value: −2 × 18 − 50
    expect(gameListRow([-86, 40, 40])).toEqual([-36, 0, 0]);
    expect(gameList(SF)).toEqual([
      [44, 0, 0],
      [0, 0, 0],
      [0, 0, -66],
      [0, 23, 0],
    ]);
  });

  it('shows the game list with running totals and the Seeger-Fabian points beside it, each named', () => {
    const root = mount(<SeriesTable names={['Ann', 'Bob', 'Cy']} list={SF} deals={36} mySeat={0} />);
    const rows = (id: string, part = 'tbody') =>
      [...root.querySelectorAll(`[data-testid="${id}"] ${part} tr`)].map((tr) =>
        [...tr.querySelectorAll('td, th')].map((c) => c.textContent),
      );
    expect(root.querySelector('[data-testid="series-list"] caption')?.textContent).toBe('Game list · 4 of 36 deals');
    // each cell: the game's entry, then the running total
    expect(rows('series-list')).toEqual([
      ['1', '+4444', '·0', '·0'],
      ['2', '·44', '·0', '·0'],
      ['3', '·44', '·0', '-66-66'],
      ['4', '·44', '+2323', '·-66'],
    ]);
    expect(rows('series-list', 'tfoot')).toEqual([['Σ', '44', '23', '-66']]);
    expect(root.querySelector('[data-testid="sf-list"] caption')?.textContent).toBe('Seeger-Fabian');
    expect(rows('sf-list', 'tfoot')).toEqual([['Σ', '134', '113', '-116']]);
  });

  it('names both lists and the series result’s points in German', () => {
    setLang('de');
    const root = mount(<SeriesTable names={['Ann', 'Bob', 'Cy']} list={SF} deals={36} />);
    expect(root.querySelector('[data-testid="series-list"] caption')?.textContent).toBe(
      'Spielliste · 4 von 36 Spielen',
    );
    expect(root.querySelector('[data-testid="sf-list"] caption')?.textContent).toBe('Seeger-Fabian');
    const table = {
      ...newTable(1, 0),
      list: SF,
      seriesResult: [
        { score: 134, won: 1, lost: 0 },
        { score: 113, won: 1, lost: 0 },
        { score: -116, won: 0, lost: 1 },
      ],
    };
    const final = mount(<SeriesFinal table={table} names={['Ann', 'Bob', 'Cy']} />);
    expect([...final.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Ann 134 Seeger-Fabian-Punkte · Spielliste 44 (1 gewonnen, 0 verloren)',
      'Bob 113 Seeger-Fabian-Punkte · Spielliste 23 (1 gewonnen, 0 verloren)',
      'Cy -116 Seeger-Fabian-Punkte · Spielliste -66 (0 gewonnen, 1 verloren)',
    ]);
  });
});
