import { addDays, daysBetween, isIsoDate, weekdayNames } from '../../bakery/calendar';
import type { Allergen, DietaryTag } from '../../bakery/data';
import { nameKey, sameWord, singular } from '../../bakery/names';
import { allergensNamed, dietaryNamed } from './labels';
import { readLanguage } from './language';
import { type PersonTopic, readPersonTopic } from './topics';
import {
  approximations,
  bakedGoods,
  genericGoods,
  holidays,
  monthNumbers,
  notGoods,
  numberWords,
  phraseBreaks,
  quantityFillers,
  shorthand,
  weekdayShortNames,
} from './words';

/** What a customer's question says, read by rules: never followed, only looked at. */
export type Reading = {
  /** 'en', or the other language the question is written in: the drafter reads English only. */
  language: 'en' | 'es' | 'fr';
  /** Items on the menu, by their menu name, with the quantity the customer wrote (if any). */
  items: { name: string; quantity: number | null; day?: string }[];
  /** Goods the customer named that the menu does not have, as written. */
  offMenu: string[];
  /** Days as the tools accept them: a weekday, "next Friday", "today", "tomorrow" or YYYY-MM-DD. */
  days: string[];
  /** HH:MM, 24-hour. */
  time: string | null;
  /** The time is a deadline ("by 3", "before noon"): any pickup that day up to it will do. */
  byTime: boolean;
  asks: {
    hours: boolean;
    price: boolean;
    notice: boolean;
    pickup: boolean;
    menu: boolean;
    earliest: boolean;
  };
  /** Something no tool answers (allergens, delivery, a complaint…): a person must reply. */
  person: PersonTopic | null;
  /** The major allergens and dietary tags the question names ("nuts", "gluten free"). */
  allergens: Allergen[];
  dietary: DietaryTag[];
};

type Token = { text: string; used: boolean };

export type ReadingContext = {
  menu: readonly string[];
  /** The bakery's date when the question arrived: month days and "the 12th" are read from it. */
  today: string;
};

