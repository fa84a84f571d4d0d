import { PlayerStats } from '../components/PlayerStats';
import { useEffect, useRef, useState } from 'preact/hooks';
import {
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { api, ApiError } from '../lib/api';
import { LevelBadge } from '../components/LevelBadge';
import { programLabel } from '../lib/bots';
import { t, tOr } from '../lib/i18n';
import { ratingPoints, scorePoints } from '../lib/leaderboard';
import { SeriesRows } from './SeriesListView';
import { formatDateTime, formatDayOf } from '../lib/dates';
import { formatNumber } from '../lib/numbers';

Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip, Legend);

interface Line {
  label: string;
  data: (number | null)[]; // null: no point (a gap in the line)
  color: string;
  dashed?: boolean;
}

// One line chart (chart.js): the score and the rating charts of this page.
function LineChart(props: { labels: string[]; lines: Line[]; testid: string; description: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const chart = new Chart(ref.current, {
      type: 'line',
      data: {
        labels: props.labels,
        datasets: props.lines.map((l) => ({
          label: l.label,
          data: l.data,
          borderColor: l.color,
          backgroundColor: l.color,
          borderDash: l.dashed ? [4, 3] : [],
          tension: 0.2,
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { position: 'bottom' } },
      },
    });
    return () => chart.destroy();
  }, [props.labels, props.lines]);
  return (
    <div class="chart-box" data-testid={props.testid}>
      <canvas ref={ref} aria-label={props.description} role="img" />
    </div>
  );
}

function ScoreChart({ points }: { points: ReturnType<typeof scorePoints> }) {
  return (
    <LineChart
      labels={points.map((p) => `#${p.id} ${formatDayOf(p.when)}`)}
      lines={[
        { label: t('player.scoreLine'), data: points.map((p) => p.score), color: '#1d6b3a' },
        { label: t('player.per36'), data: points.map((p) => p.per36), color: '#b5651d', dashed: true },
      ]}
      testid="player-chart"
      description={t('player.scoreTitle')}
    />
  );
}

function RatingChart({ points }: { points: ReturnType<typeof ratingPoints> }) {
  return (
    <LineChart
      labels={points.map((p) => p.label)}
      lines={[{ label: t('player.ratingLine'), data: points.map((p) => p.rating), color: '#0b5cad' }]}
      testid="rating-chart"
      description={t('player.ratingDesc')}
    />
  );
}

export function PlayerView({ id }: { id: number }) {
  const [data, setData] = useState<Awaited<ReturnType<typeof api.player>> | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setData(null);
    api
      .player(id)
      .then(setData)
      .catch((e) =>
        setError(
          e instanceof ApiError && e.status === 404
            ? t('player.notFound', { id })
            : t('error.load', { message: String(e.message ?? e) }),
        ),
      );
  }, [id]);
  if (error) return <p class="warn-text">{error}</p>;
  if (!data) return <p class="status">{t('common.loading')}</p>;
  const points = scorePoints(data.series, id);
  const ratings = ratingPoints(data.ratings);
  return (
    <section class="page player">
      <h2>
        {data.player.name} <span class="badge">{tOr(`kind.${data.player.kind}`, data.player.kind)}</span>
        {data.player.bot_kind && (
          <span class="badge" data-testid="bot-kind" title={t('player.program', { name: data.player.bot_kind })}>
            {programLabel(data.player.bot_kind)}
          </span>
        )}
        <LevelBadge level={data.player.level} />
      </h2>
      {data.player.owner && (
        <p data-testid="player-owner">
          {t('player.botOf')} <a href={`#/players/${data.player.owner.id}`}>{data.player.owner.name}</a>
        </p>
      )}
      <p class="muted small">
        {t('player.since', { date: formatDateTime(data.player.created_at), n: data.series.length })}
      </p>
      <h3>{t('stats.title')}</h3>
      {data.stats ? <PlayerStats stats={data.stats} /> : <p class="muted">{t('stats.none')}</p>}
      <h3>{t('player.scoreTitle')}</h3>
      {points.length > 1 && <ScoreChart points={points} />}
      {points.length === 1 && (
        // one series is one point: its figures say more than a dot
        <p data-testid="player-one-series">
          {t('player.oneSeries', { score: points[0].score, date: formatDayOf(points[0].when) })}{' '}
          <a href={`#/series/${points[0].id}`}>{t('player.openSeries', { id: points[0].id })}</a>
          <span class="muted"> · {t('player.chartLater')}</span>
        </p>
      )}
      {points.length === 0 && <p class="muted">{t('player.noSeries')}</p>}
      <h3>{t('player.rating')}</h3>
      {ratings.length > 1 && <RatingChart points={ratings} />}
      {ratings.length === 1 && (
        <p data-testid="player-one-rating">
          {t('player.oneRating', { rating: formatNumber(ratings[0].rating), label: ratings[0].label })}
          <span class="muted"> · {t('player.chartLater')}</span>
        </p>
      )}
      {ratings.length === 0 && <p class="muted">{t('player.noRating')}</p>}
      <h3>{t('player.series')}</h3>
      <SeriesRows items={[...data.series].reverse()} highlight={id} />
      <p>
        <a href={`#/series?player=${id}`}>{t('player.browse')}</a>
      </p>
    </section>
  );
}
