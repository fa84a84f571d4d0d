// The series browser: the stored series newest first, a page at a time (lib/seriesPages.ts), filtered
// by player and days (typed in the page's language), with the downloads of all that match.
import { useEffect, useState } from 'preact/hooks';
import { api, filterQuery, type SeriesFilter, type SeriesItem } from '../lib/api';
import { EmptyRow } from '../components/EmptyRow';
import { ScrollX } from '../components/ScrollX';
import { lang, t, tOr } from '../lib/i18n';
import { formatDay, parseDay } from '../lib/dates';
import { formatDateTime } from '../lib/dates';
import { eventName } from '../lib/events';
import { newestSeries, type NewestPage } from '../lib/seriesPages';

const PAGE = 25; // series per page

export function SeriesRows({ items, highlight }: { items: SeriesItem[]; highlight?: number }) {
  return (
    <ScrollX>
      <table class="data" data-testid="series-rows">
        <thead>
          <tr>
            <th>{t('seriesList.col.series')}</th>
            <th class="left">{t('seriesList.col.started')}</th>
            <th class="left">{t('seriesList.col.event')}</th>
            <th>{t('seriesList.col.deals')}</th>
            <th class="left">{t('seriesList.col.players')}</th>
            <th class="left">{t('seriesList.col.status')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((s) => (
            <tr>
              <td>
                <a href={`#/series/${s.id}`}>#{s.id}</a>
              </td>
              <td class="left">{formatDateTime(s.started_at)}</td>
              <td class="left">{eventName(s.event)}</td>
              <td class="num">
                {s.games_played}/{s.deals}
              </td>
              <td class="left players">
                {s.seats.map((x) => (
                  <span class={x.player_id === highlight ? 'strong' : ''}>
                    <a href={`#/players/${x.player_id}`}>{x.name}</a> {x.score}
                    {x.substitute && (
                      <span
                        class="substitute"
                        data-testid="series-substitute"
                        title={t('seriesList.substituteTitle', {
                          name: x.substitute.players.map((p) => p.name).join(', ') || t('list.substitute'),
                          player: x.name,
                          n: x.substitute.games,
                          score: x.substitute.score,
                        })}
                      >
                        {' '}
                        ({x.substitute.players.map((p) => p.name).join(', ') || t('list.substitute')}{' '}
                        {x.substitute.score})
                      </span>
                    )}
                  </span>
                ))}
              </td>
              <td class="left">{tOr(`status.${s.status}`, s.status)}</td>
            </tr>
          ))}
          {items.length === 0 && <EmptyRow columns={6}>{t('seriesList.empty')}</EmptyRow>}
        </tbody>
      </table>
    </ScrollX>
  );
}

export function SeriesListView({ query }: { query: URLSearchParams }) {
  const filter: SeriesFilter = {
    player: query.get('player') ?? undefined,
    from: query.get('from') ?? undefined,
    to: query.get('to') ?? undefined,
  };
  // a page of older series: those below the id `before` (the oldest one of the page before)
  const before = Number(query.get('before') ?? 0) || undefined;
  const [player, setPlayer] = useState(filter.player ?? '');
  // the days as typed, in the page's language (German TT.MM.JJJJ)
  const [from, setFrom] = useState(formatDay(filter.from ?? '', lang()));
  const [to, setTo] = useState(formatDay(filter.to ?? '', lang()));
  const [badDay, setBadDay] = useState<string | null>(null);
  const [data, setData] = useState<NewestPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = query.toString();
  useEffect(() => {
    let live = true;
    setData(null);
    setError(null);
    newestSeries((after, limit) => api.series(filter, after || undefined, limit), PAGE, before)
      .then((d) => live && setData(d))
      .catch((e) => live && setError(t('error.load', { message: String(e.message ?? e) })));
    return () => {
      live = false;
    };
  }, [key]);
  const go = (f: SeriesFilter, b?: number) => {
    location.hash = `#/series${filterQuery(f, { before: b })}`;
  };
  const exportQ = filterQuery(filter);
  return (
    <section class="page series-list">
      <h2>{t('seriesList.title')}</h2>
      <form
        class="filters form-row"
        onSubmit={(e) => {
          e.preventDefault();
          const [f, u] = [parseDay(from), parseDay(to)];
          const bad = f === null ? from : u === null ? to : null;
          setBadDay(bad);
          if (bad === null) go({ player: player.trim() || undefined, from: f || undefined, to: u || undefined });
        }}
      >
        <label>
          {t('seriesList.player')}{' '}
          <input
            value={player}
            placeholder={t('seriesList.playerHint')}
            onInput={(e) => setPlayer((e.target as HTMLInputElement).value)}
            data-testid="filter-player"
          />
        </label>
        <label>
          {t('seriesList.from')}{' '}
          <input
            value={from}
            placeholder={t('seriesList.dayHint')}
            inputMode="numeric"
            size={10}
            aria-invalid={badDay !== null && badDay === from}
            onInput={(e) => setFrom((e.target as HTMLInputElement).value)}
            data-testid="filter-from"
          />
        </label>
        <label>
          {t('seriesList.to')}{' '}
          <input
            value={to}
            placeholder={t('seriesList.dayHint')}
            inputMode="numeric"
            size={10}
            aria-invalid={badDay !== null && badDay === to}
            onInput={(e) => setTo((e.target as HTMLInputElement).value)}
            data-testid="filter-to"
          />
        </label>
        <button class="primary" type="submit" data-testid="filter-apply">
          {t('seriesList.apply')}
        </button>
        <button
          type="button"
          onClick={() => {
            setPlayer('');
            setFrom('');
            setBadDay(null);
            setTo('');
            go({});
          }}
        >
          {t('seriesList.clear')}
        </button>
      </form>
      <p class="downloads">
        {t('seriesList.download')}{' '}
        <a href={`/api/export.pgn${exportQ}`} download="skat-series.pgn" data-testid="export-pgn">
          PGN
        </a>{' '}
        ·{' '}
        <a href={`/api/export.sgf${exportQ}`} download="skat-series.sgf" data-testid="export-sgf">
          ISS SGF
        </a>
      </p>
      {badDay !== null && (
        <p class="warn-text" data-testid="bad-day">
          {t('seriesList.badDay', { text: badDay })}
        </p>
      )}
      {error && <p class="warn-text">{error}</p>}
      {!data && !error && <p class="status">{t('common.loading')}</p>}
      {data && <SeriesRows items={data.series} />}
      <div class="pager buttons">
        {before !== undefined && (
          <button onClick={() => go(filter)} data-testid="newest-page">
            {t('seriesList.first')}
          </button>
        )}
        {data?.older && (
          <button onClick={() => go(filter, data.older!)} data-testid="next-page">
            {t('seriesList.next')}
          </button>
        )}
      </div>
    </section>
  );
}
