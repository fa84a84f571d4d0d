// The list of tournaments: bots, progress, status and the duplicate difference so far.
import { useEffect, useState } from 'preact/hooks';
import { api, formatDate, type TournamentItem } from '../lib/api';
import { compactSpec, compactVerdict, formatCi } from '../lib/tournament';
import { EmptyRow } from '../components/EmptyRow';

export function TournamentListView() {
  const [rows, setRows] = useState<TournamentItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api
      .tournaments()
      .then((r) => setRows(r.tournaments))
      .catch((e) => setError(String(e.message ?? e)));
  }, []);
  return (
    <section class="page tournaments">
      <h2>Tournaments</h2>
      <p class="muted small">
        Bot A against bot B on duplicate deals. The difference is B − A in Seeger-Fabian points per seat and game over
        all seatings so far, with its 95 % interval.
      </p>
      {error && <p class="warn-text">{error}</p>}
      {!rows && !error && <p class="status">Loading…</p>}
      {rows && (
        <div class="scroll-x">
          <table class="data" data-testid="tournaments">
            <thead>
              <tr>
                <th>Tournament</th>
                <th class="left">A</th>
                <th class="left">B</th>
                <th>Deals</th>
                <th class="left">Mode</th>
                <th class="left">Status</th>
                <th>B − A (95 %)</th>
                <th class="left">Verdict</th>
                <th class="left">Created</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((t) => (
                <tr>
                  <td>
                    <a href={`#/tournaments/${t.id}`}>#{t.id}</a>
                  </td>
                  <td class="left" title={t.a}>
                    {compactSpec(t.a)}
                  </td>
                  <td class="left" title={t.b}>
                    {compactSpec(t.b)}
                  </td>
                  <td class="num">
                    {t.deals_done}/{t.deals}
                  </td>
                  <td class="left">{t.mode === 'inprocess' ? 'in-process' : 'server'}</td>
                  <td class="left">{t.status}</td>
                  <td class="num strong">{formatCi(t.difference, t.ci95)}</td>
                  <td class="left">{t.verdict && compactVerdict(t.verdict, t.a, t.b)}</td>
                  <td class="left">{formatDate(t.created_at)}</td>
                </tr>
              ))}
              {rows.length === 0 && <EmptyRow columns={9}>No tournaments yet.</EmptyRow>}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
