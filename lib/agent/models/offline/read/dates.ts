import { daysBetween, isIsoDate, weekdayNames } from '../../../bakery/calendar';
import { holidays, weekdayShortNames } from '../words';
import type { Token } from './tokens';

/** Days as customers write them: weekdays with their typos, holidays, days of the month. */

export function weekdayOf(word: string, before: string, after: string): string | null {
  if (!/^[a-z]+$/.test(word)) return null;
  const short = weekdayShortNames[word];
  if (short) return short;
  // "sat" and "sun" are words too: not after a pronoun ("I sat"), nor "the sun", "sat down".
  if (
    (word === 'sat' || word === 'sun') &&
    !/^(i|we|he|she|they|you|it|had|have|has|was|the|in|of|and)$/.test(before) &&
    !/^(down|in|on|outside|light|shine|shines)$/.test(after)
  ) {
    return word === 'sat' ? 'Saturday' : 'Sunday';
  }
  if (word.length < 5) return null;
  const bare = word.replace(/s$/, '');
  let best: { name: string; distance: number } | null = null;
  let tie = false;
  for (const name of weekdayNames) {
    const lower = name.toLowerCase();
    if (bare === lower || word === lower) return name;
    const distance = typoDistance(bare, lower);
    if (best === null || distance < best.distance) {
      best = { name, distance };
      tie = false;
    } else if (distance === best.distance) tie = true;
  }
  const allowance = bare.length >= 7 ? 2 : 1;
  return best && !tie && best.distance <= allowance ? best.name : null;
}

/** Edit distance where swapping two neighbouring letters ("firday") is one typo. */
export function typoDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = d[i] as number[];
      const up = d[i - 1] as number[];
      row[j] = Math.min(
        (up[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (up[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

export function holidayAt(
  tokens: Token[],
  start: number,
): { month: number; day: number; length: number } | null {
  for (const holiday of holidays) {
    const words = holiday.words;
    if (words.every((w, k) => tokens[start + k]?.text === w && !tokens[start + k]?.used)) {
      return { month: holiday.month, day: holiday.day, length: words.length };
    }
  }
  return null;
}

export function dayOfMonth(text: string | undefined): number | null {
  const match = text ? /^(\d{1,2})(st|nd|rd|th)?$/.exec(text) : null;
  const day = match ? Number(match[1]) : Number.NaN;
  return day >= 1 && day <= 31 ? day : null;
}

export const pad = (n: number) => String(n).padStart(2, '0');

export function datedThisYearOrNext(month: number, day: number, today: string): string | null {
  const year = Number(today.slice(0, 4));
  const thisYear = `${year}-${pad(month)}-${pad(day)}`;
  if (!isIsoDate(thisYear)) return null;
  // A date a few weeks back is that date, already passed, not next year's.
  const lately = thisYear < today && daysBetween(thisYear, today) <= 45;
  return thisYear >= today || lately ? thisYear : `${year + 1}-${pad(month)}-${pad(day)}`;
}

export function nextDayOfMonth(day: number, today: string): string | null {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const thisMonth = `${year}-${pad(month)}-${pad(day)}`;
  if (isIsoDate(thisMonth) && thisMonth >= today) return thisMonth;
  const nextMonth =
    month === 12 ? `${year + 1}-01-${pad(day)}` : `${year}-${pad(month + 1)}-${pad(day)}`;
  return isIsoDate(nextMonth) ? nextMonth : null;
}
