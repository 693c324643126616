import { notGoods, numberWords } from '../words';
import { pad } from './dates';
import { claim, type Token } from './tokens';

/** Times of day: "at 2", "half past ten", "9:30 am", "noon"; and which half of the day is meant. */

/** "this afternoon", "friday morning", "arvo", "first thing": which half of the day a bare hour means. */
export function readDayPart(text: string): 'am' | 'pm' | null {
  // A greeting says nothing about the pickup: "Good morning! …Thursday at 2:30".
  const said = text.replace(/\bgood (morning|afternoon|evening)\b/g, ' ');
  if (/\b(afternoon|arvo|evening|tonight|after work|lunch ?time)\b/.test(said)) return 'pm';
  if (/\b(morning|breakfast|first thing)\b/.test(said)) return 'am';
  return null;
}

const timeLeadWords = new Set([
  'at',
  'around',
  'about',
  'by',
  'before',
  'after',
  'from',
  'til',
  'till',
  'until',
  'between',
  '~',
]);

/**
 * The pickup time, read after the quantities have taken their numbers: whatever number is
 * left with "at", "by", "am", "o'clock" or "ish" beside it is a time. A bare hour means the
 * hour the bakery is likely open: 7 to 11 in the morning, 12 to 6 in the afternoon, unless
 * the question says "morning" or "afternoon".
 */
export function readTime(
  tokens: Token[],
  dayPart: 'am' | 'pm' | null,
): { time: string | null; byTime: boolean; conflicts: 'conflictingTimes'[] } {
  const found = readClock(tokens, dayPart);
  const before = found === null ? '' : (tokens[found.at - 1]?.text ?? '');
  const byTime = /^(by|before)$/.test(before);
  const other = found ? secondClock(tokens, dayPart) : null;
  const conflicts: 'conflictingTimes'[] =
    found && other && other.time !== found.time && !alternatives(tokens, found.at, other.at)
      ? ['conflictingTimes']
      : [];
  return { time: found?.time ?? null, byTime, conflicts };
}

/**
 * A second time only as a clock writes it ("at 2", "2pm", "2:30"), never a count after "about":
 * read on a copy, and its words claimed only when it is one.
 */
