// The list of tournaments: the sides by level or name with their owners, who started each,
// progress, status and the duplicate difference so far with the verdict, in the page's language and
// number and date format (a table that scrolls sideways where it is wider than the page, and says
// so); above it the player's start form and, folded away, the operator's.
import { useEffect, useState } from 'preact/hooks';
import { api, type PlayerRef, type TournamentItem } from '../lib/api';
import { formatDateTime } from '../lib/dates';
import { formatNumber } from '../lib/numbers';
import { formatCi, shortHash, verdictText } from '../lib/tournament';
import { Crosstable } from '../components/Crosstable';
import { EmptyRow } from '../components/EmptyRow';
import { OperatorStart } from '../components/OperatorStart';
import { ScrollX } from '../components/ScrollX';
import { SideName } from '../components/SideName';
import { TournamentStart } from '../components/TournamentStart';
import { t, tOr } from '../lib/i18n';

// Who started a tournament: the player (a link to the player's page), else the operator.
export function StartedBy({ who }: { who: PlayerRef | null }) {
  return who ? <a href={`#/players/${who.id}`}>{who.name}</a> : <span class="muted">{t('tour.operator')}</span>;
}

export function TournamentListView({ token }: { token: string | null }) {
  const [rows, setRows] = useState<TournamentItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = () =>
    api
      .tournaments()
      .then((r) => {
        setRows(r.tournaments);
        setError(null);
      })
      .catch((e) => setError(t('error.load', { message: String(e.message ?? e) })));
  useEffect(() => {
    load();
  }, []);
  return (
    <section class="page tournaments">
      <h2>{t('tour.title')}</h2>
      <p class="muted small">{t('tour.intro')}</p>
      <TournamentStart token={token} onStarted={load} />
      <OperatorStart />
      {error && <p class="warn-text">{error}</p>}
      {!rows && !error && <p class="status">{t('common.loading')}</p>}
      {rows && (
        <ScrollX testid="tournaments-frame">
          <table class="data" data-testid="tournaments">
            <thead>
              <tr>
                <th>{t('tour.col.tournament')}</th>
                <th class="left">A</th>
                <th class="left">B</th>
                <th class="left">{t('tour.col.startedBy')}</th>
                <th>{t('tour.col.deals')}</th>
                <th class="left">{t('tour.col.mode')}</th>
                <th class="left">{t('tour.col.status')}</th>
                <th>B − A (95 %)</th>
                <th class="left">{t('tour.col.verdict')}</th>
                <th class="left">{t('tour.col.created')}</th>
                <th class="left" title={t('tour.col.seedTitle')}>
                  {t('tour.col.seed')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((tour) => (
                <tr>
                  <td>
                    <a href={`#/tournaments/${tour.id}`}>#{tour.id}</a>
                  </td>
                  <td class="left wrap">
                    <SideName spec={tour.a} owner={tour.owners.a} />
                  </td>
                  <td class="left wrap">
                    <SideName spec={tour.b} owner={tour.owners.b} />
                  </td>
                  <td class="left wrap" data-testid="started-by">
                    <StartedBy who={tour.started_by} />
                  </td>
                  <td class="num">
                    {formatNumber(tour.deals_done)}/{formatNumber(tour.deals)}
                  </td>
                  <td class="left">{tour.mode === 'inprocess' ? t('tour.mode.inprocess') : t('tour.mode.server')}</td>
                  <td class="left">
                    {tOr(`status.${tour.status}`, tour.status)}
                    {tour.sealed && (
                      <span class="badge" title={t('tour.sealedNote')} data-testid="sealed">
                        {t('tour.sealed')}
                      </span>
                    )}
                  </td>
                  <td class="num strong">{formatCi(tour.difference, tour.ci95)}</td>
                  <td class="left wrap">{tour.verdict && verdictText(tour.verdict, tour.a, tour.b)}</td>
                  <td class="left">{formatDateTime(tour.created_at)}</td>
                  <td class="left">
                    {tour.seed_sha256 && (
                      <code class="hash" title={tour.seed_sha256} data-testid="seed-sha256">
                        {shortHash(tour.seed_sha256, 8)}
                      </code>
                    )}
                  </td>
                </tr>
              ))}
              {rows.length === 0 && <EmptyRow columns={11}>{t('tour.empty')}</EmptyRow>}
            </tbody>
          </table>
        </ScrollX>
      )}
      {rows && <Crosstable items={rows} />}
    </section>
  );
}
