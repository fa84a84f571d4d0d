// Help for the declarer (docs/protocol.md §5, "hints"): the value of each declaration as the server
// computed it from this seat's own view, whether it would be overbid, why plain Null is missing,
// and what conceding would cost.
import type { ActHints, DeclareAction, ValueRange } from './protocol';
import { lang, t } from './i18n';

export type { ActHints, DeclarationValueHint, ValueRange } from './protocol';

export function valueOf(hints: ActHints | undefined, a: DeclareAction): ValueRange | null {
  const v = hints?.values?.find(
    (h) =>
      h.game === a.game &&
      h.hand === a.hand &&
      h.schneider === a.schneider &&
      h.schwarz === a.schwarz &&
      h.ouvert === a.ouvert,
  );
  return v ? { lowest: v.lowest, highest: v.highest } : null;
}

// "48", or "60–108" when the unseen skat decides.
export function rangeText(r: ValueRange): string {
  return r.lowest === r.highest ? String(r.lowest) : `${r.lowest}–${r.highest}`;
}

// 'sure': the value cannot reach the bid; 'maybe': only with a lucky skat; 'no': it reaches it.
export type OverbidRisk = 'no' | 'maybe' | 'sure';
export function overbidRisk(r: ValueRange, bid: number): OverbidRisk {
  if (r.highest < bid) return 'sure';
  if (r.lowest < bid) return 'maybe';
  return 'no';
}

// The smallest multiple of the base value reaching the bid, as an overbid game is charged; the
// list entry of the lost game is twice that (docs/rules.md §6).
const BASE: Record<string, number> = { D: 9, H: 10, S: 11, C: 12, G: 24 };
export function overbidCharge(game: string, bid: number): number | null {
  const base = BASE[game];
  return base ? Math.ceil(bid / base) * base : null;
}

// Why plain Null is not among the choices (null games have fixed values that must reach the bid).
export function nullNote(options: readonly DeclareAction[], bid: number): string | null {
  if (bid <= 23 || options.some((a) => a.game === 'N' && !a.hand && !a.ouvert)) return null;
  const still = (
    [
      [35, 'Null Hand'],
      [46, 'Null Ouvert'],
      [59, 'Null Ouvert Hand'],
    ] as const
  ).filter(([v, name]) => v >= bid && options.some((a) => a.game === 'N' && nullName(a) === name));
  if (!still.length) return t('declare.nullNote', { bid });
  // "Null Hand (35) and Null Ouvert Hand (59)"; one of them "reaches", two or three "reach"
  const games = new Intl.ListFormat(lang(), { type: 'conjunction' }).format(still.map(([v, n]) => `${n} (${v})`));
  return t('declare.nullNoteStill', { bid, games, n: still.length });
}

function nullName(a: DeclareAction): string {
  return a.ouvert ? (a.hand ? 'Null Ouvert Hand' : 'Null Ouvert') : a.hand ? 'Null Hand' : 'Null';
}

// What conceding now means for the declarer: the list entry and the Seeger-Fabian points
// (±50 for the game won or lost), e.g. "−288 on the list, −338 Seeger-Fabian".
export function concessionText(r: ValueRange): string {
  const sf = (entry: number) => entry + (entry > 0 ? 50 : -50);
  const span = (a: number, b: number) => (a === b ? signed(a) : t('concede.range', { from: signed(a), to: signed(b) }));
  const key = r.lowest > 0 ? 'concede.win' : r.highest < 0 ? 'concede.lose' : 'concede.either';
  return t(key, { list: span(r.lowest, r.highest), sf: span(sf(r.lowest), sf(r.highest)) });
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}
