// The tournament display helpers: specs, the server's verdicts and end reasons in words, differences,
// rates (with the German decimal comma) and the curve's chart datasets.
import { afterEach, describe, expect, it } from 'vitest';
import {
  classFigures,
  compactSpec,
  curveDatasets,
  DIFFERENCE_DATASET,
  endReasonText,
  formatCi,
  percent,
  seatingLabel,
  signed,
  sprtRequest,
  crosstableOf,
  verdictText,
  DEFAULT_SPRT,
} from '../src/lib/tournament';
import { sideChoices } from '../src/components/TournamentStart';
import { setLang } from '../src/lib/i18n';
import type { TournamentItem } from '../src/lib/api';

afterEach(() => setLang('en'));

const FULL = 'full:worlds=4,budget=3000,tt=16,tables=tables/t0.wtab,putting=rules';

describe('the sides of a tournament', () => {
  it("offers a bot's uploaded program (rated) before its own connections (friendly)", () => {
    const choices = sideChoices({
      house: [{ program: 'rule', online: 2 }],
      bots: [
        { program: 'account:up', sandbox: 'sandbox:up', name: 'up', owner: null, mine: true, online: false },
        { program: 'account:plain', sandbox: null, name: 'plain', owner: null, mine: true, online: true },
      ],
      limits: null,
    });
    expect(choices.map((c) => c.program)).toEqual(['rule', 'sandbox:up', 'account:up', 'account:plain']);
    expect(choices[0].label).toBe('beginner (rule bot) · 2 online');
    expect(choices[1].label).toBe('up (uploaded program, rated)');
    expect(choices[2].label).toContain('(own connections, friendly)');
  });
});

describe('specs', () => {
  it('keeps short specs and cuts long ones to their kind', () => {
    expect(compactSpec('rule')).toBe('rule');
    expect(compactSpec('pimc:worlds=10')).toBe('pimc:worlds=10');
    expect(compactSpec(FULL)).toBe('full…');
  });

  it("says the server's verdict in the page's language, the side by its level or name", () => {
    expect(verdictText(`B (${FULL}) stronger`, 'rule', FULL)).toBe('B (club player) stronger');
    expect(verdictText('A (account:anna-bot) stronger', 'account:anna-bot', FULL)).toBe('A (anna-bot) stronger');
    expect(verdictText('no significant difference at 600 games', 'rule', FULL)).toBe(
      'no significant difference at 600 games',
    );
    expect(verdictText('no significant difference at 1 games', 'rule', FULL)).toBe(
      'no significant difference at 1 game',
    );
    expect(verdictText('something new', 'rule', FULL)).toBe('something new');
    setLang('de');
    expect(verdictText(`B (${FULL}) stronger`, 'rule', FULL)).toBe('B (Vereinsspieler) ist stärker');
    expect(verdictText('A (rule) stronger', 'rule', FULL)).toBe('A (Anfänger) ist stärker');
    expect(verdictText('no significant difference at 12 games', 'rule', FULL)).toBe(
      'kein deutlicher Unterschied nach 12 Spielen',
    );
    expect(verdictText('no significant difference at 1 games', 'rule', FULL)).toBe(
      'kein deutlicher Unterschied nach 1 Spiel',
    );
  });

  it("says why a tournament ended early in the page's language", () => {
    const waited =
      'table 12 waited 600 s for bots it could not get (2 × full:worlds=32); house programs online: rule (3)';
    expect(endReasonText(waited)).toBe(waited);
    expect(endReasonText('cancelled by the operator')).toBe('cancelled by the operator');
    setLang('de');
    expect(endReasonText('cancelled by the operator')).toBe('abgebrochen vom Betreiber');
    expect(endReasonText('cancelled by the player who started it')).toBe(
      'abgebrochen von dem Spieler, der es gestartet hat',
    );
    expect(endReasonText(waited)).toBe(
      'Tisch 12 hat 600 s vergeblich auf Bots gewartet (2 × full:worlds=32); Haus-Programme online: rule (3)',
    );
    expect(endReasonText(waited.replace('rule (3)', 'none'))).toMatch(/Haus-Programme online: keine$/);
    expect(endReasonText('the disk is full')).toBe('the disk is full');
  });
});

