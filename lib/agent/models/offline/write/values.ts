import { singular } from '../../../bakery/names';
import { type Wording, wordCount, wordDate, wordTime } from '../../../bakery/wording';
import { type ByNumber, type Template, type Worded, worded } from './catalog/template';

/**
 * The values a draft's slots take, each made from a tool's typed data or the bakery's names and
 * worded for people: dates, times and counts by wording.ts (Intl, in the bakery's locale), lists
 * by Intl.ListFormat and grammatical number by Intl.PluralRules. The sentences are English, so
 * lists and plurals follow English grammar whatever the bakery's locale.
 */
export type Values = ReturnType<typeof valuesFor>;

const englishLocale = (locale: string) => (locale.toLowerCase().startsWith('en') ? locale : 'en');

const lists = new Map<string, Intl.ListFormat>();
const plurals = new Map<string, Intl.PluralRules>();
const digits = new Map<string, Intl.NumberFormat>();

function cached<T>(map: Map<string, T>, key: string, make: () => T): T {
  let found = map.get(key);
  if (!found) {
    found = make();
    map.set(key, found);
  }
  return found;
}

export function valuesFor(wording: Wording, today: string) {
  const locale = englishLocale(wording.locale);
  const listFormat = (type: 'conjunction' | 'disjunction') =>
    cached(lists, `${locale} ${type}`, () => new Intl.ListFormat(locale, { type }));
  const pluralRules = cached(plurals, locale, () => new Intl.PluralRules(locale));
  const numberFormat = cached(digits, wording.locale, () => new Intl.NumberFormat(wording.locale));
  return {
    /** "Saturday, December 5": a date from a tool, with its year when not this year's. */
    date: (iso: string) => worded(wordDate(iso, wording, today)),
    /** "9 am": a time from a tool. */
    time: (hhmm: string) => worded(wordTime(hhmm, wording)),
    /** "two", "24": a count from a tool. */
    count: (n: number) => worded(wordCount(n, wording)),
    /** "2": a number from a tool, in digits. */
    digits: (n: number) => worded(numberFormat.format(n)),
    /** Text a tool returned as it is: a price worded by the tool, the owner's own note. */
    data: (text: string) => worded(text),
    /** "a, b and c", "a or b": worded values joined as the locale joins them. */
    list: (parts: readonly Worded[], joiner: 'and' | 'or' = 'and') =>
      worded(listFormat(joiner === 'and' ? 'conjunction' : 'disjunction').format(parts)),
    /** The entry for a count: "1 day's notice", "2 days' notice". */
    byCount: (entry: ByNumber, n: number): Template =>
      pluralRules.select(n) === 'one' ? entry.one : entry.other,
  };
}

/** The entry for a name's grammatical number: "rye loaf is", "cinnamon buns are". */
export function byName(entry: ByNumber, name: string): Template {
  return isPluralName(name) ? entry.other : entry.one;
}

/** A menu name read as a plural: "cinnamon buns", not "rye loaf" or "focaccia". */
export function isPluralName(name: string): boolean {
  return /[^s]s$/.test(name.trim());
}

/** "cinnamon bun" from "cinnamon buns": a menu name for one. */
export function singularName(name: string): Worded {
  const words = name.trim().split(/\s+/);
  const last = words.pop() ?? '';
  return worded([...words, isPluralName(name) ? singular(last) : last].join(' '));
}

/** "rye loaves" from "rye loaf": a menu name for more than one. */
export function pluralName(name: string): Worded {
  if (isPluralName(name)) return worded(name);
  const words = name.trim().split(/\s+/);
  const last = words.pop() ?? '';
  let plural: string;
  if (/[^aeiou]y$/.test(last)) plural = `${last.slice(0, -1)}ies`;
  else if (/(?:[^f]f|fe)$/.test(last) && last.length > 3) plural = last.replace(/fe?$/, 'ves');
  else if (/(s|sh|ch|x|z)$/.test(last)) plural = `${last}es`;
  else plural = `${last}s`;
  return worded([...words, plural].join(' '));
}

/** Every form a draft may give a bakery's name in: as written, for one and for more. */
export function nameForms(name: string): string[] {
  return [name, singularName(name), pluralName(name)];
}
