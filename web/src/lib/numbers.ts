// Numbers in the page's language, through Intl: a decimal comma on German pages ("0,8", "28,1"), a
// point on English ones; thousands grouped from five digits on ("19.944", but "1236"). The locale
// also goes to the charts (Chart.js formats its ticks with it).
import { lang, type Lang } from './i18n';

const LOCALE: Record<Lang, string> = { de: 'de-DE', en: 'en' };

export function numberLocale(l: Lang = lang()): string {
  return LOCALE[l];
}

export interface NumberStyle {
  upTo?: boolean; // `digits` is the most: trailing zeros go ("0,02", "41" rather than "41,0")
  sign?: boolean; // a + before a positive number ("+12,3"); zero stays unsigned
}

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(l: Lang, digits: number, style: NumberStyle): Intl.NumberFormat {
  const key = `${l} ${digits} ${style.upTo ? 1 : 0} ${style.sign ? 1 : 0}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LOCALE[l], {
      minimumFractionDigits: style.upTo ? 0 : digits,
      maximumFractionDigits: digits,
      signDisplay: style.sign ? 'exceptZero' : 'auto',
      // "min2" (no separator in four digits); an engine without it reads any string as true
      useGrouping: 'min2' as unknown as boolean,
    });
    formats.set(key, f);
  }
  return f;
}

// `x` with `digits` decimals in the page's language. A value that rounds to zero is shown as 0, not -0.
export function formatNumber(x: number, digits = 0, style: NumberStyle = {}, l: Lang = lang()): string {
  const shown = Math.abs(x) < 0.5 / 10 ** digits ? 0 : x;
  return numberFormat(l, digits, style).format(shown);
}

// Seconds with at most `digits` decimals and the unit: "0,8 s", "3 s".
export function formatSeconds(s: number, digits = 1, l: Lang = lang()): string {
  return `${formatNumber(s, digits, { upTo: true }, l)} s`;
}

// A share in percent with one decimal: "81,6 %"; a dash when there is nothing to count.
export function formatPercent(part: number, whole: number, l: Lang = lang()): string {
  return whole > 0 ? `${formatNumber((100 * part) / whole, 1, {}, l)} %` : '—';
}
