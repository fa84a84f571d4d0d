// The routes of the hash router (parseRoute).
import { describe, expect, it } from 'vitest';
import { leaderboardHref, parseRoute, tableAddress } from '../src/lib/route';

describe('parseRoute', () => {
  it('falls back to the play view', () => {
    expect(parseRoute('')).toEqual({ name: 'play' });
    expect(parseRoute('#/play')).toEqual({ name: 'play' });
    expect(parseRoute('#/nowhere')).toEqual({ name: 'play' });
  });

  it('knows the rules page', () => {
    expect(parseRoute('#/rules')).toEqual({ name: 'rules' });
  });

  it('reads the leaderboard kind, people by default', () => {
    expect(parseRoute('#/leaderboard')).toEqual({ name: 'leaderboard', kind: 'humans', sort: null });
    expect(parseRoute('#/leaderboard?kind=bots')).toEqual({ name: 'leaderboard', kind: 'bots', sort: null });
    expect(parseRoute('#/leaderboard?kind=other')).toEqual({ name: 'leaderboard', kind: 'humans', sort: null });
  });

  it('reads the leaderboard sort, leaving the default to the view', () => {
    expect(parseRoute('#/leaderboard?kind=all&sort=sf')).toEqual({ name: 'leaderboard', kind: 'all', sort: 'sf' });
    expect(parseRoute('#/leaderboard?sort=elo')).toEqual({ name: 'leaderboard', kind: 'humans', sort: 'elo' });
    expect(parseRoute('#/leaderboard?sort=name')).toEqual({ name: 'leaderboard', kind: 'humans', sort: null });
  });

  it('links the leaderboard back to the same kind and sort', () => {
    expect(leaderboardHref('bots', null)).toBe('#/leaderboard?kind=bots');
    expect(leaderboardHref('all', 'elo')).toBe('#/leaderboard?kind=all&sort=elo');
    expect(parseRoute(leaderboardHref('humans', 'sf'))).toEqual({ name: 'leaderboard', kind: 'humans', sort: 'sf' });
  });

  it('reads players, series lists and single series with an optional game', () => {
    expect(parseRoute('#/players/7')).toEqual({ name: 'player', id: 7 });
    const list = parseRoute('#/series?player=anna');
    expect(list.name === 'series' && list.query.get('player')).toBe('anna');
    expect(parseRoute('#/series/41')).toEqual({ name: 'seriesOne', id: 41, game: null });
    expect(parseRoute('#/series/41/3')).toEqual({ name: 'seriesOne', id: 41, game: 3 });
  });

  it('reads the tournament list and one tournament', () => {
    expect(parseRoute('#/tournaments')).toEqual({ name: 'tournaments' });
    expect(parseRoute('#/tournaments/')).toEqual({ name: 'tournaments' });
    expect(parseRoute('#/tournaments/3')).toEqual({ name: 'tournament', id: 3 });
    expect(parseRoute('#/tournaments/x')).toEqual({ name: 'tournaments' });
  });
  it("knows the page of the player's bots", () => {
    expect(parseRoute('#/bots')).toEqual({ name: 'bots' });
  });
  it('reads a table address', () => {
    expect(parseRoute('#/table/12')).toEqual({ name: 'table', id: 12 });
    expect(parseRoute('#/table/x')).toEqual({ name: 'play' });
    expect(parseRoute(tableAddress(12))).toEqual({ name: 'table', id: 12 });
    // a private table's link carries its key (hex); anything else there is ignored
    expect(parseRoute(tableAddress(12, 'ab09'))).toEqual({ name: 'table', id: 12, key: 'ab09' });
    expect(parseRoute('#/table/12/<x>')).toEqual({ name: 'table', id: 12 });
  });
});
