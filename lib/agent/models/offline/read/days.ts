import { addDays, isIsoDate, isoWeekday, weekdayName } from '../../../bakery/calendar';
import { monthNumbers, numberWords } from '../words';
import { datedThisYearOrNext, dayOfMonth, holidayAt, nextDayOfMonth, weekdayOf } from './dates';
import { claim, claimRange, markWord, type Token } from './tokens';

/**
 * The days a question names, as the tools take them: "today", "tomorrow", a weekday, "next"
 * and a weekday, or YYYY-MM-DD; each with the token it was read at.
 */
export type DaysRead = {
  days: string[];
  positions: Map<string, number>;
  /** "Saturday the 12th" when the 12th is a Friday: two different days for one pickup. */
  conflicts: 'conflictingDays'[];
};

/** What each day reader works with: the tokens, the bakery's date and the days found so far. */
type DayScan = {
  tokens: Token[];
  today: string;
  days: string[];
  /** Days "this weekend" stands for, until the question names one of them itself. */
  implied: Set<string>;
  add: (day: string) => void;
  text: (k: number) => string;
  /** The weekday written before a date: the date must fall on it. */
  expect: string | null;
};

/** Each reader tries the token at i; the first that reads it claims it. */
type DayReader = (scan: DayScan, i: number) => boolean;

const claimDay = (scan: DayScan, i: number) => claim(scan.tokens, i, 'day');

const plainDays: DayReader = (scan, i) => {
  const word = scan.text(i);
  if (isIsoDate(word)) {
    claimDay(scan, i);
    scan.add(word);
    return true;
  }
  if (word === 'today' || word === 'tonight') {
    claimDay(scan, i);
    scan.add('today');
    return true;
  }
  if (
    (word === 'this' || word === 'later') &&
    /^(morning|afternoon|evening|arvo)$/.test(scan.text(i + 1))
  ) {
    claimRange(scan.tokens, i, i + 2, 'day');
    scan.add('today');
    return true;
  }
  if (word === 'tomorrow') {
    // "the day after tomorrow" is two days on.
    if (scan.text(i - 1) === 'after' && scan.text(i - 2) === 'day') {
      claimRange(scan.tokens, i - 2, i + 1, 'day');
      scan.add(addDays(scan.today, 2));
    } else {
      claimDay(scan, i);
      scan.add('tomorrow');
    }
    return true;
  }
  // "right now", "asap": today, as of when the question arrived.
  if (
    (word === 'now' && (scan.text(i - 1) === 'right' || /^[?.!]?$/.test(scan.text(i + 1)))) ||
    word === 'asap'
  ) {
    claimDay(scan, i);
    scan.add('today');
    return true;
  }
  return false;
};

/** Whether a date follows the weekday: "Saturday the 12th", "Friday, December 4". */
function dateFollows(scan: DayScan, i: number): boolean {
  const dateAt = scan.text(i + 1) === 'the' || scan.text(i + 1) === ',' ? i + 2 : i + 1;
  const following = scan.text(dateAt);
  return (
    /^\d{1,2}(st|nd|rd|th)$/.test(following) ||
    isIsoDate(following) ||
    /^\d{1,2}\/\d{1,2}/.test(following) ||
    (monthNumbers[following] !== undefined && dayOfMonth(scan.text(dateAt + 1)) !== null)
  );
}

const weekdays: DayReader = (scan, i) => {
  const { tokens, text } = scan;
  const weekday = weekdayOf(text(i), text(i - 1), text(i + 1));
  if (!weekday) return false;
  claimDay(scan, i);
  // The date says which one.
  if (dateFollows(scan, i)) {
    markWord(tokens, i - 1, ['this', 'on', 'coming', 'next'], 'day');
    scan.expect = weekday;
    return true;
  }
  const before = text(i - 1);
  if (before === 'next') {
    claim(tokens, i - 1, 'day');
    scan.add(`next ${weekday}`);
  } else if (before === 'week' && text(i - 2) === 'next') {
    // "next week Thursday" is next Thursday, as is "Thursday next week" below.
    claimRange(tokens, i - 2, i, 'day');
    scan.add(`next ${weekday}`);
  } else if (text(i + 1) === 'next' && text(i + 2) === 'week') {
    claimRange(tokens, i + 1, i + 3, 'day');
    scan.add(`next ${weekday}`);
  } else {
    markWord(tokens, i - 1, ['this', 'on', 'coming'], 'day');
    scan.add(weekday);
  }
  return true;
};

