// The crosstable under the list of tournaments: the sides that met most often, each cell the latest
// finished tournament of the row's side against the column's (the row's minus the column's, with
// its interval), linked; sides by level or name (the spec on hover).
import type { TournamentItem } from '../lib/api';
import { t } from '../lib/i18n';
import { crosstableOf, formatCi, sideName } from '../lib/tournament';
import { ScrollX } from './ScrollX';

export function Crosstable({ items }: { items: TournamentItem[] }) {
  const table = crosstableOf(items);
  if (table.sides.length < 2) return null;
  return (
    <div class="panel crosstable" data-testid="crosstable">
      <h3>{t('cross.title')}</h3>
      <p class="muted small">{t('cross.intro')}</p>
      <ScrollX>
        <table class="data narrow">
          <thead>
            <tr>
              <th />
              {table.sides.map((s) => (
                <th title={s}>{sideName(s)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.sides.map((row, i) => (
              <tr>
                <th class="left" title={row}>
                  {sideName(row)}
                </th>
                {table.cells[i].map((c) =>
                  c ? (
                    <td class="num" title={t('cross.cellTitle', { n: c.deals })}>
                      <a href={`#/tournaments/${c.tournament}`}>{formatCi(c.difference, c.ci95)}</a>
                    </td>
                  ) : (
                    <td class="num muted">—</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollX>
    </div>
  );
}
