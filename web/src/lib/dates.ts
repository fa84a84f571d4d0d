// Days as a person types and reads them in the page's language: German TT.MM.JJJJ, English
// YYYY-MM-DD; both forms are read in either language. The server's filters take YYYY-MM-DD.
import type { Lang } from './i18n';

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
