// The list of tournaments: bots, progress, status and the duplicate difference so far.
import { useEffect, useState } from 'preact/hooks';
import { api, formatDate, type TournamentItem } from '../lib/api';
import { compactSpec, compactVerdict, formatCi } from '../lib/tournament';
import { EmptyRow } from '../components/EmptyRow';
import { TournamentStart } from '../components/TournamentStart';
import { t, tOr } from '../lib/i18n';

export function TournamentListView() {
  const [rows, setRows] = useState<TournamentItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api
      .tournaments()
      .then((r) => setRows(r.tournaments))
      .catch((e) => setError(t('error.load', { message: String(e.message ?? e) })));
  }, []);
  return (
    <section class="page tournaments">
      <h2>{t('tour.title')}</h2>
      <p class="muted small">{t('tour.intro')}</p>
      <TournamentStart />
      {error && <p class="warn-text">{error}</p>}
      {!rows && !error && <p class="status">{t('common.loading')}</p>}
      {rows && (
        <div class="scroll-x">
          <table class="data" data-testid="tournaments">
            <thead>
              <tr>
                <th>{t('tour.col.tournament')}</th>
                <th class="left">A</th>
                <th class="left">B</th>
                <th>{t('tour.col.deals')}</th>
                <th class="left">{t('tour.col.mode')}</th>
                <th class="left">{t('tour.col.status')}</th>
                <th>B − A (95 %)</th>
                <th class="left">{t('tour.col.verdict')}</th>
                <th class="left">{t('tour.col.created')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((tour) => (
                <tr>
                  <td>
                    <a href={`#/tournaments/${tour.id}`}>#{tour.id}</a>
                  </td>
                  <td class="left" title={tour.a}>
                    {compactSpec(tour.a)}
                  </td>
                  <td class="left" title={tour.b}>
                    {compactSpec(tour.b)}
                  </td>
                  <td class="num">
                    {tour.deals_done}/{tour.deals}
                  </td>
                  <td class="left">{tour.mode === 'inprocess' ? t('tour.mode.inprocess') : t('tour.mode.server')}</td>
                  <td class="left">{tOr(`status.${tour.status}`, tour.status)}</td>
                  <td class="num strong">{formatCi(tour.difference, tour.ci95)}</td>
                  <td class="left">{tour.verdict && compactVerdict(tour.verdict, tour.a, tour.b)}</td>
                  <td class="left">{formatDate(tour.created_at)}</td>
                </tr>
              ))}
              {rows.length === 0 && <EmptyRow columns={9}>{t('tour.empty')}</EmptyRow>}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
