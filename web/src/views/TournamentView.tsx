// One tournament: its header, the duplicate difference as the deals accumulate, the report and its series.
import { useEffect, useRef, useState } from 'preact/hooks';
import { Chart, Filler, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import { TournamentReport } from '../components/TournamentReport';
import { api, formatDate, type CurvePoint, type TournamentDetail } from '../lib/api';
import { lang, t, tOr } from '../lib/i18n';
import { compactVerdict, curveDatasets, DIFFERENCE_DATASET, formatCi, seatingLabel } from '../lib/tournament';

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
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        scales: {
          x: { type: 'linear', title: { display: true, text: t('tour.axisDeals') } },
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

export function TournamentView({ id }: { id: number }) {
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
  }, [id]);
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
          <p class="tournament-bots">
            <span class="strong">A</span> <code>{data.a}</code> {t('tour.vs')} <span class="strong">B</span>{' '}
            <code>{data.b}</code>
          </p>
          <p class="muted" data-testid="tournament-status">
            {t('tour.status', {
              seed: data.seed,
              status: tOr(`status.${data.status}`, data.status),
              done: data.deals_done,
              deals: data.deals,
              mode: data.mode === 'inprocess' ? t('tour.mode.inprocess') : t('tour.mode.server'),
              date: formatDate(data.created_at),
            })}
            {data.finished_at && ` · ${t('tour.finishedAt', { date: formatDate(data.finished_at) })}`}
            {data.report && ` · ${Math.round(data.report.seconds)} s`}
          </p>
          <p>
            {t('tour.soFar')} <span class="strong">{formatCi(data.difference, data.ci95)}</span>
            {data.verdict && ` · ${compactVerdict(data.verdict, data.a, data.b)}`}
          </p>
          <h3>{t('tour.curve')}</h3>
          {data.curve.length ? <CurveChart curve={data.curve} /> : <p class="muted">{t('tour.noDeals')}</p>}
          {data.report && <TournamentReport report={data.report} />}
          {data.series.length > 0 && (
            <>
              <h3>{t('tour.series')}</h3>
              <div class="scroll-x">
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
                          {data.status === 'running' && s.table !== null && s.table !== undefined && (
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
              </div>
            </>
          )}
        </>
      )}
    </section>
  );
}
