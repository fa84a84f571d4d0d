// The tournament report's tables: per seating the figures of both bots (named by level or name), the
// duplicate difference with the verdict and the game classes, in the page's language and number format
// (each table scrolls sideways where it is wider than the page, and says so).
import type { TournamentBot, TournamentClass, TournamentReport as Report, TournamentSeating } from '../lib/api';
import { t } from '../lib/i18n';
import { formatNumber } from '../lib/numbers';
import {
  classFigures,
  formatCi,
  GAME_CLASSES,
  seatingLabel,
  sprtHypotheses,
  sprtText,
  verdictText,
} from '../lib/tournament';
import { ScrollX } from './ScrollX';
import { SideName } from './SideName';

function BotRow({ name, spec, f }: { name: string; spec: string; f: TournamentBot }) {
  return (
    <tr>
      <td class="left">
        {name} <SideName spec={spec} />
      </td>
      <td class="num">{formatNumber(f.seat_games)}</td>
      <td class="num">{formatNumber(f.declared_won)}</td>
      <td class="num">{formatNumber(f.declared_lost)}</td>
      <td class="num">{formatNumber(f.sf_total)}</td>
      <td class="num strong">{formatNumber(f.sf_per_game, 2)}</td>
      <td class="num">{formatNumber(f.move_mean_ms, 1)}</td>
      <td class="num">{formatNumber(f.move_p99_ms, 1)}</td>
      <td class={`num${f.timeouts ? ' warn-text' : ''}`}>{formatNumber(f.timeouts)}</td>
    </tr>
  );
}

// Whose accuracy: of A's declared games and of B's, with the judged games of both.
function accuracyTitle(c: TournamentClass): string {
  const side = (k: 'a' | 'b') => {
    const f = c.by_declarer?.[k];
    return f ? t('report.judgedSide', { side: k.toUpperCase(), n: f.solver_agrees, of: f.judged }) : '';
  };
  return [t('report.judged', { n: c.solver_agrees, of: c.judged }), side('a'), side('b')].filter(Boolean).join(' · ');
}

function SeatingTables({ s, a, b }: { s: TournamentSeating; a: string; b: string }) {
  return (
    <div class="tournament-seating" data-testid={`seating-${s.seating}`}>
      <h3>
        {t('report.seating', {
          label: seatingLabel(s.seating),
          deals: formatNumber(s.deals),
          games: formatNumber(s.games),
          folded: formatNumber(s.folded),
        })}
      </h3>
      <p data-testid={`difference-${s.seating}`}>
        B − A: <span class="strong">{formatCi(s.difference, s.ci95)}</span>{' '}
        <span class="muted small">{t('report.perSeat')}</span>
        {s.verdict && <> · {verdictText(s.verdict, a, b)}</>}
      </p>
      <ScrollX>
        <table class="data" data-testid={`bots-${s.seating}`}>
          <thead>
            <tr>
              <th class="left">{t('report.col.bot')}</th>
              <th title={t('report.col.seatGamesTitle')}>{t('report.col.seatGames')}</th>
              <th>{t('report.col.declWon')}</th>
              <th>{t('report.col.declLost')}</th>
              <th title={t('report.col.sfTotalTitle')}>{t('report.col.sfTotal')}</th>
              <th title={t('report.col.sfGameTitle')}>{t('report.col.sfGame')}</th>
              <th>{t('report.col.moveMean')}</th>
              <th>{t('report.col.moveP99')}</th>
              <th title={t('report.col.timeoutsTitle')}>{t('report.col.timeouts')}</th>
            </tr>
          </thead>
          <tbody>
            <BotRow name="A" spec={a} f={s.a} />
            <BotRow name="B" spec={b} f={s.b} />
          </tbody>
        </table>
      </ScrollX>
      <ScrollX>
        <table class="data narrow" data-testid={`classes-${s.seating}`}>
          <thead>
            <tr>
              <th class="left">{t('report.col.class')}</th>
              <th>{t('report.col.games')}</th>
              <th title={t('report.col.shareTitle')}>{t('report.col.share')}</th>
              <th>{t('report.col.declWon')}</th>
              <th title={t('report.col.accuracyTitle')}>{t('report.col.accuracy')}</th>
              <th title={t('report.col.classDiffTitle')}>{t('report.col.classDiff')}</th>
            </tr>
          </thead>
          <tbody>
            {GAME_CLASSES.map((k) => {
              const c = s.classes[k];
              if (!c) return null;
              const f = classFigures(c);
              return (
                <tr>
                  <td class="left">{t(`report.class.${k}`)}</td>
                  <td class="num">{formatNumber(c.games)}</td>
                  <td class="num">{f.share}</td>
                  <td class="num">{f.declarerWon}</td>
                  <td class="num" title={c.judged ? accuracyTitle(c) : t('report.notJudged')}>
                    {f.accuracy}
                  </td>
                  <td class="num" title={t('report.classDeals', { n: c.duplicate_deals ?? 0 })}>
                    {f.difference}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollX>
    </div>
  );
}

export function TournamentReport({ report }: { report: Report }) {
  return (
    <div data-testid="tournament-report">
      {report.sprt && (
        <p class="sprt-verdict" data-testid="sprt-verdict">
          <span class="strong">{t('sprt.title')}</span> <span class="muted small">{sprtHypotheses(report.sprt)}</span>
          <br />
          {sprtText(report.sprt)}
        </p>
      )}
      {report.seatings.map((s) => (
        <SeatingTables s={s} a={report.a} b={report.b} />
      ))}
    </div>
  );
}
