import { describe, expect, it } from 'vitest';
import {
  applyEvent,
  auctionStatus,
  fromStateMessage,
  newTable,
  pointsBySeat,
  runningTotals,
  sidePoints,
  toAct,
  type TableState,
} from '../src/lib/tableState';
import { setLang, t } from '../src/lib/i18n';
import type { TableEvent } from '../src/lib/protocol';

const ME = 5;
const players = [
  { id: 5, name: 'anna', bot: false },
  { id: 1, name: 'house-1', bot: true, kind: 'simple' },
  { id: 2, name: 'house-2', bot: true, kind: 'simple' },
];
const hand = ['CT', 'CQ', 'CK', 'S7', 'H8', 'HT', 'HQ', 'HK', 'HA', 'DQ'];

// The start of a recorded game (server messages as sent to seat 0).
function events(): TableEvent[] {
  let v = 0;
  const e = (m: Record<string, unknown>): TableEvent =>
    ({ table: 1, version: ++v, game: -1, ...m }) as unknown as TableEvent;
  return [
    e({ type: 'seated', seat: 0, player: players[0] }),
    e({ type: 'seated', seat: 1, player: players[1] }),
    e({ type: 'seated', seat: 2, player: players[2] }),
    e({ type: 'series_started', series: 0, deals: 2, seats: players, by: 0 }),
    e({ type: 'game_started', game: 0, forehand: 0, position: 0, hand }),
    e({ type: 'pass', game: 0, seat: 1 }),
    e({ type: 'bid', game: 0, seat: 2, value: 18 }),
    e({ type: 'hold', game: 0, seat: 0 }),
    e({ type: 'pass', game: 0, seat: 2 }),
    e({ type: 'pickup', game: 0, seat: 0, skat: ['H7', 'D7'] }),
    e({ type: 'discard', game: 0, seat: 0, cards: ['CT', 'CQ'] }),
    e({
      type: 'declare',
      game: 0,
      seat: 0,
      declaration: { game: 'H', hand: false, schneider: false, schwarz: false, ouvert: false },
    }),
    e({ type: 'play', game: 0, seat: 0, card: 'HA' }),
    e({ type: 'play', game: 0, seat: 1, card: 'H9' }),
    e({ type: 'play', game: 0, seat: 2, card: 'D9', trick_winner: 0, trick_points: 11 }),
    e({ type: 'play', game: 0, seat: 0, card: 'HT' }),
  ];
}

function applyAll(list: TableEvent[], s: TableState = newTable(1, ME)): TableState {
  for (const ev of list) {
    const r = applyEvent(s, ev);
    expect(r.status).toBe('applied');
    s = r.state;
  }
  return s;
}

