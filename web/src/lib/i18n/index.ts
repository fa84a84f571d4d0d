// The page's language: `t` looks a text up in the English or German dictionary (en.ts, de.ts) with
// {name} parameters and, for entries with plural forms, the form for the parameter `n`. The language
// is the stored choice (`skat.lang`), else the first of the browser's languages that is German or
// English, else English; `setLang` changes and remembers it and tells the subscribers.
import { en, type Entry, type MessageKey } from './en';
import { de } from './de';

export type { Entry, MessageKey };
export type Lang = 'en' | 'de';
export type Params = Record<string, string | number>;

export const LANGS: readonly Lang[] = ['de', 'en'];
// Each language's own name for itself (the switch's labels; not translated on purpose).
export const LANG_NAME: Record<Lang, string> = { de: 'Deutsch', en: 'English' };
export const DICTIONARIES: Record<Lang, Record<MessageKey, Entry>> = { en, de };

const K_LANG = 'skat.lang';

// The stored preference wins; else the first of the browser's languages (most preferred first) that
// the page speaks: "de-AT" is German, "en-GB" English, others are skipped; nothing fitting: English.
export function chooseLang(stored: string | null, languages: readonly string[]): Lang {
  if (stored === 'de' || stored === 'en') return stored;
  for (const l of languages) {
    const tag = l.toLowerCase();
    if (tag === 'de' || tag.startsWith('de-')) return 'de';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return 'en';
}

function stored(): string | null {
  try {
    return localStorage.getItem(K_LANG);
  } catch {
    return null; // no storage (private mode, or not a browser)
  }
}

function browserLanguages(): readonly string[] {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language ?? ''];
}

let current: Lang = chooseLang(stored(), browserLanguages());
const listeners = new Set<(l: Lang) => void>();

export function lang(): Lang {
  return current;
}

export function setLang(l: Lang) {
  try {
    localStorage.setItem(K_LANG, l);
  } catch {
    /* not remembered */
  }
  if (l === current) return;
  current = l;
  applyLang();
  for (const fn of listeners) fn(l);
}

// The document's `lang` attribute (screen readers pick their voice by it).
export function applyLang() {
  if (typeof document !== 'undefined') document.documentElement.lang = current;
}

export function onLangChange(fn: (l: Lang) => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(en, key);
}

const pluralRules: Partial<Record<Lang, Intl.PluralRules>> = {};

// One entry in one language: its plural form for `params.n` (one/other), then the parameters put in.
// A parameter that was not given stays visible as {name}.
export function translate(l: Lang, key: MessageKey, params: Params = {}): string {
  const entry = DICTIONARIES[l][key] ?? en[key];
  let text: string;
  if (typeof entry === 'string') text = entry;
  else {
    const n = Number(params.n);
    const rules = (pluralRules[l] ??= new Intl.PluralRules(l));
    text = rules.select(n) === 'one' ? entry.one : entry.other;
  }
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

export function t(key: MessageKey, params?: Params): string {
  return translate(current, key, params);
}

// A code the server sends ("finished", "bot", "not_your_turn") under a prefix of the dictionary; one
// the dictionary does not know is shown as `fallback`.
export function tOr(key: string, fallback: string, params?: Params): string {
  return isMessageKey(key) ? t(key, params) : fallback;
}
