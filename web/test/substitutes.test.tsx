// @vitest-environment jsdom
// The games a substitute bot played in a person's seat are credited to the bot: the score sheet
// marks them with its name and keeps them out of the person's running totals and Σ (their share a
// line apart), the series' end standing counts the person's own games, the replay names who played
// each seat, a visitor's sheet is headed by the series' players, and the recorded series is found
// although the API counts a player's own games only.
import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { SeriesTable } from '../src/components/SeriesTable';
import { SeriesFinal, ownStanding } from '../src/components/SeriesEnd';
import { recordedSeriesOf, type SeriesItem } from '../src/lib/api';
import { setLang } from '../src/lib/i18n';
import { playedBy, type ReplayGame } from '../src/lib/replay';
import { fromStateMessage, newTable, type TableState } from '../src/lib/tableState';

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

// Game 1: Anna (seat 0) wins a grand worth 44 (+94); she leaves; game 2: the substitute in her seat
// wins a grand worth 72 (+122); game 3: Bob (seat 1) loses a spades game (the defenders +40 each).
const SF = [
  [94, 0, 0],
  [122, 0, 0],
  [40, -116, 40],
];
const SUBSTITUTES = [
  [false, false, false],
  [true, false, false],
  [true, false, false],
];

describe('a substitute’s games', () => {
  it('are marked with the bot’s name and kept out of the player’s totals', () => {
    const root = mount(
      <SeriesTable
        names={['Anna', 'Bob', 'Cy']}
        list={SF}
        deals={36}
        substitutes={SUBSTITUTES}
        substituteNames={[
          [null, null, null],
          ['house-7', null, null],
          [null, null, null],
        ]}
      />,
    );
    const foot = (id: string) =>
      [...root.querySelectorAll(`[data-testid="${id}"] tfoot tr`)].map((tr) =>
        [...tr.querySelectorAll('td, th')].map((c) => c.textContent),
      );
    expect(foot('sf-list')).toEqual([
      ['Σ', '94', '-116', '40'],
      ['bot', '162', '', ''],
    ]);
    expect(foot('series-list')).toEqual([
      ['Σ', '44', '-66', '0'],
      ['bot', '72', '', ''],
    ]);
    const marks = [...root.querySelectorAll('[data-testid="sf-list"] [data-testid="substitute-mark"]')];
    expect(marks.map((m) => m.textContent)).toEqual(['house-7', 'bot']);
    expect(marks[0].getAttribute('title')).toBe('house-7 played this game in place of Anna: it counts for house-7');
  });

  it('leave the standing at the series’ end to the player’s own games', () => {
    setLang('de');
    const table: TableState = {
      ...newTable(1, 2),
      list: SF,
      substitutes: SUBSTITUTES,
      substituteNames: [
        [null, null, null],
        ['house-7', null, null],
        [null, null, null],
      ],
      seriesResult: [
        { score: 256, won: 2, lost: 0 },
        { score: -116, won: 0, lost: 1 },
        { score: 40, won: 0, lost: 0 },
      ],
    };
    expect(ownStanding(table)[0]).toMatchObject({ games: 1, score: 94, list: 44, won: 1, lost: 0 });
    expect(ownStanding(table)[0].substitute).toMatchObject({ games: 2, score: 162, won: 1 });
    const final = mount(<SeriesFinal table={table} names={['Anna', 'Bob', 'Cy']} />);
    expect([...final.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Anna 94 Seeger-Fabian-Punkte · Spielliste 44 (1 gewonnen, 0 verloren) (nicht mitgezählt: 2 Spiele, die house-7 auf diesem Platz spielte, 162 Punkte)',
      'Cy 40 Seeger-Fabian-Punkte · Spielliste 0 (0 gewonnen, 0 verloren)',
      'Bob -116 Seeger-Fabian-Punkte · Spielliste -66 (0 gewonnen, 1 verloren)',
    ]);
  });

  it('name the substitute as the one who played in a replay', () => {
    const g = {
      substitutes: [true, false, true],
      players: [{ player_id: 9, name: 'house-7', kind: 'bot' }, { player_id: 2, name: 'Bob', kind: 'guest' }, null],
    } as unknown as ReplayGame;
    expect(playedBy(g, ['Anna', 'Bob', 'Cy'])).toEqual(['house-7', 'Bob', 'substitute for Cy']);
    expect(playedBy({ ...g, substitutes: undefined }, ['Anna', 'Bob', 'Cy'])).toEqual(['Anna', 'Bob', 'Cy']);
  });

  it('do not hide the recorded series, whose seats count their players’ own games', () => {
    const stored: SeriesItem = {
      id: 12,
      table: 4,
      event: '',
      status: 'finished',
      started_at: 0,
      finished_at: 1,
      deals: 3,
      games_played: 3,
      seats: [
        {
          player_id: 1,
          name: 'Anna',
          kind: 'guest',
          score: 94,
          won: 1,
          lost: 0,
          substitute: { games: 2, score: 162, won: 1, lost: 0, players: [{ player_id: 9, name: 'house-7' }] },
        },
        { player_id: 2, name: 'Bob', kind: 'guest', score: -116, won: 0, lost: 1 },
        { player_id: 3, name: 'Cy', kind: 'guest', score: 40, won: 0, lost: 0 },
      ],
    };
    expect(recordedSeriesOf([stored], [256, -116, 40], 3)?.id).toBe(12);
  });

  it('leave a visitor’s sheet headed by the series’ players', () => {
    const s = fromStateMessage(newTable(1, 50), {
      type: 'state',
      table: 1,
      version: 40,
      event: 'Training',
      deals: 36,
      kontra: false,
      running: true,
      series: 0,
      game: -1,
      seats: [
        {
          id: 9,
          name: 'house-7',
          bot: true,
          kind: 'simple',
          connected: true,
          replacing: { id: 1, name: 'Anna', bot: false },
        },
        { id: 2, name: 'Bob', bot: false, connected: true },
        { id: 3, name: 'Cy', bot: false, connected: true },
      ],
      scores: [256, -116, 40],
      list: SF,
      substitutes: SUBSTITUTES,
      forehand: null,
      position: null,
      deadline: null,
      view: null,
    });
    expect(s.seriesSeats.map((p) => p?.name)).toEqual(['Anna', 'Bob', 'Cy']);
    expect(s.seats[0].player?.name).toBe('house-7');
  });
});