export function readQuestion(question: string, context: ReadingContext): Reading {
  const lower = normalize(question);
  const language = readLanguage(question);
  const tokens: Token[] = (
    lower.match(
      /\$\d[\d,]*(?:\.\d+)?|\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}(?:\/\d{2,4})?|\d{1,2}[:.]\d{2}(?=\s*(?:am|pm)\b)|(?<=\b(?:at|around|by|about|before|after|until|till)\s)\d{1,2}\.\d{2}\b|\d{1,2}:\d{2}|\d{1,3}(?:,\d{3})+|\d+(?:st|nd|rd|th)?|[a-z]+(?:['-][a-z]+)*|[?.!,;:×~()-]/g,
    ) ?? []
  ).map((text) => ({ text: shorthand[text] ?? text, used: false }));

  const dayPart = readDayPart(lower);
  const { days, positions } = readDays(tokens, context.today);
  const named = readItems(tokens, context.menu);
  // "One of everything", "one of each": every item on the menu, one each.
  const everything = /\bone of (?:everything|each)\b/.exec(lower);
  const found =
    named.length === 0 && everything
      ? context.menu.map((name) => ({
          name,
          quantity: 1,
          at: tokens.findIndex((t) => t.text === 'everything' || t.text === 'each'),
        }))
      : named;
  const { time, byTime } = readTime(tokens, dayPart);
  const offMenu = readOffMenu(tokens, lower);
  // "Your holiday hours?": each holiday of the coming weeks, one by one.
  if (
    days.length === 0 &&
    /\b(holiday|holidays|festive|special hours|christmas hours)\b/.test(lower)
  ) {
    for (const holiday of holidays) {
      const date = datedThisYearOrNext(holiday.month, holiday.day, context.today);
      if (
        date &&
        date >= context.today &&
        daysBetween(context.today, date) <= 45 &&
        !days.includes(date)
      ) {
        days.push(date);
      }
    }
    days.sort();
  }
  // A time with no day ("can I come at 2?", "are you still open?") is about today.
  if (
    days.length === 0 &&
    (time !== null || /\b(still open|open now|open right now)\b/.test(lower))
  ) {
    days.push('today');
  }
  const sentenceEnds = tokens.flatMap((t, k) => (/^[.?!]$/.test(t.text) ? [k] : []));
  const items = withDays(found, days, positions, sentenceEnds);
  // The pickup day is the one the items are wanted on: "party on Sunday… pick up Saturday".
  const itemDays = [...new Set(items.map((item) => item.day).filter((d) => d !== undefined))];
  if (itemDays.length === 1) {
    const [day] = itemDays as [string];
    days.splice(days.indexOf(day), 1);
    days.unshift(day);
    for (const item of items) delete item.day;
  }
  return {
    language,
    items,
    offMenu,
    days,
    time,
    byTime,
    asks: readAsks(lower),
    person: readPersonTopic(lower),
    allergens: allergensNamed(lower),
    dietary: dietaryNamed(lower),
  };
}

/** Lower case, plain quotes and dashes, and times split from their words: the text rules read. */
export function normalize(question: string): string {
  return (
    question
      .toLowerCase()
      .replace(/[\u2018\u2019\u02bc]/g, "'")
      .replace(/[\u2013\u2014]/g, ' - ')
      // "7 a.m." and "7 p.m." read as "7 am".
      .replace(/\b([ap])\.\s?m\b\.?/g, '$1m')
      // "9ish", "10am", "2pm", "x6": split the number from its word.
      .replace(/(\d)(am|pm|ish)\b/g, '$1 $2')
      .replace(/\bx(\d)/g, 'x $1')
  );
}

function readAsks(text: string): Reading['asks'] {
  const has = (pattern: RegExp) => pattern.test(text);
  return {
    hours: has(
      /\b(open|opening|opens|close|closing|closes|closed|hours|what time|when are you|are you around)\b/,
    ),
    price: has(
      /\b(how much(?! (sugar|salt|fat|notice|time|lead|advance|protein|fib(er|re)|butter|flour|gluten|caffeine|carbs?|calories|ahead|earlier|longer|later))|price|prices|priced|pricing|cost|costs|total|charge|come to|what would .{1,40} be)\b|\$/,
    ),
    notice: has(
      /\b(notice|in advance|ahead|advance|order by|how early|how soon|lead time|deadline|last day|too late|in time|beforehand)\b/,
    ),
    pickup: has(
      /\b(pick up|pick-up|pickup|picking up|collect|come by|come in|stop by|swing by|order|reserve|put aside|set aside|hold|grab|get|buy|want|need|like)\b/,
    ),
    menu: has(
      /\b(menu|what do you (have|sell|make|bake|offer)|what's available|what is available|what can i (order|get|buy)|what kinds?|what types?|everything you|what else|what you have|what you sell|what you make|what are your prices|your prices|what breads?)\b/,
    ),
    earliest: has(
      /\b(earliest|soonest|how soon|first (day|time) (i|we) can|when can (i|we) (get|pick|collect|have)|when (i|we) (could|can) (get|pick|collect|have)|when could (i|we) (get|pick|collect|have)|when (would|will) (it|they) be ready)\b/,
    ),
  };
}

/** "this afternoon", "friday morning": which half of the day a bare hour means. */
function readDayPart(text: string): 'am' | 'pm' | null {
  // A greeting says nothing about the pickup: "Good morning! …Thursday at 2:30".
  const said = text.replace(/\bgood (morning|afternoon|evening)\b/g, ' ');
  if (/\b(afternoon|evening|tonight|after work|lunch ?time)\b/.test(said)) return 'pm';
  if (/\b(morning|breakfast)\b/.test(said)) return 'am';
  return null;
}

// ---- days ---------------------------------------------------------------------------------

/**
 * Each item's own day when the question names more than one: the day written after the item
 * (before the next item), else the first one later in the same sentence ("12 rolls and 2 rye
 * loaves for Friday"), or else the last one before it. "10 cinnamon buns for tomorrow and
 * 20 sourdough rolls for Saturday" is two pickups.
 */
function withDays(
  found: Found[],
  days: string[],
  positions: Map<string, number>,
  sentenceEnds: number[],
): Reading['items'] {
  if (days.length < 2) return found.map(({ name, quantity }) => ({ name, quantity }));
  const placed = days.map((day) => ({ day, at: positions.get(day) ?? -1 }));
  return found.map((item, k) => {
    const next = found[k + 1]?.at ?? Number.POSITIVE_INFINITY;
    const endOfSentence = sentenceEnds.find((k) => k > item.at) ?? Number.POSITIVE_INFINITY;
    const after =
      placed.find((p) => p.at > item.at && p.at < next) ??
      placed.filter((p) => p.at > item.at && p.at < endOfSentence).sort((a, b) => a.at - b.at)[0];
    // The latest day before the item; of two named at once ("this weekend"), the first.
    const before = placed
      .filter((p) => p.at >= 0 && p.at < item.at)
      .reduce<(typeof placed)[number] | undefined>(
        (best, p) => (best === undefined || p.at > best.at ? p : best),
        undefined,
      );
    const day = (after ?? before)?.day;
    return day === undefined
      ? { name: item.name, quantity: item.quantity }
      : { name: item.name, quantity: item.quantity, day };
  });
}

function readDays(
  tokens: Token[],
  today: string,
): { days: string[]; positions: Map<string, number> } {
  const days: string[] = [];
  const positions = new Map<string, number>();
  let at = 0;
  // Days "this weekend" stands for, until the question names one of them itself.
  const implied = new Set<string>();
  const add = (day: string) => {
    if (!days.includes(day)) {
      days.push(day);
      positions.set(day, at);
    } else if (implied.has(day)) {
      implied.delete(day);
      positions.set(day, at);
    }
  };
  const text = (k: number) => tokens[k]?.text ?? '';
  tokens.forEach((token, i) => {
    at = i;
    if (token.used) return;
    const word = token.text;
    if (isIsoDate(word)) {
      token.used = true;
      add(word);
      return;
    }
    if (word === 'today' || word === 'tonight') {
      token.used = true;
      add('today');
      return;
    }
    if (
      (word === 'this' || word === 'later') &&
      /^(morning|afternoon|evening)$/.test(text(i + 1))
    ) {
      token.used = true;
      use(tokens, i + 1);
      add('today');
      return;
    }
    if (word === 'tomorrow') {
      token.used = true;
      // "the day after tomorrow" is two days on.
      if (text(i - 1) === 'after' && text(i - 2) === 'day') {
        use(tokens, i - 1);
        use(tokens, i - 2);
        add(addDays(today, 2));
      } else add('tomorrow');
      return;
    }
    const weekday = weekdayOf(word, text(i - 1), text(i + 1));
    if (weekday) {
      token.used = true;
      // "Saturday the 12th", "Friday, December 4": the date says which one.
      const dateAt = text(i + 1) === 'the' || text(i + 1) === ',' ? i + 2 : i + 1;
      const following = text(dateAt);
      if (
        /^\d{1,2}(st|nd|rd|th)$/.test(following) ||
        isIsoDate(following) ||
        /^\d{1,2}\/\d{1,2}/.test(following) ||
        (monthNumbers[following] !== undefined && dayOfMonth(text(dateAt + 1)) !== null)
      ) {
        markWord(tokens, i - 1, ['this', 'on', 'coming', 'next']);
        return;
      }
      const before = text(i - 1);
      if (before === 'next') {
        use(tokens, i - 1);
        add(`next ${weekday}`);
      } else if (before === 'week' && text(i - 2) === 'next') {
        // "next week Thursday" is next Thursday, as is "Thursday next week" below.
        use(tokens, i - 1);
        use(tokens, i - 2);
        add(`next ${weekday}`);
      } else if (text(i + 1) === 'next' && text(i + 2) === 'week') {
        use(tokens, i + 1);
        use(tokens, i + 2);
        add(`next ${weekday}`);
      } else {
        markWord(tokens, i - 1, ['this', 'on', 'coming']);
        add(weekday);
      }
      return;
    }
    // "right now", "asap": today, as of when the question arrived.
    if (
      (word === 'now' && (text(i - 1) === 'right' || /^[?.!]?$/.test(text(i + 1)))) ||
      word === 'asap'
    ) {
      token.used = true;
      add('today');
      return;
    }
    // "in 3 days", "in two weeks".
    if (word === 'in' && /^(days?|weeks?)$/.test(text(i + 2))) {
      const count = text(i + 1) === 'a' ? 1 : (numberWords[text(i + 1)] ?? Number(text(i + 1)));
      if (Number.isInteger(count) && count > 0 && count <= 60) {
        for (let k = i; k <= i + 2; k++) use(tokens, k);
        add(addDays(today, text(i + 2).startsWith('week') ? count * 7 : count));
        return;
      }
    }
    if (word === 'weekend' && days.length === 0) {
      token.used = true;
      add('Saturday');
      add('Sunday');
      implied.add('Saturday');
      implied.add('Sunday');
      return;
    }
    const holiday = holidayAt(tokens, i);
    if (holiday) {
      for (let k = i; k < i + holiday.length; k++) use(tokens, k);
      const date = datedThisYearOrNext(holiday.month, holiday.day, today);
      if (date) add(date);
      return;
    }
    const slash = /^(\d{1,2})\/(\d{1,2})(?:\/(\d{2,4}))?$/.exec(word);
    if (slash) {
      const date = datedThisYearOrNext(Number(slash[1]), Number(slash[2]), today);
      if (date) {
        token.used = true;
        add(date);
      }
      return;
    }
    const month = monthNumbers[word.replace(/\.$/, '')];
    if (month !== undefined && (word !== 'may' || dayOfMonth(text(i + 1)) !== null)) {
      // "Dec 24", "Dec. 24th", "December 24th", "24 Dec", "the 24th of December".
      if (text(i + 1) === '.' && dayOfMonth(text(i + 2)) !== null) use(tokens, i + 1);
      const after = dayOfMonth(text(i + 1) === '.' ? text(i + 2) : text(i + 1));
      const before = dayOfMonth(text(i - 1));
      const beforeOf = text(i - 1) === 'of' ? dayOfMonth(text(i - 2)) : null;
      const day = after ?? before ?? beforeOf;
      if (day === null) return;
      token.used = true;
      if (after !== null) use(tokens, text(i + 1) === '.' ? i + 2 : i + 1);
      else if (before !== null) use(tokens, i - 1);
      else {
        use(tokens, i - 1);
        use(tokens, i - 2);
      }
      const date = datedThisYearOrNext(month, day, today);
      if (date) add(date);
      return;
    }
    // "on the 12th", "the 25th": a day of this month, or of next month once it has passed.
    const ordinal = /^(\d{1,2})(st|nd|rd|th)$/.exec(word);
    const afterDay = /^(the|on|for|by)$/.test(text(i - 1)) || tokens[i - 1]?.used === true;
    if (ordinal && afterDay && monthNumbers[text(i + 1)] === undefined) {
      if (text(i + 1) === 'of') return;
      const date = nextDayOfMonth(Number(ordinal[1]), today);
      if (date) {
        token.used = true;
        add(date);
      }
    }
  });
  // "this weekend … on Saturday": once the question names a day of the weekend, the other is
  // only context, not a day it asks about.
  if (implied.size === 1) {
    const [unnamed] = implied;
    return { days: days.filter((day) => day !== unnamed), positions };
  }
  return { days, positions };
}

/** A weekday as written, typos and short forms included, to its name. */
function weekdayOf(word: string, before: string, after: string): string | null {
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
function typoDistance(a: string, b: string): number {
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

function holidayAt(
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

function dayOfMonth(text: string | undefined): number | null {
  const match = text ? /^(\d{1,2})(st|nd|rd|th)?$/.exec(text) : null;
  const day = match ? Number(match[1]) : Number.NaN;
  return day >= 1 && day <= 31 ? day : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

function datedThisYearOrNext(month: number, day: number, today: string): string | null {
  const year = Number(today.slice(0, 4));
  const thisYear = `${year}-${pad(month)}-${pad(day)}`;
  if (!isIsoDate(thisYear)) return null;
  // A date a few weeks back is that date, already passed, not next year's.
  const lately = thisYear < today && daysBetween(thisYear, today) <= 45;
  return thisYear >= today || lately ? thisYear : `${year + 1}-${pad(month)}-${pad(day)}`;
}

function nextDayOfMonth(day: number, today: string): string | null {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const thisMonth = `${year}-${pad(month)}-${pad(day)}`;
  if (isIsoDate(thisMonth) && thisMonth >= today) return thisMonth;
  const nextMonth =
    month === 12 ? `${year + 1}-01-${pad(day)}` : `${year}-${pad(month + 1)}-${pad(day)}`;
  return isIsoDate(nextMonth) ? nextMonth : null;
}

// ---- times --------------------------------------------------------------------------------

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
function readTime(
  tokens: Token[],
  dayPart: 'am' | 'pm' | null,
): { time: string | null; byTime: boolean } {
  const found = readClock(tokens, dayPart);
  const before = found === null ? '' : (tokens[found.at - 1]?.text ?? '');
  return { time: found?.time ?? null, byTime: /^(by|before)$/.test(before) };
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
      token.used = true;
      return { time: '12:00', at: i };
    }
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
        for (let k = i; k < i + 3; k++) use(tokens, k);
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
      for (let k = i; k < next; k++) use(tokens, k);
      if (meridiem) use(tokens, next);
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
      token.used = true;
      if (meridiem || oclock) use(tokens, i + 1);
      return {
        time: clockTime(h, m, meridiem, meridiem || h > 12 || h === 0 ? null : dayPart),
        at: i,
      };
    }
  }
  return null;
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

// ---- quantities ---------------------------------------------------------------------------

/** A number as written: digits, "1,000", a word, "twenty-four", "a hundred and twenty". */
function numberAt(tokens: Token[], start: number): { value: number; length: number } | null {
  const word = (k: number) => {
    const token = tokens[start + k];
    return token && !token.used ? token.text : undefined;
  };
  const simple = (text: string | undefined): number | null => {
    if (text === undefined) return null;
    if (/^\d{1,3}(,\d{3})+$/.test(text)) return Number(text.replace(/,/g, ''));
    if (/^\d{1,5}$/.test(text)) return Number(text);
    const compound = /^([a-z]+)-([a-z]+)$/.exec(text);
    if (compound) {
      const tens = numberWords[compound[1] as string];
      const ones = numberWords[compound[2] as string];
      return tens !== undefined && ones !== undefined && tens >= 20 && ones < 10
        ? tens + ones
        : null;
    }
    return numberWords[text] ?? null;
  };
  let k = 0;
  let value: number | null;
  if ((word(0) === 'a' || word(0) === 'one') && word(1) === 'hundred') {
    value = 100;
    k = 2;
  } else {
    value = simple(word(0));
    if (value === null) return null;
    k = 1;
    if (value < 10 && word(1) === 'hundred') {
      value *= 100;
      k = 2;
    }
  }
  if (value >= 100 && value % 100 === 0) {
    // "a hundred and twenty", "two hundred fifty".
    const skip = word(k) === 'and' ? 1 : 0;
    const rest = simple(word(k + skip));
    if (rest !== null && rest < 100 && /^[a-z]/.test(word(k + skip) ?? '')) {
      value += rest;
      k += skip + 1;
      const ones = simple(word(k));
      if (
        rest >= 20 &&
        rest % 10 === 0 &&
        ones !== null &&
        ones < 10 &&
        /^[a-z]/.test(word(k) ?? '')
      ) {
        value += ones;
        k += 1;
      }
    }
  } else if (value >= 20 && value < 100 && value % 10 === 0 && /^[a-z]/.test(word(0) ?? '')) {
    // "twenty four"
    const ones = simple(word(1));
    if (ones !== null && ones >= 1 && ones < 10 && /^[a-z]/.test(word(1) ?? '')) {
      value += ones;
      k = 2;
    }
  }
  return { value, length: k };
}

/**
 * A quantity starting at tokens[start], and how many tokens it took. A null value is a
 * quantity too vague to price ("a few", "some"), which still keeps "a" from reading as one.
 */
function quantityAt(
  tokens: Token[],
  start: number,
): { value: number | null; length: number } | null {
  const word = (k: number) => {
    const token = tokens[start + k];
    return token && !token.used ? token.text : undefined;
  };
  const orSo = (length: number) => (word(length) === 'or' && word(length + 1) === 'so' ? 2 : 0);
  const dozens = (value: number, length: number) => {
    if (word(length) === 'dozen') return { value: value * 12, length: length + 1 };
    return null;
  };
  if (word(0) === 'half' && (word(1) === 'a' || word(1) === 'an') && word(2) === 'dozen') {
    return { value: 6, length: 3 };
  }
  if (word(0) === 'half' && word(1) === 'dozen') return { value: 6, length: 2 };
  if (word(0) === 'a' && word(1) === "baker's" && word(2) === 'dozen') {
    return { value: 13, length: 3 };
  }
  if (word(0) === "baker's" && word(1) === 'dozen') return { value: 13, length: 2 };
  const lead = word(0) === 'a' || word(0) === 'an' ? 1 : 0;
  if (word(lead) === 'couple' || word(lead) === 'pair') {
    const length = lead + 1;
    const dozen = dozens(2, length);
    if (dozen) return { ...dozen, length: dozen.length + orSo(dozen.length) };
    return { value: 2, length: length + (word(length) === 'of' ? 1 : 0) };
  }
  if (word(lead) === 'few' || word(lead) === 'several' || word(0) === 'some') {
    const length = lead + 1;
    if (word(length) === 'dozen') return { value: null, length: length + 1 };
    return { value: null, length: length + (word(length) === 'of' ? 1 : 0) };
  }
  // "a dozen and a half": eighteen.
  if (
    word(0) === 'a' &&
    word(1) === 'dozen' &&
    word(2) === 'and' &&
    word(3) === 'a' &&
    word(4) === 'half'
  ) {
    return { value: 18, length: 5 };
  }
  if (word(0) === 'a' && word(1) === 'dozen') return { value: 12, length: 2 + orSo(2) };
  if (word(0) === 'dozen') return { value: 12, length: 1 + orSo(1) };
  if (word(0) === 'a' || word(0) === 'an') {
    if (word(1) === 'hundred') return numberAt(tokens, start);
    return { value: 1, length: 1 };
  }
  const number = numberAt(tokens, start);
  if (!number) return null;
  // "two and a half dozen": thirty, not a half dozen on its own.
  const at = number.length;
  if (
    word(at) === 'and' &&
    word(at + 1) === 'a' &&
    word(at + 2) === 'half' &&
    word(at + 3) === 'dozen'
  ) {
    return { value: number.value * 12 + 6, length: at + 4 + orSo(at + 4) };
  }
  const dozen = dozens(number.value, number.length);
  if (dozen) return { ...dozen, length: dozen.length + orSo(dozen.length) };
  return { value: number.value, length: number.length + orSo(number.length) };
}

/** The quantity written just before tokens[end], skipping "of the", "loaves of" and the like. */
function quantityBefore(
  tokens: Token[],
  end: number,
): { value: number | null; start: number } | null {
  // Every place the quantity may end: right before the item, or before "of the", "loaves of"…
  const stops = [end];
  let stop = end;
  while (stop > 0 && quantityFillers.has(tokens[stop - 1]?.text ?? '') && !tokens[stop - 1]?.used) {
    stop--;
    stops.push(stop);
  }
  for (const at of stops.reverse()) {
    for (let start = Math.max(0, at - 6); start < at; start++) {
      const found = quantityAt(tokens, start);
      if (found && start + found.length === at) {
        for (let k = start; k < end; k++) use(tokens, k);
        return { value: found.value, start };
      }
    }
  }
  return null;
}

/** "cinnamon buns x6", "rye loaf x 2", "sourdough rolls: 12". */
function quantityAfter(tokens: Token[], start: number): number | null {
  const text = tokens[start]?.text;
  if (text !== 'x' && text !== '×' && text !== ':' && text !== '(') return null;
  const found = quantityAt(tokens, start + 1);
  if (!found || found.value === null || !/^\d/.test(tokens[start + 1]?.text ?? '')) return null;
  for (let k = start; k < start + 1 + found.length; k++) use(tokens, k);
  return found.value;
}

const trailingLead = new Set(['-', ',', '(', 'maybe', 'like', 'roughly', 'approximately', 'say']);

/** "sourdough rolls - maybe 2 dozen or so -": a quantity after its item, with nothing after it. */
function quantityTrailing(tokens: Token[], start: number): number | null {
  let at = start;
  while (at < start + 3 && trailingLead.has(tokens[at]?.text ?? '')) at++;
  if (at === start) return null;
  const found = quantityAt(tokens, at);
  if (!found || found.value === null || /^(a|an)$/.test(tokens[at]?.text ?? '')) return null;
  const next = tokens[at + found.length];
  if (
    next &&
    /^[a-z]/.test(next.text) &&
    !/^(for|on|please|pls|by|and|total|in|of)$/.test(next.text)
  ) {
    return null;
  }
  if (next && /^(am|pm|:)$/.test(next.text)) return null;
  for (let k = at; k < at + found.length; k++) use(tokens, k);
  return found.value;
}

// ---- items --------------------------------------------------------------------------------

type Found = { name: string; quantity: number | null; at: number };

function readItems(tokens: Token[], menu: readonly string[]): Found[] {
  const found: Found[] = [];
  const menuWords = menu.map((name) => nameKey(name).split(' '));
  for (let i = 0; i < tokens.length; i++) {
    const match = matchMenuAt(tokens, i, menu, menuWords);
    if (!match) continue;
    for (let k = i; k < i + match.length; k++) use(tokens, k);
    const before = quantityBefore(tokens, i);
    const quantity =
      before?.value ??
      quantityAfter(tokens, i + match.length) ??
      quantityTrailing(tokens, i + match.length);
    const already = found.find((item) => item.name === match.name);
    if (!already) found.push({ name: match.name, quantity, at: i });
    else if (
      already.quantity === null ||
      (already.quantity === 1 && quantity !== null && quantity > 1)
    ) {
      // Named twice, the mention with a count is the order: "$7 a loaf for rye … 2 rye loaves".
      if (quantity !== null) {
        already.quantity = quantity;
        already.at = i;
      }
    }
    i += match.length - 1;
  }
  // "8 of them", "a dozen of those": the quantity belongs to the item named before it.
  tokens.forEach((token, i) => {
    if (token.used) return;
    const lone = quantityAt(tokens, i);
    if (!lone || lone.value === null) return;
    const next = tokens[i + lone.length]?.text ?? '';
    const after = tokens[i + lone.length + 1]?.text ?? '';
    const anaphor =
      (next === 'of' && /^(them|those|these|'em|it)$/.test(after)) || /^(of them|more)$/.test(next);
    if (!anaphor) return;
    const earlier = found.filter((item) => item.at < i);
    const target = earlier[earlier.length - 1] ?? (found.length === 1 ? found[0] : undefined);
    if (target && (target.quantity === null || target.quantity === 1)) {
      target.quantity = lone.value;
      for (let k = i; k < i + lone.length; k++) use(tokens, k);
    }
  });
  // "How much is a rye loaf, and how much notice do you need for three?": a lone number
  // left over belongs to the only item asked about.
  const only = found.length === 1 ? found[0] : undefined;
  if (only && (only.quantity === null || only.quantity === 1)) {
    tokens.forEach((token, i) => {
      if (token.used) return;
      const lone = quantityAt(tokens, i);
      const after = tokens[i + (lone?.length ?? 0)]?.text ?? '.';
      // "how much would 30 cost?", "what would 40 come to?"
      const priced = /^(cost|costs|come|be|run|total)$/.test(after);
      // "I need rolls. Like 50." A number on its own after "like" or "maybe" is how many.
      const loose =
        /^(like|maybe|say|roughly|approximately|need|want|order|get|take|grab|reserve)$/.test(
          tokens[i - 1]?.text ?? '',
        ) &&
        (/^[?.!,;]$|^(total|please|pls|pieces|pcs|for|on|by|tomorrow|today|this|next)$/.test(
          after,
        ) ||
          weekdayOf(after, '', '') !== null);
      const forOne = tokens[i - 1]?.text === 'for' && /^[?.!,;]$|^(of|please|on|by)$/.test(after);
      if (lone?.value && lone.value > 1 && (priced || forOne || loose)) {
        only.quantity = lone.value;
        use(tokens, i);
      }
    });
  }
  return found;
}

/** Words that may stand before a generic noun ("buns") without naming another kind of it. */
function neutralBefore(word: string | undefined): boolean {
  if (word === undefined) return true;
  if (!/^[a-z]/.test(word)) return true;
  return (
    phraseBreaks.has(word) ||
    quantityFillers.has(word) ||
    approximations.has(word) ||
    numberWords[word] !== undefined ||
    /^(dozen|few|couple|pair|several|some|more|them|those|these|your|our|my|get|want|need|like|order|buy|have|sell|make|bake|do|fresh|warm|extra|please|also|just|only|x|i'd|i'll|we'd|we'll|pick|up|grab|reserve|collect|hold|any|usual|famous|delicious|yummy|tasty|great|lovely|nice|good|those|baker's|half|hundred)$/.test(
      word,
    )
  );
}

function matchMenuAt(
  tokens: Token[],
  start: number,
  menu: readonly string[],
  menuWords: string[][],
): { name: string; length: number } | null {
  const free = (k: number) => {
    const token = tokens[k];
    return token && !token.used && /^[a-z]/.test(token.text) ? token.text : null;
  };
  // The whole name first ("sourdough rolls"); in a name of two words or more, one short word
  // may carry one typo when the others are right ("rey loaf").
  for (let m = 0; m < menu.length; m++) {
    const words = menuWords[m] as string[];
    const window = words.map((_, k) => free(start + k));
    if (window.some((w) => w === null)) continue;
    const off = window.filter((w, k) => !sameWord(w as string, words[k] as string));
    const nearly =
      words.length > 1 &&
      off.length === 1 &&
      window.some((w, k) => w === words[k] || singular(w as string) === words[k]) &&
      window.every(
        (w, k) =>
          sameWord(w as string, words[k] as string) ||
          ((w as string).length >= 2 && typoDistance(w as string, words[k] as string) <= 1),
      );
    if (off.length === 0 || nearly) {
      return { name: menu[m] as string, length: words.length };
    }
  }
  const word = free(start);
  if (word === null || phraseBreaks.has(word) || word.length < 3) return null;
  const isGeneric = genericGoods.has(singular(word));
  const uniqueWord = (w: string) =>
    menuWords.filter((other) => other.some((o) => sameWord(o, w))).length === 1;
  if (!isGeneric) {
    // One telling word: "rye", "sourdough", "cinnamon".
    const telling = menu.filter((_, m) => {
      const words = menuWords[m] as string[];
      return words.some((w) => !genericGoods.has(w) && sameWord(word, w) && uniqueWord(w));
    });
    if (telling.length !== 1) return null;
    const name = telling[0] as string;
    const own = (menuWords[menu.indexOf(name)] as string[]).find((w) => genericGoods.has(w));
    const next = free(start + 1);
    if (next !== null && genericGoods.has(singular(next))) {
      // "rye bread" is the rye loaf; "sourdough loaf" is not the sourdough rolls.
      const nextKind = singular(next);
      if (nextKind === 'bread' || own === undefined || nextKind === own) {
        return { name, length: 2 };
      }
      return null;
    }
    if (next !== null && bakedGoods.has(singular(next))) return null;
    return { name, length: 1 };
  }
  // A generic word alone ("the buns") is the one menu item of that kind, unless the words
  // before it name another kind ("hot cross buns", "dinner rolls").
  const kind = singular(word);
  const ofKind = menu.filter((_, m) => (menuWords[m] as string[]).some((w) => w === kind));
  if (ofKind.length !== 1) return null;
  if (!neutralBefore(tokens[start - 1]?.used ? undefined : tokens[start - 1]?.text)) return null;
  return { name: ofKind[0] as string, length: 1 };
}

// ---- goods the menu does not have ---------------------------------------------------------

const verbs =
  /^(have|sell|make|bake|want|need|like|get|order|buy|carry|do|any|some|stock|offer|bring|grab|reserve|pick|is|are|was|were)$/;

function readOffMenu(tokens: Token[], text: string): string[] {
  const found: string[] = [];
  const add = (phrase: string) => {
    const key = nameKey(phrase);
    if (key && !found.some((f) => nameKey(f) === key)) found.push(phrase);
  };
  const isWord = (k: number) => {
    const token = tokens[k];
    return (
      token && !token.used && /^[a-z][a-z'-]*$/.test(token.text) && !phraseBreaks.has(token.text)
    );
  };
  const describes = (k: number) =>
    isWord(k) &&
    !notGoods.has(tokens[k]?.text ?? '') &&
    !neutralBefore(tokens[k]?.text) &&
    quantityAt(tokens, k) === null &&
    !verbs.test(tokens[k]?.text ?? '');

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.used) continue;
    // A known baked good anywhere, with the words that say which: "hot cross buns". After
    // "for" it is a use, not an ask: "good for sandwiches" (but "looking for bagels" asks).
    const purpose =
      tokens[i - 1]?.text === 'for' &&
      !/^(looking|searching|hoping)$/.test(tokens[i - 2]?.text ?? '');
    if (
      !purpose &&
      isWord(i) &&
      (bakedGoods.has(singular(token.text)) || genericGoods.has(singular(token.text)))
    ) {
      let from = i;
      while (from > i - 2 && describes(from - 1)) from--;
      // "brioche buns", "croissant loaf": the good names the kind, the noun after it the thing.
      let to = i;
      const goodAt = (k: number) =>
        isWord(k) &&
        (bakedGoods.has(singular(tokens[k]?.text ?? '')) ||
          genericGoods.has(singular(tokens[k]?.text ?? '')));
      while (to < i + 2 && goodAt(to + 1)) to++;
      const phrase = tokens.slice(from, to + 1).map((t) => t.text);
      if (genericGoods.has(singular(token.text)) && phrase.length === 1) {
        token.used = true;
        continue; // "bread" alone names no kind the menu lacks.
      }
      add(phrase.join(' '));
      for (let k = from; k <= to; k++) use(tokens, k);
      i = to;
      continue;
    }
    // A quantity followed by a noun: "six croissants", "a dozen bagels".
    const quantity = quantityAt(tokens, i);
    if (quantity && tokens[i]?.text !== 'a' && tokens[i]?.text !== 'an') {
      const noun = i + quantity.length;
      const nounText = tokens[noun]?.text ?? '';
      if (
        isWord(noun) &&
        nounText.length >= 3 &&
        !notGoods.has(nounText) &&
        !notGoods.has(singular(nounText)) &&
        !/^[a-z]+ly$/.test(nounText) &&
        !verbs.test(nounText) &&
        !/^(for|of|them|those|these|please|pcs|pieces|each|total|more|or|so|people|guests|kids|dollars|ish|cost|costs|come|be|run|would|will|should|is|are|in|at|on|by)$/.test(
          nounText,
        )
      ) {
        const phrase = [nounText];
        if (isWord(noun + 1) && !notGoods.has(tokens[noun + 1]?.text ?? '')) {
          phrase.push(tokens[noun + 1]?.text as string);
        }
        add(phrase.join(' '));
        for (let k = noun; k < noun + phrase.length; k++) use(tokens, k);
      }
    }
  }
  // "do you have baguettes?", "do you sell rye?": whatever is asked after the verb.
  for (const match of text.matchAll(
    /\b(?:do|does) (?:you|u|y'all|the bakery) (?:guys )?(?:have|sell|make|bake|carry|do|stock|offer) (?:any |some )?([a-z][a-z' -]*)/g,
  )) {
    const words = (match[1] as string).trim().split(/\s+/);
    const phrase: string[] = [];
    for (const word of words) {
      if (phraseBreaks.has(word) || notGoods.has(word) || phrase.length === 3) break;
      phrase.push(word);
    }
    const candidate = phrase.join(' ');
    const stillFree = tokens.some((t) => !t.used && t.text === phrase[0]);
    if (candidate && stillFree && !/^(deliver|cater|custom)/.test(candidate)) add(candidate);
  }
  return found;
}

// ---- helpers ------------------------------------------------------------------------------

function use(tokens: Token[], index: number): void {
  const token = tokens[index];
  if (token) token.used = true;
}

function markWord(tokens: Token[], index: number, words: string[]): void {
  if (words.includes(tokens[index]?.text ?? '')) use(tokens, index);
}
