// Human-readable explanations of game results (docs/rules.md §6, §7) and of declarations, in the
// page's language.
import { gameName, type GameType } from './cards';
import { isMessageKey, t, type MessageKey } from './i18n';
import type { Declaration, GameResult } from './tableState';

export const BASE_VALUE: Record<string, number> = { D: 9, H: 10, S: 11, C: 12, G: 24 };

export function declarationText(d: Declaration | null | undefined): string {
  if (!d) return '';
  const known = ['C', 'S', 'H', 'D', 'G', 'N'].includes(d.game);
  return [known ? gameName(d.game as GameType) : String(d.game), announcementText(d)].filter(Boolean).join(' ');
}

// What a declaration says beyond its game ("Hand Schneider announced", "Ouvert Hand"; '' for none).
export function announcementText(d: Declaration): string {
  const parts: string[] = [];
  if (d.game === 'N') {
    if (d.ouvert) parts.push(t('decl.ouvert'));
    if (d.hand) parts.push(t('decl.hand'));
    return parts.join(' ');
  }
  if (d.hand) parts.push(t('decl.hand'));
  if (d.ouvert) parts.push(t('decl.ouvert'));
  else if (d.schwarz) parts.push(t('decl.schwarzAnnounced'));
  else if (d.schneider) parts.push(t('decl.schneiderAnnounced'));
  return parts.join(' ');
}

export interface Explanation {
  headline: string;
  lines: string[];
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : `${n}`;
}

function seatName(names: readonly string[], seat: number): string {
  return names[seat] ?? t('seat.n', { n: seat + 1 });
}

// The multiplier's parts for suit and grand games, or null when they do not add up to `levels`.
export function levelParts(r: GameResult): string[] | null {
  const d = r.declaration;
  if (!d || d.game === 'N' || typeof r.levels !== 'number' || typeof r.matadors !== 'number') return null;
  const m = Math.abs(r.matadors);
  const parts: [MessageKey, number][] = [
    [r.matadors >= 0 ? 'level.with' : 'level.without', m],
    ['level.game', 1],
  ];
  if (d.hand) parts.push(['level.hand', 1]);
  const schwarzAnn = d.schwarz || d.ouvert;
  const schneiderAnn = d.schneider || schwarzAnn;
  if (r.schneider || schneiderAnn) parts.push(['level.schneider', 1]);
  if (schneiderAnn) parts.push(['level.schneiderAnnounced', 1]);
  if (r.schwarz || schwarzAnn) parts.push(['level.schwarz', 1]);
  if (schwarzAnn) parts.push(['level.schwarzAnnounced', 1]);
  if (d.ouvert) parts.push(['level.ouvert', 1]);
  const sum = parts.reduce((a, [, n]) => a + n, 0);
  if (sum !== r.levels) return null;
  return parts.map(([key, n]) => `${t(key)} ${n}`);
}

export function explainResult(r: GameResult, names: readonly string[], points?: readonly number[]): Explanation {
  if (r.folded) return { headline: t('explain.folded'), lines: [] };
  const who = seatName(names, r.declarer ?? 0);
  const d = r.declaration!;
  const game = declarationText(d);
  const headline = t(r.won ? 'explain.won' : 'explain.lost', {
    who,
    game,
    bid: r.bid ?? 0,
    entry: signed(r.list_entry ?? 0),
  });
  const lines: string[] = [];
  const doubling = r.doubling ?? 1; // Kontra ×2, Re ×4: `value` includes it
  const plain = (r.value ?? 0) / doubling;
  if (d.game === 'N') {
    lines.push(t('explain.nullValue', { value: plain }));
    lines.push(t(r.won ? 'explain.nullWon' : 'explain.nullLost'));
  } else {
    const extra = r.schwarz ? t('explain.schwarzSuffix') : r.schneider ? t('explain.schneiderSuffix') : '';
    lines.push(t('explain.cardPoints', { points: r.declarer_points ?? 0, n: r.declarer_tricks ?? 0, extra }));
    const m = r.matadors ?? 0;
    lines.push(t(m >= 0 ? 'explain.matadorsWith' : 'explain.matadorsWithout', { n: Math.abs(m) }));
    const base = BASE_VALUE[d.game];
    const parts = levelParts(r);
    const raw = base * (r.levels ?? 0);
    lines.push(
      t('explain.value', {
        game: gameName(d.game),
        base,
        levels: r.levels ?? 0,
        parts: parts ? parts.join(' + ') : t('level.levels'),
        raw,
      }),
    );
    if (r.overbid) lines.push(t('explain.overbid', { raw, bid: r.bid ?? 0, value: plain, base }));
  }
  if (doubling > 1) lines.push(t(doubling === 4 ? 'explain.re' : 'explain.kontra', { value: r.value ?? 0 }));
  const why = `endReason.${r.end}`;
  if (r.end && r.end !== 'all_tricks' && isMessageKey(why)) lines.push(t('explain.endedEarly', { why: t(why) }));
  lines.push(
    r.won
      ? t('explain.listWon', { value: signed(r.value ?? 0) })
      : t('explain.listLost', { entry: signed(r.list_entry ?? 0) }),
  );
  if (points && points.length === 3) {
    const list = points.map((p, i) => `${seatName(names, i)} ${signed(p)}`).join(', ');
    lines.push(t(r.won ? 'explain.sfWon' : 'explain.sfLost', { points: list }));
  }
  return { headline, lines };
}
