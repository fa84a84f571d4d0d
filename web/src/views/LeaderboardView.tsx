import { useEffect, useState } from 'preact/hooks';
import { api, type LeaderRow } from '../lib/api';

const KINDS = [
  ['humans', 'People'],
  ['bots', 'Bots'],
  ['all', 'All'],
] as const;

export function LeaderboardView({ kind }: { kind: 'humans' | 'bots' | 'all' }) {
  const [rows, setRows] = useState<LeaderRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setRows(null);
    setError(null);
    api
      .leaderboard(kind)
      .then((r) => setRows(r.players))
      .catch((e) => setError(String(e.message ?? e)));
  }, [kind]);
  return (
    <section class="page leaderboard">
      <h2>Leaderboard</h2>
      <div class="filters" role="tablist" aria-label="Players">
        {KINDS.map(([k, label]) => (
          <a
            role="tab"
            aria-selected={k === kind}
            class={`tab${k === kind ? ' active' : ''}`}
            href={`#/leaderboard?kind=${k}`}
          >
            {label}
          </a>
        ))}
      </div>
      <p class="muted small">
        Finished series only. Seeger-Fabian score scaled to 36 deals (one standard series). Elo ratings follow with the
        nightly rating job.
      </p>
      {error && <p class="warn-text">{error}</p>}
      {!rows && !error && <p class="status">Loading…</p>}
      {rows && (
        <div class="scroll-x">
          <table class="data" data-testid="leaderboard">
            <thead>
              <tr>
                <th>#</th>
                <th class="left">Player</th>
                <th title="Seeger-Fabian points per 36 deals">SF / 36</th>
                <th>Series</th>
                <th>Deals</th>
                <th>Declared</th>
                <th>Won</th>
                <th>Lost</th>
                <th>Total</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr>
                  <td>{i + 1}</td>
                  <td class="left">
                    <a href={`#/players/${r.player_id}`}>{r.name}</a>
                    {r.kind === 'bot' && <span class="badge">{r.bot_kind || 'bot'}</span>}
                  </td>
                  <td class="num strong">{Math.round(r.score_per_36)}</td>
                  <td class="num">{r.series}</td>
                  <td class="num">{r.deals}</td>
                  <td class="num">{r.declared}</td>
                  <td class="num">{r.won}</td>
                  <td class="num">{r.lost}</td>
                  <td class="num">{r.score}</td>
                </tr>
              ))}
              {rows.length === 0 && (
                <tr>
                  <td colSpan={9} class="muted">
                    Nobody has finished a series yet.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