describe('table events', () => {
  it('says when my seat went to a bot after timeouts in a row, until I take it back', () => {
    let s = applyAll(events());
    const more = (m: Record<string, unknown>): TableEvent =>
      ({ table: 1, version: s.version + 1, game: 0, ...m }) as unknown as TableEvent;
    s = applyAll([more({ type: 'disconnected', seat: 1, grace_until: 5 })], s);
    expect(s.goneAfterTimeouts).toBe(0); // another seat, and no timeouts
    s = applyAll([more({ type: 'disconnected', seat: 0, grace_until: 5, timeouts: 3 })], s);
    expect(s.goneAfterTimeouts).toBe(3);
    expect(s.seats[0].connected).toBe(false);
    const bot = { id: 9, name: 'house-9', bot: true, kind: 'simple' };
    s = applyAll([more({ type: 'replacing', seat: 0, kind: 'simple' })], s);
    s = applyAll([more({ type: 'replaced', seat: 0, player: bot, previous: players[0] })], s);
    expect(s.mySeat).toBe(null);
    expect(s.goneAfterTimeouts).toBe(3);
    s = applyAll([more({ type: 'returned', seat: 0, player: players[0] })], s);
    expect(s.mySeat).toBe(0);
    expect(s.goneAfterTimeouts).toBe(0);
  });

  it('builds the table from events in version order', () => {
    const s = applyAll(events());
    expect(s.version).toBe(16);
    expect(s.mySeat).toBe(0);
    expect(s.running).toBe(true);
    expect(s.declarer).toBe(0);
    expect(s.declaration?.game).toBe('H');
    expect(s.phase).toBe('playing');
    expect(s.hand).toHaveLength(8); // 10 + skat − discard − 2 played
    expect(s.hand).not.toContain('HA');
    expect(s.hand).toContain('H7');
    expect(s.tricks).toHaveLength(1);
    expect(s.tricks[0].winner).toBe(0);
    expect(s.trick).toEqual([{ seat: 0, card: 'HT' }]);
    expect(pointsBySeat(s)).toEqual([11, 0, 0]);
    expect(toAct(s)).toBe(1);
  });

  it('ignores repeated versions and reports a gap without applying it', () => {
    const list = events();
    const s = applyAll(list.slice(0, 6));
    expect(applyEvent(s, list[3]).status).toBe('duplicate');
    const gap = applyEvent(s, list[8]);
    expect(gap.status).toBe('gap');
    expect(gap.state).toBe(s);
    // after the missing events arrive the state is the same as without the gap
    expect(applyAll(list.slice(6), s)).toEqual(applyAll(list));
  });

  it('records the result and the series list', () => {
    const s0 = applyAll(events().slice(0, 5));
    const r = applyEvent(s0, {
      type: 'game_result',
      table: 1,
      version: 6,
      game: 0,
      result: {
        folded: false,
        declarer: 0,
        declaration: { game: 'H', hand: false, schneider: false, schwarz: false, ouvert: false },
        bid: 18,
        won: true,
        value: 72,
        matadors: 1,
        levels: 2,
        schneider: false,
        schwarz: false,
        overbid: false,
        list_entry: 72,
        declarer_points: 75,
        declarer_tricks: 6,
        end: 'all_tricks',
      },
      points: [122, 0, 0],
      scores: [122, 0, 0],
      list: [[122, 0, 0]],
      substitutes: [[false, false, true]],
      skat: ['D7', 'SA'],
      discard: ['CA', 'ST'],
    });
    expect(r.state.phase).toBe('finished');
    // the skat and the cards put are open to every seat once the game is over
    expect(r.state.lastResult?.skat).toEqual(['D7', 'SA']);
    expect(r.state.lastResult?.discard).toEqual(['CA', 'ST']);
    expect(r.state.lastResult?.points).toEqual([122, 0, 0]);
    expect(r.state.list).toEqual([[122, 0, 0]]);
    expect(r.state.substitutes).toEqual([[false, false, true]]); // a substitute bot played seat 2
    const f = applyEvent(r.state, {
      type: 'series_finished',
      table: 1,
      version: 7,
      game: -1,
      series: 0,
      scores: [
        { score: 122, won: 1, lost: 0 },
        { score: 0, won: 0, lost: 0 },
        { score: 0, won: 0, lost: 0 },
      ],
      list: [[122, 0, 0]],
      substitutes: [[false, false, true]],
    });
    expect(f.state.running).toBe(false);
    expect(f.state.seriesResult?.[0]).toEqual({ score: 122, won: 1, lost: 0 });
  });

  it('rebuilds from a full state message (positions turned into seats)', () => {
    const s = fromStateMessage(newTable(1, ME), {
      type: 'state',
      table: 1,
      version: 40,
      event: 'Training',
      deals: 36,
      kontra: false,
      running: true,
      series: 0,
      game: 1,
      seats: [
        { id: 5, name: 'anna', bot: false, connected: true },
        { id: 1, name: 'house-1', bot: true, kind: 'simple', connected: true },
        { id: 2, name: 'house-2', bot: true, kind: 'simple', connected: false },
      ],
      scores: [122, 0, 0],
      list: [[122, 0, 0]],
      substitutes: [[false, false, false]],
      forehand: 1,
      position: 2,
      deadline: 0,
      view: {
        pos: 2,
        phase: 'playing',
        to_act: 0,
        hand: ['C7', 'C8'],
        current_bid: 18,
        bids: [18, 0, 18],
        declarer: 0,
        bid: 18,
        picked_up: true,
        declaration: { game: 'G', hand: false, schneider: false, schwarz: false, ouvert: false },
        skat: [],
        discard: [],
        ouvert_cards: [],
        history: [
          { type: 'bid', pos: 1, value: 18 },
          { type: 'hold', pos: 0 },
          { type: 'pass', pos: 1 },
          { type: 'pass', pos: 2 },
        ],
        tricks: [{ cards: ['CJ', 'C9', 'CA'], leader: 0, winner: 0, points: 13 }],
        current_trick: ['SA'],
        trick_leader: 0,
        conceded: [false, false, false],
        legal: [],
      },
    });
    expect(s.mySeat).toBe(0); // forehand 1 + position 2
    expect(s.declarer).toBe(1); // position 0
    expect(s.tricks[0].cards.map((c) => c.seat)).toEqual([1, 2, 0]);
    expect(s.tricks[0].winner).toBe(1);
    expect(s.trick).toEqual([{ seat: 1, card: 'SA' }]);
    expect(s.auction[0]).toEqual({ seat: 2, type: 'bid', value: 18 });
    expect(s.seats[2].connected).toBe(false);
    expect(s.phase).toBe('playing');
    expect(toAct(s)).toBe(2);
  });
});

