// A player's statistics as the Skat sites show them (GET /api/players/{id} "stats"): games by type
// with the share won, the share declared, the average value of the games declared, the
// Seeger-Fabian points per 36 deals and the best series; for people and bots alike.
import type { PlayerStats as Stats } from '../lib/api';
import { gameName } from '../lib/cards';
import { t } from '../lib/i18n';
import { MIN_DEALS_PER_36 } from '../lib/leaderboard';
import { formatNumber, formatPercent } from '../lib/numbers';

const TYPES = ['C', 'S', 'H', 'D', 'G', 'N'] as const;

export function PlayerStats({ stats }: { stats: Stats }) {
  if (stats.games === 0) return <p class="muted">{t('stats.none')}</p>;
  const figure = (x: number | null, digits: number) => (x === null ? '—' : formatNumber(x, digits));
  return (
    <div class="player-stats" data-testid="player-stats">
      <dl class="stats-figures">
        <dt>{t('stats.games')}</dt>
        <dd data-testid="stats-games">{formatNumber(stats.games)}</dd>
        <dt>{t('stats.declared')}</dt>
        <dd data-testid="stats-declared">
          {formatNumber(stats.declared)} ({formatPercent(stats.declared, stats.games)})
        </dd>
        <dt>{t('stats.won')}</dt>
        <dd data-testid="stats-won">
          {formatNumber(stats.won)} ({formatPercent(stats.won, stats.declared)})
        </dd>
        <dt>{t('stats.averageValue')}</dt>
        <dd data-testid="stats-average">{figure(stats.average_value, 1)}</dd>
        {/* a short record scaled up to 36 games is noise: the average per game until then */}
        {stats.games >= MIN_DEALS_PER_36 ? (
          <>
            <dt>{t('stats.per36')}</dt>
            <dd data-testid="stats-per36">{figure(stats.score_per_36, 1)}</dd>
          </>
        ) : (
          <>
            <dt>{t('stats.perGame')}</dt>
            <dd data-testid="stats-per-game">{formatNumber(stats.score / stats.games, 1)}</dd>
          </>
        )}
        <dt>{t('stats.best')}</dt>
        <dd data-testid="stats-best">
          {stats.best_series ? (
            <a href={`#/series/${stats.best_series.id}`}>
              {t('stats.bestLine', {
                id: stats.best_series.id,
                score: formatNumber(stats.best_series.score),
                n: stats.best_series.games,
              })}
            </a>
          ) : (
            '—'
          )}
        </dd>
      </dl>
      <table class="data stats-types" data-testid="stats-types">
        <caption>{t('stats.byType')}</caption>
        <thead>
          <tr>
            <th class="left">{t('stats.col.game')}</th>
            <th>{t('stats.col.declared')}</th>
            <th>{t('stats.col.won')}</th>
            <th>{t('stats.col.share')}</th>
          </tr>
        </thead>
        <tbody>
          {TYPES.map((g) => {
            const row = stats.by_type[g];
            return (
              <tr data-type={g}>
                <td class="left">{gameName(g)}</td>
                <td class="num">{formatNumber(row.declared)}</td>
                <td class="num">{formatNumber(row.won)}</td>
                <td class="num">{formatPercent(row.won, row.declared)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