describe('figures', () => {
  it('signs the difference and its interval to one decimal', () => {
    expect(signed(12.34)).toBe('+12.3');
    expect(signed(-4.06)).toBe('-4.1');
    expect(signed(-0.04)).toBe('0.0');
    expect(formatCi(12.3, [4.1, 20.5])).toBe('+12.3 [+4.1, +20.5]');
    expect(formatCi(-1, [-5, 3])).toBe('-1.0 [-5.0, +3.0]');
    expect(formatCi(2, null)).toBe('+2.0');
    expect(formatCi(null, null)).toBe('—');
  });

  it('gives rates in percent, a dash when there is nothing to count', () => {
    expect(percent(310, 380)).toBe('81.6 %');
    expect(percent(0, 0)).toBe('—');
    const c = { games: 40, share: 0.125, declarer_won: 30, judged: 0, solver_agrees: 0, accuracy: 0 };
    expect(classFigures(c)).toEqual({ share: '12.5 %', declarerWon: '75.0 %', accuracy: '—', difference: '—' });
    const played = { ...c, duplicate_deals: 39, difference: -2.61, ci95: [-9.96, 4.58] as [number, number] };
    expect(classFigures(played).difference).toBe('-2.6 [-10.0, +4.6]');
  });

  it('writes the figures with a decimal comma on German pages', () => {
    setLang('de');
    expect(signed(12.34)).toBe('+12,3');
    expect(signed(-0.04)).toBe('0,0');
    expect(formatCi(-1, [-5, 3])).toBe('-1,0 [-5,0, +3,0]');
    expect(percent(310, 380)).toBe('81,6 %');
  });

  it('labels the seatings by who sits where', () => {
    expect(seatingLabel('2:1')).toBe('2:1 (A A B)');
    expect(seatingLabel('1:2')).toBe('1:2 (A B B)');
    expect(seatingLabel('total')).toBe('total');
  });
});

describe('curveDatasets', () => {
  const curve = [
    { deals: 10, difference: 20.1, ci95: [-5, 40.2] as [number, number] },
    { deals: 20, difference: 12, ci95: null },
  ];

  it('draws the interval as a band between its bounds, the difference and the zero line', () => {
    const [lower, upper, diff, zero] = curveDatasets(curve);
    expect(lower.data).toEqual([
      { x: 10, y: -5 },
      { x: 20, y: null },
    ]);
    expect(upper.data).toEqual([
      { x: 10, y: 40.2 },
      { x: 20, y: null },
    ]);
    expect(lower.fill).toBe(false);
    expect(upper.fill).toBe('-1');
    expect(diff.data).toEqual([
      { x: 10, y: 20.1 },
      { x: 20, y: 12 },
    ]);
    expect(zero.data.map((p) => p.y)).toEqual([0, 0]);
  });

  it('labels only the band and the difference for the legend', () => {
    const sets = curveDatasets(curve);
    expect(sets.map((d) => d.label)).toEqual(['', '95 % interval', 'B − A per seat and game', '']);
    expect(sets[DIFFERENCE_DATASET].label).toBe('B − A per seat and game');
  });
});

describe('the sequential test in a start form', () => {
  it('is left out when off and sent as the server wants it when on', () => {
    expect(sprtRequest(DEFAULT_SPRT)).toBeNull();
    expect(sprtRequest({ ...DEFAULT_SPRT, on: true })).toEqual({ sprt: [0, 5], alpha: 0.05, beta: 0.05 });
    // a German decimal comma, a negative bound
    expect(sprtRequest({ on: true, d0: '-2,5', d1: '2,5', alpha: '0,01', beta: '0.1' })).toEqual({
      sprt: [-2.5, 2.5],
      alpha: 0.01,
      beta: 0.1,
    });
  });
  it('refuses what the server refuses', () => {
    for (const bad of [
      { d0: '5', d1: '5' },
      { d0: '5', d1: '0' },
      { d0: 'x', d1: '5' },
      { d1: '2000' },
      { alpha: '0' },
      { beta: '0.6' },
      { alpha: '' },
    ])
      expect(sprtRequest({ ...DEFAULT_SPRT, on: true, ...bad })).toBe('invalid');
  });
  it('names a side by its letter when both have one name', () => {
    expect(verdictText('B stronger', 'rule', 'rule')).toBe('B (beginner) stronger');
  });
});

describe('the crosstable of the tournaments', () => {
  const item = (id: number, a: string, b: string, difference: number | null, status = 'finished') =>
    ({
      id,
      a,
      b,
      difference,
      ci95: difference === null ? null : [difference - 2, difference + 2],
      status,
      deals_done: 10,
    }) as unknown as TournamentItem;
  it('gives each pair its latest finished tournament, as the row minus the column', () => {
    const table = crosstableOf([
      item(5, 'rule', 'simple', 4),
      item(4, 'rule', 'simple', 9), // older: not shown
      item(3, 'simple', 'random', 30),
      item(6, 'rule', 'random', null, 'running'),
      item(2, 'rule', 'rule', 0), // a bot against itself: no cell
    ]);
    expect(table.sides).toEqual(['simple', 'rule', 'random']);
    const [simple, rule, random] = [0, 1, 2];
    expect(table.cells[simple][rule]).toEqual({ tournament: 5, difference: 4, ci95: [2, 6], deals: 10 });
    expect(table.cells[rule][simple]).toEqual({ tournament: 5, difference: -4, ci95: [-6, -2], deals: 10 });
    expect(table.cells[random][simple]?.difference).toBe(30);
    expect(table.cells[rule][random]).toBeNull(); // only a running one
    expect(table.cells[rule][rule]).toBeNull();
  });
  it('keeps the sides that met most often', () => {
    const items = [item(1, 'a', 'b', 1), item(2, 'a', 'c', 1), item(3, 'a', 'd', 1), item(4, 'b', 'c', 1)];
    expect(crosstableOf(items, 3).sides).toEqual(['a', 'b', 'c']);
  });
});
