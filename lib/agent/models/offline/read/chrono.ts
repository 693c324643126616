import * as chrono from 'chrono-node';
import { isIsoDate } from '../../../bakery/calendar';
import { datedThisYearOrNext, pad } from './dates';
import { type Claim, claimText, type Token } from './tokens';

/**
 * Dates and times in words through chrono-node, for what the desk's own day and time readers
 * leave: "the 3rd of January", "Jan 3rd 2027", "12/24 at 2:30". Only words no other reader
 * claimed are read, and only what chrono is certain of (a day and a month; an hour).
 */

/**
 * A bakery opens in the morning: an hour from 1 to 6 with no "am" or "pm" ("at 2") is the
 * afternoon, when the shop is open, not the small hours.
 */
const afternoonHours: chrono.Refiner = {
  refine: (_context, results) => {
    for (const result of results) {
      const hour = result.start.get('hour');
      if (
        result.start.isCertain('hour') &&
        !result.start.isCertain('meridiem') &&
        hour !== null &&
        hour >= 1 &&
        hour <= 6
      ) {
        result.start.assign('hour', hour + 12);
        result.start.assign('meridiem', 1);
      }
    }
    return results;
  },
};

const clockWritten = /\d:\d{2}|\d\s?(?:am|pm)\b|\bnoon\b|\bmidday\b|o'clock/;

const parser = chrono.casual.clone();
parser.refiners.push(afternoonHours);

export type ChronoRead = { dates: { date: string; at: number }[]; time: string | null };

/**
 * What chrono reads in the words still unclaimed, as of the bakery's date when the question
 * arrived (`today`, read at noon so no zone moves it to another day).
 */
export function readWithChrono(tokens: Token[], lower: string, today: string): ChronoRead {
  const reference = { instant: new Date(`${today}T12:00:00Z`), timezone: 0 };
  const read: ChronoRead = { dates: [], time: null };
  for (const result of parser.parse(lower, reference, { forwardDate: true })) {
    const start = result.index;
    const end = start + result.text.length;
    const inside = tokens.flatMap((t, k) => (t.start >= start && t.end <= end ? [k] : []));
    if (inside.length === 0 || inside.some((k) => tokens[k]?.used)) continue;
    const date = certainDate(result.start, today);
    // A time only as a clock writes it ("2:30", "3 pm", "noon"), never "1 a" of "1 a cake".
    const time = clockWritten.test(result.text) ? certainTime(result.start) : null;
    if (date === null && time === null) continue;
    let by: Claim = 'day';
    if (date !== null) read.dates.push({ date, at: inside[0] as number });
    else by = 'time';
    if (time !== null && read.time === null) read.time = time;
    claimText(tokens, start, end, by);
  }
  return read;
}

function certainDate(start: chrono.ParsedComponents, today: string): string | null {
  if (!start.isCertain('day') || !start.isCertain('month')) return null;
  const month = start.get('month') as number;
  const day = start.get('day') as number;
  if (start.isCertain('year')) {
    const date = `${start.get('year')}-${pad(month)}-${pad(day)}`;
    return isIsoDate(date) ? date : null;
  }
  return datedThisYearOrNext(month, day, today);
}

function certainTime(start: chrono.ParsedComponents): string | null {
  if (!start.isCertain('hour')) return null;
  const hour = start.get('hour') as number;
  const minute = start.get('minute') ?? 0;
  return `${pad(hour)}:${pad(minute)}`;
}
