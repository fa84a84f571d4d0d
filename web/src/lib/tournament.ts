// Tournament figures for display in the page's language: the sides by level or name with their
// owners, the server's verdict and end reason in words, the seed's hash, signed differences with
// their interval, rates, chart datasets.
import type { ChartDataset } from 'chart.js';
import type { CurvePoint, GameClass, Interval, PlayerRef, SprtResult, TournamentClass, TournamentItem } from './api';
import { levelLabel, programLabel, specLevel } from './bots';
import { t } from './i18n';
import { formatNumber, formatPercent } from './numbers';

// A bot spec (`kind[:key=value,…]`) as it is when short, else its kind and an ellipsis; a player's
// bot (`account:NAME`) always whole, its name is what tells it apart.
export function compactSpec(spec: string, max = 24): string {
  return spec.length <= max || spec.startsWith('account:') ? spec : `${spec.split(':')[0]}…`;
}

// What a side is called on the page (its spec belongs in a title): a player's bot (`account:NAME`,
// its uploaded program `sandbox:NAME`) by its name, a house program by its level ("strongest"), an
// outside program as such; a spec of no known kind, compactly.
export function sideName(spec: string): string {
  const named = /^(?:account|sandbox):(.+)$/s.exec(spec);
  if (named) return named[1];
  const level = specLevel(spec);
  if (level) return levelLabel(level);
  return spec.startsWith('program:') ? programLabel(spec) : compactSpec(spec);
}

// A side with the owner of a player's bot: "anna-bot (anna)".
export function sideLabel(spec: string, owner: PlayerRef | null): string {
  return owner ? `${sideName(spec)} (${owner.name})` : sideName(spec);
}

// The server's verdict (bots/tournament/tournament_report.cpp: "B (NAME) stronger", "A (NAME)
// stronger", "B stronger" when both sides have one name, "no significant difference at N games") in
// the page's language, the side by its name; a verdict of another form as it came.
export function verdictText(verdict: string, a: string, b: string): string {
  const stronger = /^([AB])(?: \((.*)\))? stronger$/s.exec(verdict);
  if (stronger) return t('tour.verdict.stronger', { side: stronger[1], name: sideName(stronger[1] === 'A' ? a : b) });
  const none = /^no significant difference at (\d+) games$/.exec(verdict);
  return none ? t('tour.verdict.none', { n: Number(none[1]) }) : verdict;
}

// Why a tournament ended early, as the server says it (server/play/tournament_director.cpp), in the
// page's language; another reason as it came.
export function endReasonText(reason: string): string {
  if (reason === 'cancelled by the player who started it') return t('tour.reason.byStarter');
  if (reason === 'cancelled by the operator') return t('tour.reason.byOperator');
  const declined = /^declined by the bot (.+)$/s.exec(reason);
  if (declined) return t('tour.reason.declined', { name: declined[1] });
  const waited = /^table (\d+) waited (\d+) s for bots it could not get \((.*)\); house programs online: (.*)$/s.exec(
    reason,
  );
  if (!waited) return reason;
  const [, table, seconds, wanted, online] = waited;
  return t('tour.reason.noBots', {
    table,
    seconds: formatNumber(Number(seconds)),
    wanted,
    online: online === 'none' ? t('tour.reason.noneOnline') : online,
  });
}

// The start of a SHA-256 in hex, enough to recognise it.
export function shortHash(hex: string, keep = 12): string {
  return hex.length <= keep ? hex : `${hex.slice(0, keep)}…`;
}

// The shell command that prints the SHA-256 of a seed, to compare with the one published at the start.
export function seedCheckCommand(seed: number | string): string {
  return `printf %s ${seed} | sha256sum`;
}

// One decimal with its sign: "+12,3" in German, "-4.1", "0.0".
export function signed(x: number): string {
  return formatNumber(x, 1, { sign: true });
}

// "+12.3 [+4.1, +20.5]" ("+12,3 [+4,1, +20,5]" in German); a dash before the first deal.
export function formatCi(difference: number | null, ci: Interval | null): string {
  if (difference === null) return '—';
  return ci ? `${signed(difference)} [${signed(ci[0])}, ${signed(ci[1])}]` : signed(difference);
}

export const percent = formatPercent;

const SEATS: Record<string, string> = { '2:1': 'A A B', '1:2': 'A B B' };

export function seatingLabel(seating: string): string {
  if (seating === 'total') return t('tour.total');
  return SEATS[seating] ? `${seating} (${SEATS[seating]})` : seating;
}

export const GAME_CLASSES: GameClass[] = ['suit', 'grand', 'null'];

// Share of the played games, declarer win rate, solver accuracy (dash when nothing was judged) and
// B − A over the deals played in this class at every table (dash without such deals).
export function classFigures(c: TournamentClass) {
  return {
    share: percent(c.share, 1),
    declarerWon: percent(c.declarer_won, c.games),
    accuracy: percent(c.solver_agrees, c.judged),
    difference: c.duplicate_deals ? formatCi(c.difference ?? 0, c.ci95 ?? null) : '—',
  };
}

type Point = { x: number; y: number | null };
export const DIFFERENCE_DATASET = 2; // the index of the difference among the curve's datasets
const BAND = 'rgba(29, 107, 58, 0.18)';

