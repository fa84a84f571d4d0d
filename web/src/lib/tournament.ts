// Tournament figures for display: compact bot specs, the sides with their owners, the seed's hash,
// signed differences with their interval, rates, chart datasets.
import type { ChartDataset } from 'chart.js';
import type { CurvePoint, GameClass, Interval, PlayerRef, TournamentClass } from './api';
import { t } from './i18n';

// A bot spec (`kind[:key=value,…]`) as it is when short, else its kind and an ellipsis; a player's
// bot (`account:NAME`) always whole, its name is what tells it apart.
export function compactSpec(spec: string, max = 24): string {
  return spec.length <= max || spec.startsWith('account:') ? spec : `${spec.split(':')[0]}…`;
}

// A side by its program, with the owner of a player's bot: "account:anna-bot (anna)".
export function sideLabel(spec: string, owner: PlayerRef | null, compact = false): string {
  const program = compact ? compactSpec(spec) : spec;
  return owner ? `${program} (${owner.name})` : program;
}

// The start of a SHA-256 in hex, enough to recognise it.
export function shortHash(hex: string, keep = 12): string {
  return hex.length <= keep ? hex : `${hex.slice(0, keep)}…`;
}

// The shell command that prints the SHA-256 of a seed, to compare with the one published at the start.
export function seedCheckCommand(seed: number | string): string {
  return `printf %s ${seed} | sha256sum`;
}

// The server's verdict names the bots by their full specs; this names them compactly.
export function compactVerdict(verdict: string, a: string, b: string): string {
  return verdict.replace(`(${a})`, `(${compactSpec(a)})`).replace(`(${b})`, `(${compactSpec(b)})`);
}

export function signed(x: number): string {
  const r = Math.round(x * 10) / 10;
  return `${r > 0 ? '+' : ''}${r.toFixed(1)}`;
}

// "+12.3 [+4.1, +20.5]"; a dash before the first deal.
export function formatCi(difference: number | null, ci: Interval | null): string {
  if (difference === null) return '—';
  return ci ? `${signed(difference)} [${signed(ci[0])}, ${signed(ci[1])}]` : signed(difference);
}

export function percent(part: number, whole: number): string {
  return whole > 0 ? `${((100 * part) / whole).toFixed(1)} %` : '—';
}

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
