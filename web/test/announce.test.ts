// What the screen reader hears at the table (tableCues): the calls of the auction, the declaration,
// each card by its spoken name, a completed trick and the result, as the shown table changes.
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_CUES, playedCards, tableCues } from '../src/lib/announce';
import { setLang } from '../src/lib/i18n';
import type { TableEvent } from '../src/lib/protocol';
import { applyEvent, newTable, type TableState } from '../src/lib/tableState';

afterEach(() => setLang('en'));

const players = [
  { id: 5, name: 'Anna', bot: false },
  { id: 1, name: 'house-1', bot: true },
  { id: 2, name: 'house-2', bot: true },
];
const names = players.map((p) => p.name);
let version = 0;
const ev = (m: Record<string, unknown>): TableEvent =>
  ({ table: 1, version: ++version, game: 0, ...m }) as unknown as TableEvent;

function apply(s: TableState, ...list: TableEvent[]): TableState {
  for (const e of list) s = applyEvent(s, e).state;
  return s;
}

// A table whose series has started; game 0 is dealt with Anna (seat 0) as forehand.
function dealt(): TableState {
  version = 0;
  const s = apply(
    newTable(1, 5),
    ...players.map((player, seat) => ev({ type: 'seated', seat, player, game: -1 })),
    ev({ type: 'series_started', series: 1, deals: 2, seats: players, game: -1 }),
  );
  return apply(s, ev({ type: 'game_started', forehand: 0, position: 0, hand: ['SA', 'HT'] }));
}
const texts = (prev: TableState, next: TableState) => tableCues(prev, next, names).map((c) => c.text);

describe('tableCues', () => {
  it('says nothing before it has seen the table, or when nothing new is shown', () => {
    const s = dealt();
    expect(tableCues(null, s, names)).toEqual([]);
    expect(tableCues(s, s, names)).toEqual([]);
  });

  it('announces a new game and each call of the auction', () => {
    const before = apply(dealt()); // the series started, no game yet shown
    const s0 = { ...before, game: -1, phase: 'waiting' as const, version: before.version - 1 };
    expect(texts(s0, before)).toEqual(['Game 1 of 2; Anna is forehand.']);
    const bid = apply(before, ev({ type: 'bid', seat: 1, value: 20 }));
    expect(texts(before, bid)).toEqual(['house-1 bids 20']);
    const answered = apply(bid, ev({ type: 'pass', seat: 0 }), ev({ type: 'bid', seat: 2, value: 22 }));
    expect(texts(bid, answered)).toEqual(['Anna passes', 'house-2 bids 22']);
    const held = apply(answered, ev({ type: 'hold', seat: 1 }));
    expect(tableCues(answered, held, names)).toEqual([{ kind: 'call', text: 'house-1 holds' }]);
  });

  it('announces the pickup, the declaration, each card by name and who took the trick', () => {
    const bidding = apply(dealt(), ev({ type: 'bid', seat: 1, value: 18 }), ev({ type: 'pass', seat: 0 }));
    const won = apply(bidding, ev({ type: 'pass', seat: 2 }));
    const picked = apply(won, ev({ type: 'pickup', seat: 1 }));
    expect(texts(won, picked)).toEqual(['house-1 takes the skat']);
    const declared = apply(
      picked,
      ev({ type: 'discard', seat: 1 }),
      ev({ type: 'declare', seat: 1, declaration: { game: 'G', hand: false } }),
    );
    expect(texts(picked, declared)).toEqual(['house-1 plays Grand']);
    const one = apply(declared, ev({ type: 'play', seat: 0, card: 'SA' }));
    expect(tableCues(declared, one, names)).toEqual([{ kind: 'card', text: 'Anna plays Ace of Spades' }]);
    const trick = apply(
      one,
      ev({ type: 'play', seat: 1, card: 'S7' }),
      ev({ type: 'play', seat: 2, card: 'ST', trick_winner: 0, trick_points: 21 }),
    );
    expect(texts(one, trick)).toEqual([
      'house-1 plays Seven of Spades',
      'house-2 plays Ten of Spades',
      'Anna takes the trick, 21 points',
    ]);
    expect(playedCards(trick)).toHaveLength(3);
    // a card after the trick: the next one only
    const next = apply(trick, ev({ type: 'play', seat: 0, card: 'HT' }));
    expect(texts(trick, next)).toEqual(['Anna plays Ten of Hearts']);
  });

  it('announces the result in German too', () => {
    setLang('de');
    const start = dealt();
    const bidding = apply(start, ev({ type: 'bid', seat: 1, value: 18 }));
    expect(texts(start, bidding)).toEqual(['house-1 sagt 18']);
    const s = apply(
      bidding,
      ev({ type: 'hold', seat: 0 }),
      ev({ type: 'pass', seat: 1 }),
      ev({ type: 'pass', seat: 2 }),
      ev({ type: 'declare', seat: 0, declaration: { game: 'H', hand: true } }),
      ev({ type: 'play', seat: 0, card: 'HT' }),
      ev({ type: 'play', seat: 1, card: 'H7' }),
      ev({ type: 'play', seat: 2, card: 'CJ', trick_winner: 2, trick_points: 12 }),
    );
    expect(texts(bidding, s)).toEqual([
      'Anna sagt Ja',
      'house-1 passt',
      'house-2 passt',
      'Anna spielt Herz Hand',
      'Anna spielt Herz-Zehn',
      'house-1 spielt Herz-Sieben',
      'house-2 spielt Kreuz-Bube',
      'house-2 bekommt den Stich, 12 Augen',
    ]);
    const result = {
      folded: false,
      declarer: 0,
      declaration: { game: 'H', hand: true, schneider: false, schwarz: false, ouvert: false },
      bid: 18,
      won: false,
      value: 30,
      matadors: -1,
      levels: 3,
      list_entry: -60,
      declarer_points: 40,
      declarer_tricks: 3,
      end: 'all_tricks',
    };
    const done = apply(
      s,
      ev({
        type: 'game_result',
        result,
        points: [-110, 40, 40],
        scores: [-110, 40, 40],
        list: [[-110, 40, 40]],
        substitutes: [[false, false, false]],
        skat: ['D7', 'SA'],
        discard: ['D7', 'SA'],
      }),
    );
    expect(tableCues(s, done, names)).toEqual([
      { kind: 'result', text: 'Spiel 1: Anna hat Herz Hand verloren (gereizt bis 18): -60' },
    ]);
  });

  it('reads only the last of a long burst (the table read again after a reconnect)', () => {
    const s = dealt();
    const calls = Array.from({ length: 12 }, (_, i) => ev({ type: 'bid', seat: 1 + (i % 2), value: 18 + i }));
    const cues = tableCues(s, apply(s, ...calls), names);
    expect(cues).toHaveLength(MAX_CUES);
    expect(cues[MAX_CUES - 1].text).toBe('house-2 bids 29');
  });
});