// Lower and upper bound of the 95 % interval (the upper one filled down to the lower), the difference, and zero.
export function curveDatasets(curve: CurvePoint[]): ChartDataset<'line', Point[]>[] {
  const line = (y: (p: CurvePoint) => number | null) => curve.map((p) => ({ x: p.deals, y: y(p) }));
  const bound = { borderColor: 'transparent', backgroundColor: BAND, pointRadius: 0 };
  return [
    { ...bound, label: '', data: line((p) => p.ci95?.[0] ?? null), fill: false },
    { ...bound, label: t('tour.band'), data: line((p) => p.ci95?.[1] ?? null), fill: '-1' },
    {
      label: t('tour.line'),
      data: line((p) => p.difference),
      borderColor: '#1d6b3a',
      backgroundColor: '#1d6b3a',
      fill: false,
      tension: 0.2,
    },
    {
      label: '',
      data: line(() => 0),
      borderColor: '#5f6b76',
      borderDash: [4, 3],
      borderWidth: 1,
      pointRadius: 0,
      fill: false,
    },
  ];
}

// The sequential test's fields of a start form, as typed.
export interface SprtTexts {
  on: boolean;
  d0: string;
  d1: string;
  alpha: string;
  beta: string;
}
export const DEFAULT_SPRT: SprtTexts = { on: false, d0: '0', d1: '5', alpha: '0.05', beta: '0.05' };

// A number typed with a decimal point or comma ("2,5"); NaN for anything else.
function typedNumber(text: string): number {
  const s = text.trim().replace(',', '.');
  return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(s) ? Number(s) : NaN;
}

// The request's part for the test: none when it is off, 'invalid' unless D0 < D1 (both within
// ±1000) and α, β lie in (0, 0.5], as the server checks (bots/tournament/sprt.h).
export function sprtRequest(v: SprtTexts): { sprt: [number, number]; alpha: number; beta: number } | null | 'invalid' {
  if (!v.on) return null;
  const [d0, d1, alpha, beta] = [v.d0, v.d1, v.alpha, v.beta].map(typedNumber);
  const rate = (p: number) => p > 0 && p <= 0.5;
  if (![d0, d1].every((d) => Math.abs(d) <= 1000) || !(d0 < d1) || !rate(alpha) || !rate(beta)) return 'invalid';
  return { sprt: [d0, d1], alpha, beta };
}

// The test's verdict in words: "H1 accepted after 312 deals (B − A ≥ +5.0)", or that no bound was
// crossed (yet), with the ratio and its bounds.
export function sprtText(s: SprtResult): string {
  const figures = t('sprt.figures', {
    llr: formatNumber(s.llr, 2, { sign: true }),
    lower: formatNumber(s.bounds[0], 2, { sign: true }),
    upper: formatNumber(s.bounds[1], 2, { sign: true }),
  });
  const deals = formatNumber(s.deals);
  if (s.verdict === 'H1') return `${t('sprt.h1', { deals, d1: signed(s.d1) })} · ${figures}`;
  if (s.verdict === 'H0') return `${t('sprt.h0', { deals, d0: signed(s.d0) })} · ${figures}`;
  return `${t('sprt.inconclusive', { deals })} · ${figures}`;
}

// The hypotheses and error rates: "H0: B − A ≤ +0.0, H1: B − A ≥ +5.0 (α 5 %, β 5 %)".
export function sprtHypotheses(s: SprtResult): string {
  return t('sprt.hypotheses', {
    d0: signed(s.d0),
    d1: signed(s.d1),
    alpha: formatPercent(s.alpha, 1),
    beta: formatPercent(s.beta, 1),
  });
}

// A crosstable of the finished tournaments of a list (cutechess's, for duplicate matches): the sides
// that met most often (at most `max`), and per cell the latest finished tournament between the row's
// side and the column's, as the row's side minus the column's (the interval turned round where the
// row's side was A). Tournaments without a total difference yet are left out.
export interface CrossCell {
  tournament: number;
  difference: number;
  ci95: Interval | null;
  deals: number;
}
export interface CrossTable {
  sides: string[];
  cells: (CrossCell | null)[][];
}
export function crosstableOf(items: TournamentItem[], max = 6): CrossTable {
  const done = items.filter((x) => x.status === 'finished' && x.difference !== null && x.a !== x.b);
  const meetings = new Map<string, number>();
  for (const x of done) for (const side of [x.a, x.b]) meetings.set(side, (meetings.get(side) ?? 0) + 1);
  const sides = [...meetings.entries()]
    .sort((p, q) => q[1] - p[1] || p[0].localeCompare(q[0]))
    .slice(0, max)
    .map(([side]) => side);
  const cells = sides.map(() => sides.map((): CrossCell | null => null));
  // newest first: the first tournament of a pair is its latest
  for (const x of [...done].sort((p, q) => q.id - p.id)) {
    const a = sides.indexOf(x.a);
    const b = sides.indexOf(x.b);
    if (a < 0 || b < 0 || cells[b][a]) continue;
    const d = x.difference ?? 0;
    cells[b][a] = { tournament: x.id, difference: d, ci95: x.ci95, deals: x.deals_done };
    cells[a][b] = {
      tournament: x.id,
      difference: -d,
      ci95: x.ci95 ? [-x.ci95[1], -x.ci95[0]] : null,
      deals: x.deals_done,
    };
  }
  return { sides, cells };
}
