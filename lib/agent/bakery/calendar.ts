import type { IsoWeekday } from './data';

/** Plain calendar dates ("YYYY-MM-DD") and wall times ("HH:MM") in a named timezone. */

export const weekdayNames = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

export type WeekdayName = (typeof weekdayNames)[number];

export function weekdayName(day: IsoWeekday): WeekdayName {
  return weekdayNames[day - 1] as WeekdayName;
}

/** "saturday", " Sat " and "SATURDAYS" all give 6; anything else gives null. */
export function parseWeekday(text: string): IsoWeekday | null {
  const word = text.trim().toLowerCase().replace(/s$/, '');
  if (word.length < 3) return null;
  const index = weekdayNames.findIndex((name) => {
    const lower = name.toLowerCase();
    return lower === word || lower.startsWith(word);
  });
  return index === -1 ? null : ((index + 1) as IsoWeekday);
}

// Building a formatter costs far more than using one, and every draft asks for one.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock date and time of an instant in a timezone. */
export function zonedParts(now: Date, timeZone: string): { date: string; time: string } {
  const ms = now.getTime();
  // Every zone's offset has been a whole number of minutes since 1973, so any instant of the
  // same UTC minute reads the same wall clock: a draft's several readings format once.
  const minute = ms >= WHOLE_MINUTE_OFFSETS_SINCE ? Math.floor(ms / 60_000) : null;
  const key = `${timeZone} ${minute}`;
  const known = minute === null ? undefined : recentReadings.get(key);
  if (known) return { ...known };
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const reading = {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
  if (minute !== null) {
    if (recentReadings.size >= 256) recentReadings.clear();
    recentReadings.set(key, reading);
  }
  return { ...reading };
}

const WHOLE_MINUTE_OFFSETS_SINCE = Date.UTC(1973, 0, 1);
const recentReadings = new Map<string, { date: string; time: string }>();

/** The instant at which a timezone's wall clock reads `date`T`time`. */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const wanted = Date.parse(`${date}T${time}:00Z`);
  let guess = wanted;
  // Two passes settle the offset, including across a daylight-saving change.
  for (let pass = 0; pass < 2; pass++) {
    const seen = zonedParts(new Date(guess), timeZone);
    guess += wanted - Date.parse(`${seen.date}T${seen.time}:00Z`);
  }
  return new Date(guess);
}

export function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === text;
}

/**
 * "2026-12-01T10:00", a wall time in the bakery's zone as the command line takes it: the
 * instant, or null for anything that is not a real date and time.
 */
export function parseWallTime(text: string, timeZone: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const [, date, hours, minutes] = match as unknown as [string, string, string, string];
  if (!isIsoDate(date) || Number(hours) > 23 || Number(minutes) > 59) return null;
  return zonedInstant(date, `${hours}:${minutes}`, timeZone);
}

export function addDays(date: string, days: number): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  parsed.setUTCDate(parsed.getUTCDate() + days);
  return parsed.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function isoWeekday(date: string): IsoWeekday {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return (day === 0 ? 7 : day) as IsoWeekday;
}

/** The first date on or after `from` that falls on `weekday`. */
export function nextWeekday(from: string, weekday: IsoWeekday): string {
  return addDays(from, (weekday - isoWeekday(from) + 7) % 7);
}

/** "9:05" or "09:05" to "09:05"; null for anything that is not a time of day. */
export function normalizeTime(text: string): string | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 23 || minute > 59) return null;
  return `${String(hour).padStart(2, '0')}:${match[2]}`;
}
