// Days as a person types and reads them in the page's language: German TT.MM.JJJJ, English
// YYYY-MM-DD; both forms are read in either language. The server's filters take YYYY-MM-DD. The
// server's times (milliseconds) are shown the same way, in local time, through Intl.
import { lang, type Lang } from './i18n';

const pad = (n: number) => String(n).padStart(2, '0');

// "2026-11-27" in the page's language ("27.11.2026" in German); '' stays ''.
export function formatDay(iso: string, lang: Lang): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  return lang === 'de' ? `${m[3]}.${m[2]}.${m[1]}` : iso;
}

// The typed day as YYYY-MM-DD, '' for nothing typed, null when it is no valid day.
export function parseDay(text: string): string | null {
  const s = text.trim();
  if (s === '') return '';
  const de = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(s);
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  const [y, mo, d] = de ? [+de[3], +de[2], +de[1]] : iso ? [+iso[1], +iso[2], +iso[3]] : [0, 0, 0];
  if (!y) return null;
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${pad(mo)}-${pad(d)}`;
}

const DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const MINUTE: Intl.DateTimeFormatOptions = { ...DAY, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
const formats = new Map<string, Intl.DateTimeFormat>();
const format = (locale: string, withTime: boolean) => {
  const key = `${locale} ${withTime}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.DateTimeFormat(locale, withTime ? MINUTE : DAY)));
  return f;
};

// A moment to the day or the minute: German as Intl writes it ("27.11.2026, 14:05"), English in the
// page's ISO order ("2026-11-27 14:05") from Intl's parts; '' for none.
function formatMoment(ms: number | null, l: Lang, withTime: boolean): string {
  if (!ms) return '';
  if (l === 'de') return format('de-DE', withTime).format(ms);
  const p: Record<string, string> = {};
  for (const { type, value } of format('en-GB', withTime).formatToParts(ms)) p[type] = value;
  const day = `${p.year}-${p.month}-${p.day}`;
  return withTime ? `${day} ${p.hour}:${p.minute}` : day;
}

// A time the server sent (ms since 1970) to the minute in the page's language.
export function formatDateTime(ms: number | null, l: Lang = lang()): string {
  return formatMoment(ms, l, true);
}

// Only its day: "27.11.2026" in German, "2026-11-27" in English.
export function formatDayOf(ms: number | null, l: Lang = lang()): string {
  return formatMoment(ms, l, false);
}
