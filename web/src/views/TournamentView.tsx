// One tournament: its header (the sides by level or name with their owners, who started it, the
// seed's SHA-256 and, once it ends, the seed with how to check it; a sealed tournament says so), the
// duplicate difference as the deals accumulate, the report and its series; numbers and dates in the
// page's language.
import type { ComponentChild } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { Chart, Filler, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import { CopyButton } from '../components/CopyButton';
import { ScrollX } from '../components/ScrollX';
import { SideName } from '../components/SideName';
import { TournamentReport } from '../components/TournamentReport';
import { api, type CurvePoint, type TournamentDetail } from '../lib/api';
import { formatDateTime } from '../lib/dates';
import { lang, t, tOr, type MessageKey } from '../lib/i18n';
import { formatNumber, formatSeconds, numberLocale } from '../lib/numbers';
import {
  curveDatasets,
  DIFFERENCE_DATASET,
  endReasonText,
  formatCi,
  seatingLabel,
  seedCheckCommand,
  shortHash,
  verdictText,
} from '../lib/tournament';
import { StartedBy } from './TournamentListView';

Chart.register(LineController, LineElement, PointElement, LinearScale, Filler, Tooltip, Legend);

const REFRESH_MS = 5000;

function CurveChart({ curve }: { curve: CurvePoint[] }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const chart = new Chart(ref.current, {
      type: 'line',
      data: { datasets: curveDatasets(curve) },
      options: {
        locale: numberLocale(),
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        scales: {
          x: { type: 'linear', ticks: { precision: 0 }, title: { display: true, text: t('tour.axisDeals') } },
          y: { title: { display: true, text: t('tour.axisDifference') } },
        },
        plugins: {
          legend: { position: 'bottom', labels: { filter: (item) => item.text !== '' } },
          tooltip: {
            filter: (item) => item.datasetIndex === DIFFERENCE_DATASET,
            callbacks: {
              label: (item) => `B − A ${formatCi(curve[item.dataIndex].difference, curve[item.dataIndex].ci95)}`,
            },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [curve, lang()]);
  return (
    <div class="chart-box" data-testid="tournament-chart">
      <canvas ref={ref} aria-label={t('tour.chart')} role="img" />
    </div>
  );
}

// A text with one {name} placeholder filled by an element (a command in <code>).
function textWith(key: MessageKey, name: string, node: ComponentChild) {
  const [before, after = ''] = t(key).split(`{${name}}`);
  return (
    <>
      {before}
      {node}
      {after}
    </>
  );
}

// The seed's SHA-256 (shortened, whole on hover and copy), and the seed once the tournament ended
// with the command that checks it against the hash.
function SeedLine({ data }: { data: TournamentDetail }) {
  const hash = data.seed_sha256;
  return (
    <>
      <p class="seed" data-testid="tournament-seed">
        {hash && (
          <>
            {t('tour.seedHash')}{' '}
            <code class="hash" title={hash} data-testid="seed-sha256">
              {shortHash(hash)}
            </code>{' '}
            <CopyButton text={hash} testid="copy-seed-sha256" />
            {' · '}
          </>
        )}
        {t('tour.seed')}{' '}
        {data.seed !== null ? (
          <code data-testid="seed">{data.seed}</code>
        ) : (
          <span class="muted">{t('tour.seedLater')}</span>
        )}
      </p>
      {hash && data.seed !== null && (
        <p class="muted small" data-testid="seed-verify">
          {textWith('tour.verify', 'command', <code>{seedCheckCommand(data.seed)}</code>)}
        </p>
      )}
    </>
  );
}

// The starter's (or anyone's, for the server to refuse) cancel of a running tournament.
function CancelButton({ id, token, onDone }: { id: number; token: string; onDone: () => void }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <p>
      <button
        onClick={() =>
          api.cancelTournament(token, id).then(onDone, (e) => setError(String((e as Error)?.message ?? e)))
        }
        data-testid="cancel-tournament"
      >
        {t('tournament.cancel')}
      </button>
      {error && <span class="warn-text small"> {error}</span>}
    </p>
  );
}

export function TournamentView({ id, token, me }: { id: number; token?: string | null; me?: number | null }) {
  const [reloads, setReloads] = useState(0);
  const [data, setData] = useState<TournamentDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Loads again every 5 s while the tournament runs (through a failed load too), until it ends or the view goes.
  useEffect(() => {
    let live = true;
    let running = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      api
        .tournament(id)
        .then(
          (d) => {
            if (!live) return;
            running = d.status === 'running';
            setData(d);
            setError(null);
          },
          (e) => live && setError(t('error.load', { message: String(e.message ?? e) })),
        )
        .finally(() => {
          if (live && running) timer = setTimeout(load, REFRESH_MS);
        });
    setData(null);
    setError(null);
    load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [id, reloads]);
  return (
    <section class="page tournament">
      <p>
        <a href="#/tournaments">{t('tour.all')}</a>
      </p>
      <h2>{t('tour.one', { id })}</h2>
      {error && <p class="warn-text">{error}</p>}
      {!data && !error && <p class="status">{t('common.loading')}</p>}
      {data && (
        <>
          <p class="tournament-bots" data-testid="tournament-sides">
            <span class="strong">A</span> <SideName spec={data.a} owner={data.owners.a} /> {t('tour.vs')}{' '}
            <span class="strong">B</span> <SideName spec={data.b} owner={data.owners.b} />
          </p>
          <p data-testid="tournament-started-by">
            {t('tour.startedBy')} <StartedBy who={data.started_by} />
          </p>
          {data.sealed && (
            <p class="note" data-testid="sealed-note">
              <span class="badge">{t('tour.sealed')}</span> {t('tour.sealedNote')}
            </p>
          )}
          <p class="muted" data-testid="tournament-status">
            {t('tour.status', {
              status: tOr(`status.${data.status}`, data.status),
              done: formatNumber(data.deals_done),
              deals: formatNumber(data.deals),
              mode: data.mode === 'inprocess' ? t('tour.mode.inprocess') : t('tour.mode.server'),
              date: formatDateTime(data.created_at),
            })}
            {data.finished_at && ` · ${t('tour.finishedAt', { date: formatDateTime(data.finished_at) })}`}
            {data.report && ` · ${formatSeconds(data.report.seconds, 0)}`}
          </p>
          <p class="small" data-testid="tournament-rated">
            <span class="badge">{data.rated === false ? t('tournament.friendly') : t('tournament.rated')}</span>
            {data.end_reason && ` ${t('tournament.endReason', { reason: endReasonText(data.end_reason) })}`}
          </p>
          {data.status === 'running' && token && me !== null && me !== undefined && data.started_by?.id === me && (
            <CancelButton id={id} token={token} onDone={() => setReloads((n) => n + 1)} />
          )}
          <SeedLine data={data} />
          <p>
            {t('tour.soFar')} <span class="strong">{formatCi(data.difference, data.ci95)}</span>
            {data.verdict && ` · ${verdictText(data.verdict, data.a, data.b)}`}
          </p>
          <h3>{t('tour.curve')}</h3>
          {data.curve.length ? <CurveChart curve={data.curve} /> : <p class="muted">{t('tour.noDeals')}</p>}
          {data.report && <TournamentReport report={data.report} />}
          {data.series.length > 0 && (
            <>
              <h3>{t('tour.series')}</h3>
              <ScrollX>
                <table class="data narrow" data-testid="tournament-series">
                  <thead>
                    <tr>
                      <th>{t('tour.col.series')}</th>
                      <th>{t('tour.col.table')}</th>
                      <th class="left">{t('tour.col.seating')}</th>
                      <th>{t('tour.col.rotation')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.series.map((s) => (
                      <tr>
                        <td>
                          <a href={`#/series/${s.id}`}>#{s.id}</a>
                        </td>
                        <td class="num">
                          {s.table ?? ''}
                          {data.status === 'running' && !data.sealed && s.table !== null && s.table !== undefined && (
                            <>
                              {' '}
                              <a href={`#/table/${s.table}`} data-testid="watch-table">
                                {t('tour.watch')}
                              </a>
                            </>
                          )}
                        </td>
                        <td class="left">{seatingLabel(s.seating)}</td>
                        <td class="num">{s.rotation}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollX>
            </>
          )}
        </>
      )}
    </section>
  );
}
