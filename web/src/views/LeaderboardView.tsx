import { useEffect, useState } from 'preact/hooks';
import { api, type Leaderboard, type LeaderRow } from '../lib/api';
import { defaultSort, ratingParts, snapshotNote, sortRows } from '../lib/leaderboard';
import { leaderboardHref, type LeaderKind, type LeaderSort } from '../lib/route';
import { EmptyRow } from '../components/EmptyRow';

const KINDS = [
  ['humans', 'People'],
  ['bots', 'Bots'],
  ['all', 'All'],
] as const;
const SORTS = [
  ['elo', 'By Elo'],
  ['sf', 'By SF / 36'],
] as const;

// The rounded rating, a P while provisional and the smaller "± u"; "—" before the player is rated.
function EloCell({ row, provisionalBelow, strong }: { row: LeaderRow; provisionalBelow: number; strong: boolean }) {
  const rating = ratingParts(row);
  return (
    <td class={`num${strong ? ' strong' : ''}`}>
      {rating ? rating.value : '—'}
      {rating && row.provisional && (
        <sup class="muted weak" title={`provisional: fewer than ${provisionalBelow} rated series`}>
          P
        </sup>
      )}
      {rating?.spread && <span class="muted small weak"> {rating.spread}</span>}
    </td>
  );
}

export function LeaderboardView({ kind, sort }: { kind: LeaderKind; sort: LeaderSort | null }) {
  const [board, setBoard] = useState<Leaderboard | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setBoard(null);
    setError(null);
    api
      .leaderboard(kind)
      .then(setBoard)
      .catch((e) => setError(String(e.message ?? e)));
  }, [kind]);
  const order = sort ?? defaultSort(board?.snapshot ?? null);
  const rows = board ? sortRows(board.players, order) : [];
  return (
    <section class="page leaderboard">
      <h2>Leaderboard</h2>
      <div class="filters" role="tablist" aria-label="Players">
        {KINDS.map(([k, label]) => (
          <a
            role="tab"
            aria-selected={k === kind}
            class={`tab${k === kind ? ' active' : ''}`}
            href={leaderboardHref(k, sort)}
          >
            {label}
          </a>
        ))}
      </div>
      <p class="muted small">
        Finished series only. Seeger-Fabian score scaled to 36 deals (one standard series).{' '}
        {board && snapshotNote(board.snapshot)}
      </p>
      {error && <p class="warn-text">{error}</p>}
      {!board && !error && <p class="status">Loading…</p>}
      {board && (
        <div class="filters" role="tablist" aria-label="Order">
          {SORTS.map(([s, label]) => (
            <a
              role="tab"
              aria-selected={s === order}
              class={`tab${s === order ? ' active' : ''}`}
              href={leaderboardHref(kind, s)}
            >
              {label}
            </a>
          ))}
        </div>
      )}
      {board && (
        <div class="scroll-x">
          <table class="data" data-testid="leaderboard">
            <thead>
              <tr>
                <th>#</th>
                <th class="left">Player</th>
                <th title="Elo rating ± its uncertainty, from the nightly rating job">Elo</th>
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
                  <EloCell row={r} provisionalBelow={board.provisional_below} strong={order === 'elo'} />
                  <td class={`num${order === 'sf' ? ' strong' : ''}`}>{Math.round(r.score_per_36)}</td>
                  <td class="num">{r.series}</td>
                  <td class="num">{r.deals}</td>
                  <td class="num">{r.declared}</td>
                  <td class="num">{r.won}</td>
                  <td class="num">{r.lost}</td>
                  <td class="num">{r.score}</td>
                </tr>
              ))}
              {rows.length === 0 && <EmptyRow columns={10}>Nobody has finished a series yet.</EmptyRow>}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
