// The end of a series at the table: the final standing, links to the recorded series (found in the
// series list once the server has stored it) and to the leaderboard, and another series for a
// seated player (the bots are invited again) or the way back to the lobby for a spectator.
import { useEffect, useState } from 'preact/hooks';
import { api, recordedSeriesOf } from '../lib/api';
import { t } from '../lib/i18n';
import { leaderboardHref } from '../lib/route';
import type { Session } from '../lib/session';
import { gameList } from '../lib/skatList';
import { runningTotals, type TableState } from '../lib/tableState';

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

export function SeriesFinal({ table, names }: { table: TableState; names: string[] }) {
  const r = table.seriesResult!;
  const listTotals = runningTotals(gameList(table.list)).at(-1) ?? [0, 0, 0];
  const order = [0, 1, 2].sort((a, b) => r[b].score - r[a].score || r[b].won - r[a].won || r[a].lost - r[b].lost);
  return (
    <section class="series-final" data-testid="series-final">
      <h3>{t('final.title')}</h3>
      <ol>
        {order.map((s) => (
          <li>
            <b>{names[s]}</b>{' '}
            {t('final.line', { score: r[s].score, list: listTotals[s], won: r[s].won, lost: r[s].lost })}
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
