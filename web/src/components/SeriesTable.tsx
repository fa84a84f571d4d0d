import { t } from '../lib/i18n';
import { runningTotals } from '../lib/tableState';
import { EmptyRow } from './EmptyRow';

// The series list: Seeger-Fabian points of each game per seat and the running totals.
export function SeriesTable({
  names,
  list,
  deals,
  labels,
  mySeat,
  substitutes = [],
}: {
  names: string[];
  list: number[][];
  deals: number;
  labels?: Record<number, string>;
  mySeat?: number | null;
  substitutes?: boolean[][]; // per game: the seats a substitute bot played
}) {
  const totals = runningTotals(list);
  const fmt = (n: number) => (n > 0 ? `+${n}` : `${n}`);
  return (
    <div class="series-table-wrap">
      <table class="series-table" data-testid="series-list">
        <caption>{t('list.caption', { n: list.length, deals })}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            {labels && <th scope="col">{t('list.game')}</th>}
            {names.map((n, i) => (
              <th scope="col" class={i === mySeat ? 'me' : ''}>
                {n}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {list.map((row, g) => (
            <tr>
              <td>{g + 1}</td>
              {labels && <td class="game-label">{labels[g] ?? ''}</td>}
              {row.map((p, i) => (
                <td class={`num ${i === mySeat ? 'me' : ''}`}>
                  {substitutes[g]?.[i] && (
                    <span class="substitute" title={t('list.substituteTitle')} data-testid="substitute-mark">
                      {t('list.substitute')}
                    </span>
                  )}
                  <span class={p > 0 ? 'pos' : p < 0 ? 'neg' : 'zero'}>{p === 0 ? '·' : fmt(p)}</span>
                  <span class="running">{totals[g][i]}</span>
                </td>
              ))}
            </tr>
          ))}
          {list.length === 0 && <EmptyRow columns={names.length + (labels ? 2 : 1)}>{t('list.empty')}</EmptyRow>}
        </tbody>
        {list.length > 0 && (
          <tfoot>
            <tr>
              <th scope="row">Σ</th>
              {labels && <td />}
              {totals[totals.length - 1].map((total, i) => (
                <td class={`num total ${i === mySeat ? 'me' : ''}`}>{total}</td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