describe('auction turns', () => {
  const a = (seat: number, type: 'bid' | 'hold' | 'pass', value?: number) => ({ seat, type, value });
  it('middlehand bids to forehand, then rearhand to the survivor', () => {
    expect(auctionStatus(0, []).toAct).toBe(1);
    expect(auctionStatus(0, [a(1, 'bid', 18)]).toAct).toBe(0);
    expect(auctionStatus(0, [a(1, 'bid', 18), a(0, 'hold')]).toAct).toBe(1);
    expect(auctionStatus(0, [a(1, 'bid', 18), a(0, 'pass')]).toAct).toBe(2);
    expect(auctionStatus(0, [a(1, 'bid', 18), a(0, 'pass'), a(2, 'pass')])).toEqual({
      toAct: -1,
      declarer: 1,
      folded: false,
    });
  });
  it('forehand may still play when the others pass without a bid', () => {
    expect(auctionStatus(2, [a(0, 'pass'), a(1, 'pass')]).toAct).toBe(2);
    expect(auctionStatus(2, [a(0, 'pass'), a(1, 'pass'), a(2, 'bid', 18)]).declarer).toBe(2);
    expect(auctionStatus(2, [a(0, 'pass'), a(1, 'pass'), a(2, 'pass')]).folded).toBe(true);
  });
});

describe('series list', () => {
  it('running totals', () => {
    expect(
      runningTotals([
        [122, 0, 0],
        [40, -110, 40],
        [0, 0, 0],
      ]),
    ).toEqual([
      [122, 0, 0],
      [162, -110, 40],
      [162, -110, 40],
    ]);
  });
});

describe('card points during the play', () => {
  // Seat 0 declared and took a trick of 14; the defenders one of 10; the declarer put ♥10 ♥K (14).
  const base = {
    ...newTable(1, 0),
    game: 2,
    declarer: 0,
    tricks: [
      { cards: [], winner: 0, points: 14 },
      { cards: [], winner: 2, points: 10 },
    ],
  };
  it('counts the cards put for the declarer, who knows them', () => {
    expect(sidePoints({ ...base, discard: ['HT', 'HK'] })).toEqual({ declarer: 28, defenders: 10, withSkat: true });
  });
  it('leaves the skat out for defenders and spectators, and says so', () => {
    const defender: TableState = { ...base, mySeat: 1, discard: [] };
    expect(sidePoints(defender)).toEqual({ declarer: 14, defenders: 10, withSkat: false });
    // once the result opened the put cards, everyone counts them
    const done = {
      ...base,
      discard: [],
      lastResult: { game: 2, result: { folded: false }, points: [], seats: [], discard: ['HT', 'HK'] },
    };
    expect(sidePoints(done)).toEqual({ declarer: 28, defenders: 10, withSkat: true });
    // the previous game's result does not count for this one
    expect(sidePoints({ ...done, game: 3 }).withSkat).toBe(false);
  });
  it('names what the figure holds in both languages', () => {
    const p = { bid: 18, declarer: 28, defenders: 10 };
    expect(t('table.gameLineWithSkat', p)).toBe('bid 18 · card points: declarer 28 (incl. skat), defenders 10');
    expect(t('table.gameLineNoSkat', p)).toBe(
      'bid 18 · card points: declarer 28 (excluding the skat, which is hidden), defenders 10',
    );
    setLang('de');
    try {
      expect(t('table.gameLineWithSkat', p)).toBe(
        'gereizt bis 18 · Augen: Alleinspieler 28 (mit Skat), Gegenspieler 10',
      );
      expect(t('table.gameLineNoSkat', p)).toBe(
        'gereizt bis 18 · Augen: Alleinspieler 28 (ohne den Skat, er ist verdeckt), Gegenspieler 10',
      );
    } finally {
      setLang('en');
    }
  });
});
