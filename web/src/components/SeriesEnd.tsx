// The end of a series at the table: the final standing, links to the recorded series (found in the
// series list once the server has stored it) and to the leaderboard, and another series for a
// seated player (the bots are invited again) or the way back to the lobby for a spectator.
import { useEffect, useState } from 'preact/hooks';
import { api, recordedSeriesOf } from '../lib/api';
import { t } from '../lib/i18n';
import { formatNumber } from '../lib/numbers';
import { leaderboardHref } from '../lib/route';
import type { Session } from '../lib/session';
import { gameList } from '../lib/skatList';
import { type TableState } from '../lib/tableState';

const LOOK_EVERY_MS = 1000;
const LOOKS = 20; // the record is stored as the series ends: a few looks find it

function useRecordedSeries(table: TableState): number | null {
  const [id, setId] = useState<number | null>(null);
  useEffect(() => {
    setId(null);
    const player = table.seriesSeats.find((p) => p)?.id;
    const result = table.seriesResult;
    if (player === undefined || !result) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let looks = 0;
    const look = async () => {
      try {
        const page = await api.seriesAt(table.table, player);
        const found = recordedSeriesOf(
          page.series,
          result.map((r) => r.score),
          table.list.length,
        );
        if (found) return setId(found.id);
      } catch {
        /* not reachable now: look again */
      }
      if (++looks < LOOKS) timer = setTimeout(look, LOOK_EVERY_MS);
    };
    look();
    return () => {
      looks = LOOKS;
      if (timer) clearTimeout(timer);
    };
  }, [table.table, table.seriesResult]);
  return id;
}

// Each player's own games of the series (docs/api.md): the table's totals less the games a
// substitute bot played in the seat, and those games apart (their Seeger-Fabian points, declarer
// games won and lost, the list's total).
export function ownStanding(table: Pick<TableState, 'seriesResult' | 'list' | 'substitutes'>) {
  const r = table.seriesResult!;
  const listRows = gameList(table.list);
  const by = (g: number, i: number) => table.substitutes[g]?.[i] === true;
  const part = (i: number, substitute: boolean) => {
    const games = table.list.map((_, g) => g).filter((g) => by(g, i) === substitute);
    return {
      games: games.length,
      score: games.reduce((sum, g) => sum + table.list[g][i], 0),
      list: games.reduce((sum, g) => sum + listRows[g][i], 0),
      won: games.filter((g) => listRows[g][i] > 0).length,
      lost: games.filter((g) => listRows[g][i] < 0).length,
    };
  };
  return [0, 1, 2].map((i) => {
    const own = part(i, false);
    const substitute = part(i, true);
    // won and lost as the table counted them, less the substitute's
    return { ...own, won: r[i].won - substitute.won, lost: r[i].lost - substitute.lost, substitute };
  });
}

export function SeriesFinal({ table, names }: { table: TableState; names: string[] }) {
  const own = ownStanding(table);
  const order = [0, 1, 2].sort(
    (a, b) => own[b].score - own[a].score || own[b].won - own[a].won || own[a].lost - own[b].lost,
  );
  const standIns = (i: number) =>
    [...new Set(table.substituteNames.map((row) => row[i]).filter((n): n is string => !!n))].join(', ');
  return (
    <section class="series-final" data-testid="series-final">
      <h3>{t('final.title')}</h3>
      <ol>
        {order.map((s) => (
          <li>
            <b>{names[s]}</b>{' '}
            {t('final.line', { score: own[s].score, list: own[s].list, won: own[s].won, lost: own[s].lost })}
            {own[s].substitute.games > 0 && (
              <span class="muted small" data-testid="final-substitute">
                {' '}
                {t('final.substitute', {
                  name: standIns(s) || t('list.substitute'),
                  n: own[s].substitute.games,
                  score: formatNumber(own[s].substitute.score),
                })}
              </span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function SeriesEnd({ table, names, session }: { table: TableState; names: string[]; session: Session }) {
  const recorded = useRecordedSeries(table);
  const seated = table.mySeat !== null;
  return (
    <div class="panel series-end" data-testid="series-end">
      <SeriesFinal table={table} names={names} />
      <p class="series-end-links">
        {recorded !== null ? (
          <a href={`#/series/${recorded}`} data-testid="end-series-link">
            {t('end.recorded')}
          </a>
        ) : (
          <span class="muted" data-testid="end-series-pending">
            {t('end.recording')}
          </span>
        )}
        {' · '}
        <a href={leaderboardHref('humans', null)} data-testid="end-leaderboard">
          {t('end.leaderboard')}
        </a>
      </p>
      <div class="buttons">
        {seated ? (
          <button class="primary" onClick={() => session.playAgain(['', ''])} data-testid="play-again">
            {t('end.playAgain')}
          </button>
        ) : (
          <button onClick={() => session.leaveTable()} data-testid="end-lobby">
            {t('end.lobby')}
          </button>
        )}
      </div>
    </div>
  );
}
