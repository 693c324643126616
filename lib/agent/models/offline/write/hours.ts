import type { HoursResult } from '../../../bakery/facts';
import { catalog } from './catalog';
import { fill, sentence, type Worded } from './catalog/template';
import type { Writer } from './context';

const { day: entries, week: weekEntries, weekdays } = catalog.hours;

/** One day's hours, and whether an asked time on it is open, early, late or already past. */
export function dayHours(w: Writer, hours: HoursResult, asked: string | null): Worded {
  const { v } = w;
  const day = v.date(hours.date);
  const note = w.note(hours);
  if (hours.date < w.today) return sentence(entries.passed, { day });
  if (!hours.open || hours.opens === null || hours.closes === null) {
    return hours.exception
      ? sentence(entries.closedException, { day, note })
      : sentence(entries.closedWeekly, { day, weekday: v.data(hours.weekday) });
  }
  const span = w.span(hours.opens, hours.closes);
  const open = fill(catalog.hours.open, { span, note });
  const closes = v.time(hours.closes);
  if (hours.date === w.today && w.nowTime >= hours.closes) {
    return sentence(entries.closedToday, { day, span, note });
  }
  if (hours.date === w.today && asked !== null && asked <= w.nowTime) {
    return sentence(entries.timePassed, { time: v.time(asked), day, closes });
  }
  if (asked === null) return sentence(entries.openOn, { day, open });
  const time = v.time(asked);
  if (asked < hours.opens) {
    return sentence(entries.early, { day, opens: v.time(hours.opens), time, open });
  }
  if (asked >= hours.closes) return sentence(entries.late, { day, closes, time, open });
  return sentence(entries.openAt, { time, day, span, note });
}

const weekdayOrder = Object.keys(weekdays);

function weekdayIndex(weekday: string): number {
  return weekdayOrder.indexOf(weekday);
}

function inPlural(weekday: string): Worded | null {
  return Object.hasOwn(weekdays, weekday) ? fill(weekdays[weekday as keyof typeof weekdays]) : null;
}

/** "We're open Tuesday to Friday 7 am to 3 pm and Saturday 8 am to 1 pm, and closed on Mondays and Sundays." */
export function week(w: Writer, days: readonly HoursResult[]): Worded {
  const { v } = w;
  const ordered = [...days].sort((a, b) => weekdayIndex(a.weekday) - weekdayIndex(b.weekday));
  const groups: { from: string; to: string; opens: string; closes: string }[] = [];
  const closed: Worded[] = [];
  for (const day of ordered) {
    // Without an exception the day's hours are its usual hours.
    const usual =
      day.exception !== undefined
        ? day.usual
        : day.opens !== null && day.closes !== null
          ? { opens: day.opens, closes: day.closes }
          : null;
    if (!usual) {
      const plural = inPlural(day.weekday);
      if (plural) closed.push(plural);
      continue;
    }
    const last = groups[groups.length - 1];
    const same = last && last.opens === usual.opens && last.closes === usual.closes;
    if (last && same && weekdayIndex(day.weekday) === weekdayIndex(last.to) + 1) {
      last.to = day.weekday;
    } else groups.push({ from: day.weekday, to: day.weekday, ...usual });
  }
  const open = groups.map((g) => {
    const span = w.span(g.opens, g.closes);
    return g.from === g.to
      ? fill(weekEntries.oneDay, { day: v.data(g.from), span })
      : fill(weekEntries.days, { from: v.data(g.from), to: v.data(g.to), span });
  });
  const slots = { open: v.list(open), closed: v.list(closed) };
  const whole =
    open.length > 0 && closed.length > 0
      ? sentence(weekEntries.openAndClosed, slots)
      : open.length > 0
        ? sentence(weekEntries.open, slots)
        : sentence(weekEntries.closed, slots);
  const exceptions = ordered
    .filter((d) => d.exception !== undefined)
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((d) => dayHours(w, d, null));
  return v.data([whole, ...exceptions].join(' '));
}
