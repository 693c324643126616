import {
  addDays,
  isIsoDate,
  isoWeekday,
  nextWeekday,
  parseWeekday,
  weekdayName,
  zonedParts,
} from './calendar';
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

/**
 * A day's hours as the tools return them. The exception and the usual hours only come when a
 * date exception applies: on any other day the usual hours are the day's hours.
 */
export type HoursResult = Omit<DayHours, 'exception' | 'usual'> & {
  exception?: string;
  usual?: Hours | null;
};

export function hoursResult({ exception, usual, ...day }: DayHours): HoursResult {
  return exception === null ? day : { ...day, exception, usual };
}

export function today(facts: BakeryData, now: Date): string {
  return zonedParts(now, facts.timezone).date;
}

/** A moment as the bakery's wall clock reads it: YYYY-MM-DD and HH:MM. */
export type WallClock = { date: string; time: string };

export function wallClock(facts: BakeryData, at: Date): WallClock {
  return zonedParts(at, facts.timezone);
}

export const acceptedDays =
  'a weekday (Monday, Tuesday, Wednesday, Thursday, Friday, Saturday or Sunday, in any capitalisation, optionally after "this": the next one whose hours were still ahead when the question arrived), "next" and a weekday (that weekday in the week after the one the question arrived in), "today", "tomorrow" (both as of when the question arrived), or a date as YYYY-MM-DD';

/**
 * A day as a customer or model names it, to a date, read as of when the question arrived:
 * "tomorrow" asked on Friday night is Saturday however late the draft is made, and a weekday
 * asked on that weekday after closing means the next one.
 */
export function resolveDay(
  day: string,
  facts: BakeryData,
  asked: WallClock,
  seen?: Set<string>,
): string | null {
  const text = day.trim().toLowerCase().replace(/\s+/g, ' ');
  if (text === 'today') return asked.date;
  if (text === 'tomorrow') return addDays(asked.date, 1);
  if (isIsoDate(text)) return text;
  const following = /^next (.+)$/.exec(text);
  if (following) {
    const weekday = parseWeekday(following[1] as string);
    if (!weekday) return null;
    const monday = addDays(asked.date, 1 - isoWeekday(asked.date));
    return addDays(monday, 7 + weekday - 1);
  }
  const weekday = parseWeekday(text.replace(/^(this coming|this|coming|on) /, ''));
  if (!weekday) return null;
  const first = nextWeekday(asked.date, weekday);
  if (first === asked.date && !hoursAheadOf(hoursOn(facts, first, seen), asked.time)) {
    return addDays(first, 7);
  }
  return first;
}

/** Whether a day's opening hours are not yet over at `time` on that day. */
export function hoursAheadOf(hours: DayHours, time: string): boolean {
  return hours.open && hours.closes !== null && time < hours.closes;
}

/** What a closure the owner gave no note for is called, for the model; a draft need not repeat it. */
export const unnamedClosure = 'closed that day';

/** A day's hours; `seen` collects the dates read, so a run knows which days its draft rests on. */
export function hoursOn(facts: BakeryData, date: string, seen?: Set<string>): DayHours {
  seen?.add(date);
  const weekdayNumber = isoWeekday(date);
  const usual = facts.weeklyHours[weekdayNumber] ?? null;
  const weekday = weekdayName(weekdayNumber);
  const exception = facts.dateExceptions.find((e) => e.date === date);
  if (exception) {
    const open = !exception.closed && exception.opens !== null && exception.closes !== null;
    return {
      date,
      weekday,
      open,
      opens: open ? exception.opens : null,
      closes: open ? exception.closes : null,
      exception: exception.note ?? (open ? 'special hours' : unnamedClosure),
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