/** "in 3 days", "in two weeks". */
const inDays: DayReader = (scan, i) => {
  const { text } = scan;
  if (text(i) !== 'in' || !/^(days?|weeks?)$/.test(text(i + 2))) return false;
  const count = text(i + 1) === 'a' ? 1 : (numberWords[text(i + 1)] ?? Number(text(i + 1)));
  if (!Number.isInteger(count) || count <= 0 || count > 60) return false;
  claimRange(scan.tokens, i, i + 3, 'day');
  scan.add(addDays(scan.today, text(i + 2).startsWith('week') ? count * 7 : count));
  return true;
};

const weekend: DayReader = (scan, i) => {
  if (scan.text(i) !== 'weekend' || scan.days.length > 0) return false;
  claimDay(scan, i);
  scan.add('Saturday');
  scan.add('Sunday');
  scan.implied.add('Saturday');
  scan.implied.add('Sunday');
  return true;
};

const holidayNames: DayReader = (scan, i) => {
  const holiday = holidayAt(scan.tokens, i);
  if (!holiday) return false;
  claimRange(scan.tokens, i, i + holiday.length, 'day');
  const date = datedThisYearOrNext(holiday.month, holiday.day, scan.today);
  if (date) scan.add(date);
  return true;
};

const slashDates: DayReader = (scan, i) => {
  const slash = /^(\d{1,2})\/(\d{1,2})(?:\/(\d{2,4}))?$/.exec(scan.text(i));
  if (!slash) return false;
  const date = datedThisYearOrNext(Number(slash[1]), Number(slash[2]), scan.today);
  if (date) {
    claimDay(scan, i);
    scan.add(date);
  }
  return true;
};

/** "Dec 24", "Dec. 24th", "December 24th", "24 Dec", "the 24th of December". */
const monthDays: DayReader = (scan, i) => {
  const { tokens, text } = scan;
  const word = text(i);
  const month = monthNumbers[word.replace(/\.$/, '')];
  if (month === undefined || (word === 'may' && dayOfMonth(text(i + 1)) === null)) return false;
  const dotted = text(i + 1) === '.' && dayOfMonth(text(i + 2)) !== null;
  const after = dayOfMonth(dotted ? text(i + 2) : text(i + 1));
  const before = dayOfMonth(text(i - 1));
  const beforeOf = text(i - 1) === 'of' ? dayOfMonth(text(i - 2)) : null;
  const day = after ?? before ?? beforeOf;
  if (day === null) return true;
  claimDay(scan, i);
  if (after !== null) claimRange(tokens, i + 1, dotted ? i + 3 : i + 2, 'day');
  else if (before !== null) claim(tokens, i - 1, 'day');
  else claimRange(tokens, i - 2, i, 'day');
  const date = datedThisYearOrNext(month, day, scan.today);
  if (date) scan.add(date);
  return true;
};

/** "on the 12th", "the 25th": a day of this month, or of next month once it has passed. */
const ordinals: DayReader = (scan, i) => {
  const { tokens, text } = scan;
  const ordinal = /^(\d{1,2})(st|nd|rd|th)$/.exec(text(i));
  const afterDay = /^(the|on|for|by)$/.test(text(i - 1)) || tokens[i - 1]?.used === true;
  if (!ordinal || !afterDay || monthNumbers[text(i + 1)] !== undefined) return false;
  if (text(i + 1) === 'of') return true;
  const date = nextDayOfMonth(Number(ordinal[1]), scan.today);
  if (date) {
    claimDay(scan, i);
    scan.add(date);
  }
  return true;
};

const readers: DayReader[] = [
  plainDays,
  weekdays,
  inDays,
  weekend,
  holidayNames,
  slashDates,
  monthDays,
  ordinals,
];

export function readDays(tokens: Token[], today: string): DaysRead {
  const days: string[] = [];
  const positions = new Map<string, number>();
  const implied = new Set<string>();
  const conflicts: DaysRead['conflicts'] = [];
  let at = 0;
  const scan: DayScan = {
    tokens,
    today,
    days,
    implied,
    expect: null,
    text: (k) => tokens[k]?.text ?? '',
    add: (day) => {
      if (scan.expect && isIsoDate(day) && weekdayName(isoWeekday(day)) !== scan.expect) {
        conflicts.push('conflictingDays');
      }
      if (isIsoDate(day)) scan.expect = null;
      if (!days.includes(day)) {
        days.push(day);
        positions.set(day, at);
      } else if (implied.has(day)) {
        implied.delete(day);
        positions.set(day, at);
      }
    },
  };
  tokens.forEach((token, i) => {
    at = i;
    if (token.used) return;
    readers.some((read) => read(scan, i));
  });
  // "this weekend … on Saturday": once the question names a day of the weekend, the other is
  // only context, not a day it asks about.
  if (implied.size === 1) {
    const [unnamed] = implied;
    return { days: days.filter((day) => day !== unnamed), positions, conflicts };
  }
  return { days, positions, conflicts };
}
