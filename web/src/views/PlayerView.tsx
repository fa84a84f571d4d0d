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
import { api, formatDate, type SeriesItem } from '../lib/api';
import { ratingPoints } from '../lib/leaderboard';
import { SeriesRows } from './SeriesListView';

Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip, Legend);

export function scorePoints(series: SeriesItem[], playerId: number) {
  return series
    .filter((s) => s.status === 'finished')
    .sort((a, b) => a.started_at - b.started_at)
    .map((s) => {
      const seat = s.seats.find((x) => x.player_id === playerId);
      const per36 = seat && s.games_played ? (seat.score * 36) / s.games_played : 0;
      return { id: s.id, when: s.started_at, score: seat?.score ?? 0, per36: Math.round(per36) };
    });
}

interface Line {
  label: string;
  data: number[];
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
      labels={points.map((p) => `#${p.id} ${formatDate(p.when).slice(0, 10)}`)}
      lines={[
        { label: 'Seeger-Fabian score of the series', data: points.map((p) => p.score), color: '#1d6b3a' },
        { label: 'per 36 deals', data: points.map((p) => p.per36), color: '#b5651d', dashed: true },
      ]}
      testid="player-chart"
      description="Seeger-Fabian score per series"
    />
  );
}

function RatingChart({ points }: { points: ReturnType<typeof ratingPoints> }) {
  return (
    <LineChart
      labels={points.map((p) => p.label)}
      lines={[{ label: 'Elo rating after the series', data: points.map((p) => p.rating), color: '#0b5cad' }]}
      testid="rating-chart"
      description="Elo rating after each finished series"
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
      .catch((e) => setError(String(e.message ?? e)));
  }, [id]);
  if (error) return <p class="warn-text">{error}</p>;
  if (!data) return <p class="status">Loading…</p>;
  const points = scorePoints(data.series, id);
  const ratings = ratingPoints(data.ratings);
  return (
    <section class="page player">
      <h2>
        {data.player.name} <span class="badge">{data.player.kind}</span>
      </h2>
      <p class="muted small">
        Playing since {formatDate(data.player.created_at)} · {data.series.length} series
      </p>
      <h3>Seeger-Fabian score per series</h3>
      {points.length ? <ScoreChart points={points} /> : <p class="muted">No finished series yet.</p>}
      <h3>Elo rating</h3>
      {ratings.length ? (
        <RatingChart points={ratings} />
      ) : (
        <p class="muted">No rating yet; it appears after the nightly rating job has run.</p>
      )}
      <h3>Series</h3>
      <SeriesRows items={[...data.series].reverse()} highlight={id} />
      <p>
        <a href={`#/series?player=${id}`}>Browse and download this player's series</a>
      </p>
    </section>
  );
}
