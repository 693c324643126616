import { addDays, isIsoDate, isoWeekday, nextWeekday, parseWeekday, zonedParts } from './calendar';
import type { BakeryData, Hours } from './data';

/** Pure lookups over the bakery's data that more than one tool needs. */

export type DayHours = {
  date: string;
  weekday: string;
  open: boolean;
  opens: string | null;
  closes: string | null;
  /** Set when a date exception overrides the weekly hours. */
  exception: string | null;
  usual: Hours | null;
};

export function today(facts: BakeryData, now: Date): string {
  return zonedParts(now, facts.timezone).date;
}

export const acceptedDays =
  'a weekday (Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday, in any capitalisation), "today", "tomorrow", or a date as YYYY-MM-DD';

/** A day as a customer or model names it, to a date: weekdays mean the next one, today included. */
export function resolveDay(day: string, todayDate: string): string | null {
  const text = day.trim().toLowerCase();
  if (text === 'today') return todayDate;
  if (text === 'tomorrow') return addDays(todayDate, 1);
  if (isIsoDate(text)) return text;
  const weekday = parseWeekday(text);
  return weekday ? nextWeekday(todayDate, weekday) : null;
}

// Made once: building a formatter costs far more than using one.
const weekdayName = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' });

export function hoursOn(facts: BakeryData, date: string): DayHours {
  const weekdayNumber = isoWeekday(date);
  const usual = facts.weeklyHours[weekdayNumber] ?? null;
  const weekday = weekdayName.format(new Date(`${date}T00:00:00Z`));
  const exception = facts.dateExceptions.find((e) => e.date === date);
  if (exception) {
    const open = !exception.closed && exception.opens !== null && exception.closes !== null;
    return {
      date,
      weekday,
      open,
      opens: open ? exception.opens : null,
      closes: open ? exception.closes : null,
      exception: exception.note ?? (open ? 'special hours' : 'closed that day'),
      usual,
    };
  }
  return {
    date,
    weekday,
    open: usual !== null,
    opens: usual?.opens ?? null,
    closes: usual?.closes ?? null,
    exception: null,
    usual,
  };
}
