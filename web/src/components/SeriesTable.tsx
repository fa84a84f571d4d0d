import { t } from '../lib/i18n';
import { gameList } from '../lib/skatList';
import { runningTotals } from '../lib/tableState';
import { EmptyRow } from './EmptyRow';

// The series' two lists: the game list as players keep it (the declarer's + value won, − 2 × value
// lost, with running totals per player) and the Seeger-Fabian points beside it, each named. A game
// a substitute bot played in a player's seat is marked with the bot's name and counts for the bot:
// the player's running totals and Σ hold his own games, the bots' share is a line of its own.
export function SeriesTable({
  names,
  list,
  deals,
  labels,
  mySeat,
  substitutes = [],
  substituteNames = [],
  doublings = [],
}: {
  names: string[];
  list: number[][]; // Seeger-Fabian points per game and seat
  deals: number;
  labels?: Record<number, string>;
  mySeat?: number | null;
  substitutes?: boolean[][]; // per game: the seats a substitute bot played
  substituteNames?: (string | null)[][]; // per game and seat: the substitute's name, when known
  doublings?: number[]; // per game: 2 after Kontra, 4 after Re (a table with Kontra)
}) {
  return (
    <div class="series-lists">
      <ScoreTable
        testId="series-list"
        caption={t('list.caption', { n: list.length, deals })}
        rows={gameList(list)}
        names={names}
        labels={labels}
        mySeat={mySeat}
        substitutes={substitutes}
        substituteNames={substituteNames}
        doublings={doublings}
      />
      <ScoreTable
        testId="sf-list"
        caption={t('list.sfCaption')}
        rows={list}
        names={names}
        labels={labels}
        mySeat={mySeat}
        substitutes={substitutes}
        substituteNames={substituteNames}
        doublings={doublings}
      />
    </div>
  );
}

function ScoreTable({
  testId,
  caption,
  rows,
  names,
  labels,
  mySeat,
  substitutes = [],
  substituteNames = [],
  doublings = [],
}: {
  testId: string;
  caption: string;
  rows: number[][];
  names: string[];
  labels?: Record<number, string>;
  mySeat?: number | null;
  substitutes?: boolean[][];
  substituteNames?: (string | null)[][];
  doublings?: number[];
}) {
  const bySubstitute = (g: number, i: number) => substitutes[g]?.[i] === true;
  const totals = runningTotals(rows.map((row, g) => row.map((p, i) => (bySubstitute(g, i) ? 0 : p))));
  const substituteTotals = [0, 1, 2].map((i) =>
    rows.reduce((sum, row, g) => sum + (bySubstitute(g, i) ? row[i] : 0), 0),
  );
  const anySubstitute = rows.some((row, g) => row.some((_, i) => bySubstitute(g, i)));
  const fmt = (n: number) => (n > 0 ? `+${n}` : `${n}`);
  return (
    <div class="series-table-wrap">
      <table class="series-table" data-testid={testId}>
        <caption>{caption}</caption>
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
          {rows.map((row, g) => (
            <tr>
              <td>
                {g + 1}
                {(doublings[g] ?? 1) > 1 && (
                  <span class="doubled" title={t('list.doubledTitle')} data-testid="doubled-mark">
                    {' '}
                    ×{doublings[g]}
                  </span>
                )}
              </td>
              {labels && <td class="game-label">{labels[g] ?? ''}</td>}
              {row.map((p, i) => (
                <td class={`num ${i === mySeat ? 'me' : ''}`}>
                  {bySubstitute(g, i) && (
                    <span
                      class="substitute"
                      title={
                        substituteNames[g]?.[i]
                          ? t('list.substituteNamed', { name: substituteNames[g][i]!, player: names[i] })
                          : t('list.substituteTitle')
                      }
                      data-testid="substitute-mark"
                    >
                      {substituteNames[g]?.[i] ?? t('list.substitute')}
                    </span>
                  )}
                  <span class={p > 0 ? 'pos' : p < 0 ? 'neg' : 'zero'}>{p === 0 ? '·' : fmt(p)}</span>
                  <span class="running">{totals[g][i]}</span>
                </td>
              ))}
            </tr>
          ))}
          {rows.length === 0 && <EmptyRow columns={names.length + (labels ? 2 : 1)}>{t('list.empty')}</EmptyRow>}
        </tbody>
        {rows.length > 0 && (
          <tfoot>
            <tr>
              <th scope="row">Σ</th>
              {labels && <td />}
              {totals[totals.length - 1].map((total, i) => (
                <td class={`num total ${i === mySeat ? 'me' : ''}`}>{total}</td>
              ))}
            </tr>
            {anySubstitute && (
              <tr class="substitute-totals" data-testid="substitute-totals">
                <th scope="row" title={t('list.substituteTotalsTitle')}>
                  {t('list.substitute')}
                </th>
                {labels && <td />}
                {substituteTotals.map((total, i) => (
                  <td class="num">{rows.some((_, g) => bySubstitute(g, i)) ? total : ''}</td>
                ))}
              </tr>
            )}
          </tfoot>
        )}
      </table>
    </div>
  );
}
