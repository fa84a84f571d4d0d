import { useEffect, useState } from 'preact/hooks';
import { api, filterQuery, formatDate, type SeriesFilter, type SeriesItem } from '../lib/api';
import { EmptyRow } from '../components/EmptyRow';

export function SeriesRows({ items, highlight }: { items: SeriesItem[]; highlight?: number }) {
  return (
    <div class="scroll-x">
      <table class="data" data-testid="series-rows">
        <thead>
          <tr>
            <th>Series</th>
            <th class="left">Started</th>
            <th class="left">Event</th>
            <th>Deals</th>
            <th class="left">Players (Seeger-Fabian)</th>
            <th class="left">Status</th>
          </tr>
        </thead>
        <tbody>
          {items.map((s) => (
            <tr>
              <td>
                <a href={`#/series/${s.id}`}>#{s.id}</a>
              </td>
              <td class="left">{formatDate(s.started_at)}</td>
              <td class="left">{s.event}</td>
              <td class="num">
                {s.games_played}/{s.deals}
              </td>
              <td class="left players">
                {s.seats.map((x) => (
                  <span class={x.player_id === highlight ? 'strong' : ''}>
                    <a href={`#/players/${x.player_id}`}>{x.name}</a> {x.score}
                  </span>
                ))}
              </td>
              <td class="left">{s.status}</td>
            </tr>
          ))}
          {items.length === 0 && <EmptyRow columns={6}>No series.</EmptyRow>}
        </tbody>
      </table>
    </div>
  );
}

export function SeriesListView({ query }: { query: URLSearchParams }) {
  const filter: SeriesFilter = {
    player: query.get('player') ?? undefined,
    from: query.get('from') ?? undefined,
    to: query.get('to') ?? undefined,
  };
  const after = Number(query.get('after') ?? 0) || undefined;
  const [player, setPlayer] = useState(filter.player ?? '');
  const [from, setFrom] = useState(filter.from ?? '');
  const [to, setTo] = useState(filter.to ?? '');
  const [data, setData] = useState<{ series: SeriesItem[]; next_after: number | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = query.toString();
  useEffect(() => {
    setData(null);
    setError(null);
    api
      .series(filter, after)
      .then(setData)
      .catch((e) => setError(String(e.message ?? e)));
  }, [key]);
  const go = (f: SeriesFilter, a?: number) => {
    location.hash = `#/series${filterQuery(f, { after: a })}`;
  };
  const exportQ = filterQuery(filter);
  return (
    <section class="page series-list">
      <h2>Series</h2>
      <form
        class="filters form-row"
        onSubmit={(e) => {
          e.preventDefault();
          go({ player: player.trim() || undefined, from: from || undefined, to: to || undefined });
        }}
      >
        <label>
          Player{' '}
          <input
            value={player}
            placeholder="name or id"
            onInput={(e) => setPlayer((e.target as HTMLInputElement).value)}
            data-testid="filter-player"
          />
        </label>
        <label>
          From{' '}
          <input
            type="date"
            value={from}
            onInput={(e) => setFrom((e.target as HTMLInputElement).value)}
            data-testid="filter-from"
          />
        </label>
        <label>
          To (before){' '}
          <input
            type="date"
            value={to}
            onInput={(e) => setTo((e.target as HTMLInputElement).value)}
            data-testid="filter-to"
          />
        </label>
        <button class="primary" type="submit" data-testid="filter-apply">
          Filter
        </button>
        <button
          type="button"
          onClick={() => {
            setPlayer('');
            setFrom('');
            setTo('');
            go({});
          }}
        >
          Clear
        </button>
      </form>
      <p class="downloads">
        Download all matching finished series:{' '}
        <a href={`/api/export.pgn${exportQ}`} download="skat-series.pgn" data-testid="export-pgn">
          PGN
        </a>{' '}
        ·{' '}
        <a href={`/api/export.sgf${exportQ}`} download="skat-series.sgf" data-testid="export-sgf">
          ISS SGF
        </a>
      </p>
      {error && <p class="warn-text">{error}</p>}
      {!data && !error && <p class="status">Loading…</p>}
      {data && <SeriesRows items={data.series} />}
      <div class="pager buttons">
        {after !== undefined && <button onClick={() => go(filter)}>First page</button>}
        {data?.next_after && (
          <button onClick={() => go(filter, data.next_after!)} data-testid="next-page">
            Next page
          </button>
        )}
      </div>
    </section>
  );
}
