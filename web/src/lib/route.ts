// Hash routes: #/play, #/leaderboard[?kind=&sort=], #/players/ID, #/series[?player=&from=&to=], #/series/ID[/GAME],
// #/tournaments, #/tournaments/ID, #/bots (the player's own bots), #/rules, #/table/ID[/KEY] (a
// table's shareable address: its player goes back to the seat, anybody else watches; a private
// table's carries its key, and lets a friend sit down on a free seat).
export type LeaderKind = 'humans' | 'bots' | 'all';
export type LeaderSort = 'elo' | 'sf';
export type Route =
  | { name: 'play' }
  | { name: 'leaderboard'; kind: LeaderKind; sort: LeaderSort | null } // sort null: the view's default
  | { name: 'player'; id: number }
  | { name: 'series'; query: URLSearchParams }
  | { name: 'seriesOne'; id: number; game: number | null }
  | { name: 'tournaments' }
  | { name: 'tournament'; id: number }
  | { name: 'bots' }
  | { name: 'rules' }
  | { name: 'table'; id: number; key?: string };

export function parseRoute(hash: string): Route {
  const h = hash.replace(/^#\/?/, '');
  const [path, qs] = h.split('?');
  const q = new URLSearchParams(qs ?? '');
  const parts = path.split('/').filter(Boolean);
  if (parts[0] === 'leaderboard') {
    const k = q.get('kind');
    const s = q.get('sort');
    return {
      name: 'leaderboard',
      kind: k === 'bots' || k === 'all' ? k : 'humans',
      sort: s === 'elo' || s === 'sf' ? s : null,
    };
  }
  if (parts[0] === 'players' && /^\d+$/.test(parts[1] ?? '')) return { name: 'player', id: Number(parts[1]) };
  if (parts[0] === 'series') {
    if (/^\d+$/.test(parts[1] ?? ''))
      return { name: 'seriesOne', id: Number(parts[1]), game: /^\d+$/.test(parts[2] ?? '') ? Number(parts[2]) : null };
    return { name: 'series', query: q };
  }
  if (parts[0] === 'tournaments') {
    if (/^\d+$/.test(parts[1] ?? '')) return { name: 'tournament', id: Number(parts[1]) };
    return { name: 'tournaments' };
  }
  if (parts[0] === 'bots') return { name: 'bots' };
  if (parts[0] === 'rules') return { name: 'rules' };
  if (parts[0] === 'table' && /^\d+$/.test(parts[1] ?? '')) {
    const key = parts[2];
    return key && /^[0-9a-f]{1,64}$/.test(key)
      ? { name: 'table', id: Number(parts[1]), key }
      : { name: 'table', id: Number(parts[1]) };
  }
  return { name: 'play' };
}

export function leaderboardHref(kind: LeaderKind, sort: LeaderSort | null): string {
  return `#/leaderboard?kind=${kind}${sort ? `&sort=${sort}` : ''}`;
}

// The shareable address of a table (its player goes back to the seat, anybody else watches); a
// private table's with its key.
export function tableAddress(id: number, key?: string): string {
  return key ? `#/table/${id}/${key}` : `#/table/${id}`;
}
