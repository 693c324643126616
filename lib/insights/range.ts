import { z } from 'zod';
import { addDays, daysBetween, isIsoDate, zonedInstant } from '@/lib/agent/bakery/calendar';
import type { BakeryData } from '@/lib/agent/bakery/data';
import { hoursOn } from '@/lib/agent/bakery/facts';

/**
 * The dashboard's range: whole days of the bakery's calendar, read from the page's query
 * string. Everything here is dates as the bakery writes them (YYYY-MM-DD in its timezone);
 * `dayWindows` turns them into instants for the queries.
 */

export const rangePresets = ['7', '30', '90'] as const;
export type RangePreset = (typeof rangePresets)[number];
export const DEFAULT_PRESET: RangePreset = '30';
/** A custom range may cover at most a year and a day: enough for any year-on-year look. */
export const MAX_CUSTOM_DAYS = 366;

export type InsightsRange = {
  preset: RangePreset | 'custom';
  /** First and last day shown, both included. */
  from: string;
  to: string;
};

const isoDate = z.string().trim().refine(isIsoDate, { error: 'Give a date as YYYY-MM-DD.' });

export const rangeQuery = z.object({
  range: z.enum([...rangePresets, 'custom']).optional(),
  from: z.string().optional(),
  to: z.string().optional(),
});

/** The last `days` days, today included. */
export function presetRange(preset: RangePreset, today: string): InsightsRange {
  return { preset, from: addDays(today, -(Number(preset) - 1)), to: today };
}

export type RangeResult = {
  range: InsightsRange;
  /** Why the asked-for custom range was not used (the default is shown instead). */
  error?: string;
};

/**
 * The range a query string asks for. Anything unreadable falls back to the last 30 days and
 * says why, so a mistyped address still shows figures.
 */
export function resolveRange(query: unknown, today: string): RangeResult {
  const fallback = presetRange(DEFAULT_PRESET, today);
  const parsed = rangeQuery.safeParse(query);
  if (!parsed.success) return { range: fallback, error: 'Choose 7, 30 or 90 days, or custom.' };
  const { range = DEFAULT_PRESET, from, to } = parsed.data;
  if (range !== 'custom') return { range: presetRange(range, today) };
  const fromDate = isoDate.safeParse(from ?? '');
  const toDate = isoDate.safeParse(to ?? '');
  if (!fromDate.success || !toDate.success) {
    return { range: fallback, error: 'Give both days of a custom range as YYYY-MM-DD.' };
  }
  const span = daysBetween(fromDate.data, toDate.data) + 1;
  if (span < 1) return { range: fallback, error: 'The first day must not be after the last.' };
  if (span > MAX_CUSTOM_DAYS) {
    return { range: fallback, error: `A custom range covers at most ${MAX_CUSTOM_DAYS} days.` };
  }
  return { range: { preset: 'custom', from: fromDate.data, to: toDate.data } };
}

/** The query string that shows `range` again (links, the CSV download). */
export function rangeSearch(range: InsightsRange): string {
  const params = new URLSearchParams(
    range.preset === 'custom'
      ? { range: 'custom', from: range.from, to: range.to }
      : { range: range.preset },
  );
  return params.toString();
}

/** One bakery day as instants (ms since the epoch): [start, end), and its opening hours. */
export type DayWindow = {
  date: string;
  start: number;
  end: number;
  /** [opens, closes) that day; both 0 when the bakery was closed. */
  opens: number;
  closes: number;
};

/**
 * Every day of the range as instants in the bakery's timezone (23 or 25 hours across a
 * daylight-saving change), with the hours it was open as `hoursOn` says.
 */
export function dayWindows(
  range: InsightsRange,
  timeZone: string,
  hoursOn: (date: string) => { opens: string; closes: string } | null,
): DayWindow[] {
  const days: DayWindow[] = [];
  for (let date = range.from; date <= range.to; date = addDays(date, 1)) {
    const hours = hoursOn(date);
    days.push({
      date,
      start: zonedInstant(date, '00:00', timeZone).getTime(),
      end: zonedInstant(addDays(date, 1), '00:00', timeZone).getTime(),
      opens: hours ? zonedInstant(date, hours.opens, timeZone).getTime() : 0,
      closes: hours ? zonedInstant(date, hours.closes, timeZone).getTime() : 0,
    });
  }
  return days;
}

/** The range's days for a bakery: its timezone, its weekly hours and date exceptions. */
export function bakeryDayWindows(range: InsightsRange, facts: BakeryData): DayWindow[] {
  return dayWindows(range, facts.timezone, (date) => {
    const hours = hoursOn(facts, date);
    return hours.open && hours.opens !== null && hours.closes !== null
      ? { opens: hours.opens, closes: hours.closes }
      : null;
  });
}

/**
 * The day of the range an instant falls in (binary search over the days' starts), or null
 * outside the range.
 */
export function dayOf(days: readonly DayWindow[], at: number): string | null {
  let low = 0;
  let high = days.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const day = days[middle] as DayWindow;
    if (at < day.start) high = middle - 1;
    else if (at >= day.end) low = middle + 1;
    else return day.date;
  }
  return null;
}

/** Rows that carry an instant, each given the date of the day it falls in; outside rows dropped. */
export function withDates<T>(
  days: readonly DayWindow[],
  rows: readonly T[],
  at: (row: T) => number,
): (T & { date: string })[] {
  return rows.flatMap((row) => {
    const date = dayOf(days, at(row));
    return date === null ? [] : [{ ...row, date }];
  });
}