function secondClock(
  tokens: Token[],
  dayPart: 'am' | 'pm' | null,
): { time: string; at: number } | null {
  const trial = tokens.map((token) => ({ ...token }));
  const other = readClock(trial, dayPart);
  if (!other) return null;
  const word = (k: number) => trial[k]?.text ?? '';
  const clockLike =
    word(other.at - 1) === 'at' ||
    /:/.test(word(other.at)) ||
    /^(am|pm|o'clock|oclock)$/.test(word(other.at + 1)) ||
    /^(noon|midday|half|quarter)$/.test(word(other.at));
  if (!clockLike) return null;
  trial.forEach((token, k) => {
    if (token.by === 'time') claim(tokens, k, 'time');
  });
  return other;
}

/**
 * Whether two times are a range, a choice or a change rather than two pickups at once: "from 10
 * to 11", "10 or 11", "between 10 and 12", "actually 11", "until 3".
 */
function alternatives(tokens: readonly Token[], first: number, second: number): boolean {
  const between = tokens.slice(first + 1, second).map((t) => t.text);
  const lead = tokens[second - 1]?.text ?? '';
  return (
    between.some((word) =>
      /^(or|and|to|-|until|till|til|instead|actually|rather|than)$/.test(word),
    ) ||
    /^(until|till|til|before|by|after|from)$/.test(lead) ||
    /^(from|between|open|opens|close|closes|closing|opening)$/.test(tokens[first - 1]?.text ?? '')
  );
}

function readClock(
  tokens: Token[],
  dayPart: 'am' | 'pm' | null,
): { time: string; at: number } | null {
  const text = (k: number) => tokens[k]?.text ?? '';
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.used) continue;
    if (token.text === 'noon' || token.text === 'midday') {
      claim(tokens, i, 'time');
      return { time: '12:00', at: i };
    }
    const half = halfHour(tokens, i, dayPart);
    if (half) return half;
    // "half past ten", "quarter past 9", "quarter to 3".
    if (
      (token.text === 'half' || token.text === 'quarter') &&
      /^(past|after|to)$/.test(text(i + 1))
    ) {
      const hour = hourOf(text(i + 2));
      if (hour !== null) {
        const minutes = token.text === 'half' ? 30 : 15;
        const to = text(i + 1) === 'to';
        const meridiem = meridiemAt(tokens, i + 3);
        const h = to ? hour - 1 : hour;
        for (let k = i; k < i + 3; k++) claim(tokens, k, 'time');
        return { time: clockTime(h, to ? 60 - minutes : minutes, meridiem, dayPart), at: i };
      }
    }
    // "nine thirty", "ten-fifteen": an hour and its minutes in words.
    const spoken = /^([a-z]+)-(thirty|fifteen|forty-five|fortyfive)$/.exec(token.text);
    const spokenHour = spoken ? hourOf(spoken[1] as string) : null;
    const spokenMinutes = spoken
      ? spoken[2]
      : /^(thirty|fifteen|forty-five)$/.test(text(i + 1)) && !/^\d/.test(token.text)
        ? text(i + 1)
        : null;
    const wordHour2 = spokenHour ?? (spokenMinutes && !spoken ? hourOf(token.text) : null);
    if (wordHour2 !== null && spokenMinutes) {
      const minutes = spokenMinutes === 'thirty' ? 30 : spokenMinutes === 'fifteen' ? 15 : 45;
      const next = spoken ? i + 1 : i + 2;
      const meridiem = meridiemAt(tokens, next);
      for (let k = i; k < next; k++) claim(tokens, k, 'time');
      if (meridiem) claim(tokens, next, 'time');
      return { time: clockTime(wordHour2, minutes, meridiem, dayPart), at: i };
    }
    const clock = /^(\d{1,2})[:.](\d{2})$/.exec(token.text);
    const hour = hourOf(token.text);
    const meridiem = meridiemAt(tokens, i + 1);
    const led = timeLeadWords.has(text(i - 1));
    const oclock = /^(o'clock|oclock|ish)$/.test(text(i + 1));
    const wordHour = /^\d/.test(token.text) ? false : hour !== null;
    // "about 14 people", "around 3 days": a count of something, not a time.
    if (!clock && !meridiem && !oclock && notGoods.has(text(i + 1))) continue;
    if (
      clock ||
      (hour !== null && (meridiem || oclock || (led && (!wordHour || text(i - 1) === 'at'))))
    ) {
      const h = clock ? Number(clock[1]) : (hour as number);
      const m = clock ? Number(clock[2]) : 0;
      if (h > 23 || m > 59) continue;
      claim(tokens, i, 'time');
      if (meridiem || oclock) claim(tokens, i + 1, 'time');
      return {
        time: clockTime(h, m, meridiem, meridiem || h > 12 || h === 0 ? null : dayPart),
        at: i,
      };
    }
  }
  return null;
}

/** "at half ten": half past ten, as it is said in Britain and Ireland. */
function halfHour(
  tokens: Token[],
  i: number,
  dayPart: 'am' | 'pm' | null,
): { time: string; at: number } | null {
  const text = (k: number) => tokens[k]?.text ?? '';
  if (text(i) !== 'half' || !timeLeadWords.has(text(i - 1))) return null;
  const hour = hourOf(text(i + 1));
  if (hour === null || hour > 12 || /^(a|an|dozen)$/.test(text(i + 1))) return null;
  const meridiem = meridiemAt(tokens, i + 2);
  claim(tokens, i, 'time');
  claim(tokens, i + 1, 'time');
  return { time: clockTime(hour, 30, meridiem, dayPart), at: i };
}

function hourOf(text: string): number | null {
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const word = numberWords[text];
  return word !== undefined && word >= 1 && word <= 12 ? word : null;
}

function meridiemAt(tokens: Token[], index: number): 'am' | 'pm' | null {
  const text = tokens[index]?.text;
  if (text === 'am' || text === 'pm') return text;
  if (text === 'in' && tokens[index + 1]?.text === 'the') {
    const part = tokens[index + 2]?.text;
    if (part === 'morning') return 'am';
    if (part === 'afternoon' || part === 'evening') return 'pm';
  }
  return null;
}

function clockTime(
  hour: number,
  minute: number,
  meridiem: 'am' | 'pm' | null,
  dayPart: 'am' | 'pm' | null,
): string {
  let h = hour;
  if (meridiem === 'pm' && h < 12) h += 12;
  else if (meridiem === 'am' && h === 12) h = 0;
  else if (!meridiem && h >= 1 && h < 12) {
    // A bakery opens in the morning: a bare 1 to 6 is the afternoon, even "in the morning"
    // of a question that also says "at 2".
    if (dayPart === 'pm' || h <= 6) h += 12;
  }
  return `${pad(h)}:${pad(minute)}`;
}
