import type { BakeryData } from './data';

/**
 * Dates, times and money as a customer reads them, through Intl in the bakery's locale and
 * currency. Tools keep exact values (ISO dates, HH:MM, cents); only text meant for people is
 * worded here.
 */
export type Wording = { locale: string; currency: string };

export const defaultWording: Wording = { locale: 'en-US', currency: 'USD' };

/** The bakery's locale and currency, or the defaults where the bakery names none. */
export function wordingOf(facts: BakeryData): Wording {
  return {
    locale: facts.locale || defaultWording.locale,
    currency: facts.currency || defaultWording.currency,
  };
}

// Building a formatter costs far more than using one, and every draft words several values.
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let found = cache.get(key) as T | undefined;
  if (!found) {
    found = make();
    cache.set(key, found);
  }
  return found;
}

/** Intl puts narrow or no-break spaces in some output; customers' mail shows them oddly. */
function plainSpaces(text: string): string {
  return text.replace(/[\u202f\u00a0]/g, ' ');
}

function utcNoon(date: string): Date {
  return new Date(`${date}T12:00:00Z`);
}

/** "Saturday, December 5"; the year joins when it is not the year of `reference`. */
export function wordDate(date: string, wording: Wording, reference?: string): string {
  const withYear = reference !== undefined && reference.slice(0, 4) !== date.slice(0, 4);
  const formatter = cached(`date ${wording.locale} ${withYear}`, () =>
    withYear
      ? new Intl.DateTimeFormat(wording.locale, {
          weekday: 'long',
          month: 'long',
          day: 'numeric',
          year: 'numeric',
          timeZone: 'UTC',
        })
      : new Intl.DateTimeFormat(wording.locale, {
          weekday: 'long',
          month: 'long',
          day: 'numeric',
          timeZone: 'UTC',
        }),
  );
  return plainSpaces(formatter.format(utcNoon(date)));
}

/** "Saturday", in the locale. */
export function wordWeekday(date: string, wording: Wording): string {
  const formatter = cached(
    `weekday ${wording.locale}`,
    () => new Intl.DateTimeFormat(wording.locale, { weekday: 'long', timeZone: 'UTC' }),
  );
  return formatter.format(utcNoon(date));
}

/** "9 am", "1:30 pm" where the locale uses a 12-hour clock; "09:00", "13:30" where it does not. */
export function wordTime(time: string, wording: Wording): string {
  const formatter = cached(
    `time ${wording.locale}`,
    () =>
      new Intl.DateTimeFormat(wording.locale, {
        hour: 'numeric',
        minute: '2-digit',
        timeZone: 'UTC',
      }),
  );
  const parts = formatter.formatToParts(new Date(`2026-01-01T${time}:00Z`));
  const twelveHour = parts.some((part) => part.type === 'dayPeriod');
  const english = wording.locale.toLowerCase().startsWith('en');
  const text = parts
    .filter((part, i) => {
      // "9:00 AM" reads as "9 am": drop the minutes on the hour in 12-hour locales.
      if (!twelveHour || !/^0+$/.test(parts.find((p) => p.type === 'minute')?.value ?? '')) {
        return true;
      }
      if (part.type === 'minute') return false;
      return !(part.type === 'literal' && parts[i + 1]?.type === 'minute');
    })
    .map((part) => (part.type === 'dayPeriod' && english ? part.value.toLowerCase() : part.value))
    .join('');
  return plainSpaces(text);
}

/** "$1,040.00" from 104000 cents. */
export function wordMoney(cents: number, wording: Wording): string {
  const formatter = cached(
    `money ${wording.locale} ${wording.currency}`,
    () =>
      new Intl.NumberFormat(wording.locale, {
        style: 'currency',
        currency: wording.currency,
      }),
  );
  return plainSpaces(formatter.format(Math.round(cents) / 100));
}

const smallNumbers = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
];

/** "one" to "ten" in words in English; digits, grouped for the locale, otherwise. */
export function wordCount(count: number, wording: Wording): string {
  if (wording.locale.toLowerCase().startsWith('en') && count >= 0 && count <= 10) {
    return smallNumbers[count] as string;
  }
  const formatter = cached(
    `count ${wording.locale}`,
    () => new Intl.NumberFormat(wording.locale, { maximumFractionDigits: 0 }),
  );
  return plainSpaces(formatter.format(count));
}
