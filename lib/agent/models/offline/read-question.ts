import { isIsoDate, parseWeekday, weekdayNames } from '../../bakery/calendar';
import { nameKey, sameWord, singular } from '../../bakery/names';
import { bakedGoods, monthNumbers, notGoods, numberWords, phraseBreaks } from './words';

/** What a customer's question says, read by rules: never followed, only looked at. */
export type Reading = {
  /** Items on the menu, by their menu name, with the quantity the customer wrote (if any). */
  items: { name: string; quantity: number | null }[];
  /** Goods the customer named that the menu does not have, as written. */
  offMenu: string[];
  /** Days as the tools accept them: a weekday name, "today", "tomorrow" or YYYY-MM-DD. */
  days: string[];
  /** HH:MM, 24-hour. */
  time: string | null;
  asks: { hours: boolean; price: boolean; notice: boolean; pickup: boolean; menu: boolean };
};

type Token = { text: string; used: boolean };

export function readQuestion(
  question: string,
  context: { menu: readonly string[]; today: string },
): Reading {
  const lower = question.toLowerCase().replace(/[\u2018\u2019]/g, "'");
  const tokens: Token[] = (
    lower.match(
      /\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}|\d+(?:st|nd|rd|th)?|[a-z]+(?:'[a-z]+)?|[?.!,;]/g,
    ) ?? []
  ).map((text) => ({ text, used: false }));

  const days = readDays(tokens, context.today);
  const time = readTime(tokens);
  const items = readItems(tokens, context.menu);
  const offMenu = readOffMenu(tokens, lower);
  return { items, offMenu, days, time, asks: readAsks(lower) };
}

function readAsks(text: string): Reading['asks'] {
  const has = (pattern: RegExp) => pattern.test(text);
  return {
    hours: has(/\b(open|opening|opens|close|closing|closes|closed|hours|what time|when are you)\b/),
    price: has(/\b(how much|price|prices|priced|cost|costs|total|charge|\$)|\$/),
    notice: has(
      /\b(notice|in advance|ahead|advance|order by|how early|how soon|lead time|deadline|last day|too late|in time)\b/,
    ),
    pickup: has(
      /\b(pick up|pick-up|pickup|picking up|collect|come by|come in|stop by|order|reserve|put aside|set aside|hold|grab|get|buy|want|need|like)\b/,
    ),
    menu: has(
      /\b(menu|what do you (have|sell|make|bake|offer)|what's available|what is available|what can i (order|get|buy)|what kinds?|what types?|everything you|what else|what you have|what you sell|what you make)\b/,
    ),
  };
}

// ---- days ---------------------------------------------------------------------------------

function readDays(tokens: Token[], today: string): string[] {
  const days: string[] = [];
  const add = (day: string) => {
    if (!days.includes(day)) days.push(day);
  };
  tokens.forEach((token, i) => {
    if (token.used) return;
    const text = token.text;
    if (isIsoDate(text)) {
      token.used = true;
      add(text);
      return;
    }
    if (text === 'today' || text === 'tomorrow' || text === 'tonight') {
      token.used = true;
      add(text === 'tonight' ? 'today' : text);
      return;
    }
    if (/^[a-z]+$/.test(text) && text.length >= 6) {
      const weekday = parseWeekday(text);
      // Only whole names (or plurals): "sat" and "sun" are words too.
      if (weekday && weekdayNames.some((name) => text.startsWith(name.toLowerCase()))) {
        token.used = true;
        markWord(tokens, i - 1, ['this', 'next', 'on', 'coming']);
        add(weekdayNames[weekday - 1] as string);
        return;
      }
    }
    const month = monthNumbers[text.replace(/\.$/, '')];
    if (month !== undefined) {
      // "Dec 24", "December 24th", "24 Dec", "the 24th of December".
      const after = dayOfMonth(tokens[i + 1]?.text);
      const before = dayOfMonth(tokens[i - 1]?.text);
      const beforeOf = tokens[i - 1]?.text === 'of' ? dayOfMonth(tokens[i - 2]?.text) : null;
      const day = after ?? before ?? beforeOf;
      if (day === null) return;
      token.used = true;
      if (after !== null) use(tokens, i + 1);
      else if (before !== null) use(tokens, i - 1);
      else {
        use(tokens, i - 1);
        use(tokens, i - 2);
      }
      const date = datedThisYearOrNext(month, day, today);
      if (date) add(date);
    }
  });
  return days;
}

function dayOfMonth(text: string | undefined): number | null {
  const match = text ? /^(\d{1,2})(st|nd|rd|th)?$/.exec(text) : null;
  const day = match ? Number(match[1]) : Number.NaN;
  return day >= 1 && day <= 31 ? day : null;
}

function datedThisYearOrNext(month: number, day: number, today: string): string | null {
  const year = Number(today.slice(0, 4));
  const pad = (n: number) => String(n).padStart(2, '0');
  const thisYear = `${year}-${pad(month)}-${pad(day)}`;
  if (!isIsoDate(thisYear)) return null;
  return thisYear >= today ? thisYear : `${year + 1}-${pad(month)}-${pad(day)}`;
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
  'until',
]);

function readTime(tokens: Token[]): string | null {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.used) continue;
    const next = tokens[i + 1]?.text;
    const meridiem = next === 'am' || next === 'pm' ? next : null;
    if (token.text === 'noon' || token.text === 'midday') {
      token.used = true;
      return '12:00';
    }
    const clock = /^(\d{1,2}):(\d{2})$/.exec(token.text);
    const hourOnly = /^\d{1,2}$/.test(token.text) ? Number(token.text) : null;
    const led = timeLeadWords.has(tokens[i - 1]?.text ?? '');
    const oclock = next === "o'clock" || next === 'oclock';
    if (clock || (hourOnly !== null && (meridiem || led || oclock))) {
      let hour = clock ? Number(clock[1]) : (hourOnly as number);
      const minute = clock ? Number(clock[2]) : 0;
      if (hour > 23 || minute > 59) continue;
      if (meridiem === 'pm' && hour < 12) hour += 12;
      else if (meridiem === 'am' && hour === 12) hour = 0;
      // A bare "at 2" at a bakery means the afternoon; "at 9" the morning.
      else if (!meridiem && !clock && hour >= 1 && hour <= 6) hour += 12;
      token.used = true;
      if (meridiem || oclock) use(tokens, i + 1);
      return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
    }
  }
  return null;
}

// ---- quantities ---------------------------------------------------------------------------

/** A quantity starting at tokens[start], and how many tokens it took. */
function quantityAt(tokens: Token[], start: number): { value: number; length: number } | null {
  const word = (k: number) => {
    const token = tokens[start + k];
    return token && !token.used ? token.text : undefined;
  };
  const simple = (text: string | undefined): number | null => {
    if (text === undefined) return null;
    if (/^\d{1,5}$/.test(text)) return Number(text);
    if (text === 'a' || text === 'an') return 1;
    const compound = /^([a-z]+)-([a-z]+)$/.exec(text);
    if (compound) {
      const tens = numberWords[compound[1] as string];
      const ones = numberWords[compound[2] as string];
      return tens !== undefined && ones !== undefined ? tens + ones : null;
    }
    return numberWords[text] ?? null;
  };
  if (word(0) === 'half' && (word(1) === 'a' || word(1) === 'an') && word(2) === 'dozen') {
    return { value: 6, length: 3 };
  }
  if (word(0) === 'half' && word(1) === 'dozen') return { value: 6, length: 2 };
  if (word(0) === 'a' && word(1) === "baker's" && word(2) === 'dozen')
    return { value: 13, length: 3 };
  if (word(0) === 'a' && (word(1) === 'couple' || word(1) === 'pair')) {
    return { value: 2, length: word(2) === 'of' ? 3 : 2 };
  }
  if (word(0) === 'dozen') return { value: 12, length: 1 };
  const first = simple(word(0));
  if (first === null) return null;
  // "twenty four", "a dozen", "two dozen"
  const second = simple(word(1));
  if (first >= 20 && first % 10 === 0 && second !== null && second < 10 && word(1) !== 'a') {
    return { value: first + second, length: 2 };
  }
  if (word(1) === 'dozen') return { value: first * 12, length: 2 };
  return { value: first, length: 1 };
}

const fillers = new Set(['of', 'the', 'your', 'those', 'these', 'fresh', 'more', 'x']);

/** The quantity written just before tokens[end], skipping "of the" and the like. */
function quantityBefore(tokens: Token[], end: number): number | null {
  let stop = end;
  while (stop > 0 && fillers.has(tokens[stop - 1]?.text ?? '')) stop--;
  for (let start = Math.max(0, stop - 3); start < stop; start++) {
    const found = quantityAt(tokens, start);
    if (found && start + found.length === stop) {
      for (let k = start; k < stop; k++) use(tokens, k);
      return found.value;
    }
  }
  return null;
}

// ---- items --------------------------------------------------------------------------------

function readItems(tokens: Token[], menu: readonly string[]): Reading['items'] {
  const found: Reading['items'] = [];
  const menuWords = menu.map((name) => nameKey(name).split(' '));
  for (let i = 0; i < tokens.length; i++) {
    const match = matchMenuAt(tokens, i, menu, menuWords);
    if (!match) continue;
    for (let k = i; k < i + match.length; k++) use(tokens, k);
    const quantity = quantityBefore(tokens, i);
    const already = found.find((item) => item.name === match.name);
    if (already) already.quantity ??= quantity;
    else found.push({ name: match.name, quantity });
    i += match.length - 1;
  }
  // "How much is a rye loaf, and how much notice do you need for three?": a lone number
  // left over belongs to the only item asked about.
  const only = found.length === 1 ? found[0] : undefined;
  if (only && (only.quantity === null || only.quantity === 1)) {
    tokens.forEach((token, i) => {
      if (token.used || tokens[i - 1]?.text !== 'for') return;
      const lone = quantityAt(tokens, i);
      const after = tokens[i + (lone?.length ?? 0)]?.text ?? '.';
      if (lone && lone.value > 1 && /^[?.!,;]$|^(of|please|on|by)$/.test(after)) {
        only.quantity = lone.value;
        use(tokens, i);
      }
    });
  }
  return found;
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
  // The whole name first ("sourdough rolls"), then one telling word ("rye", "buns").
  for (let m = 0; m < menu.length; m++) {
    const words = menuWords[m] as string[];
    const window = words.map((_, k) => free(start + k));
    if (window.every((w, k) => w !== null && sameWord(w, words[k] as string))) {
      return { name: menu[m] as string, length: words.length };
    }
  }
  const word = free(start);
  if (word === null || phraseBreaks.has(word) || word.length < 3) return null;
  const telling = menu.filter((_, m) => {
    const words = menuWords[m] as string[];
    const first = words[0] as string;
    const last = words[words.length - 1] as string;
    const uniqueWord = (w: string) =>
      menuWords.filter((other) => other.some((o) => sameWord(o, w))).length === 1;
    return (
      (sameWord(word, first) && uniqueWord(first)) ||
      (words.length > 1 && sameWord(word, last) && uniqueWord(last))
    );
  });
  if (telling.length !== 1) return null;
  // "rye bread": the generic noun after a telling word belongs to the item.
  const next = free(start + 1);
  const generic =
    next !== null && ['bread', 'loaf', 'loaves', 'roll', 'rolls', 'bun', 'buns'].includes(next);
  return { name: telling[0] as string, length: generic ? 2 : 1 };
}

// ---- goods the menu does not have ---------------------------------------------------------

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

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.used) continue;
    // A known baked good anywhere: "croissants", "chocolate croissants".
    if (isWord(i) && bakedGoods.has(singular(token.text))) {
      const before = i - 1;
      const describer =
        isWord(before) &&
        !notGoods.has(tokens[before]?.text ?? '') &&
        quantityAt(tokens, before) === null &&
        !/^(have|sell|make|bake|want|need|like|get|order|buy|carry|do|any)$/.test(
          tokens[before]?.text ?? '',
        );
      add(describer ? `${tokens[before]?.text} ${token.text}` : token.text);
      token.used = true;
      if (describer) use(tokens, before);
      continue;
    }
    // A quantity followed by a noun: "six croissants", "a dozen bagels".
    const quantity = quantityAt(tokens, i);
    if (quantity && tokens[i]?.text !== 'a' && tokens[i]?.text !== 'an') {
      const noun = i + quantity.length;
      const nounText = tokens[noun]?.text ?? '';
      if (isWord(noun) && !notGoods.has(nounText) && !/^[a-z]+ly$/.test(nounText)) {
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
    /\b(?:do|does) (?:you|y'all|the bakery) (?:have|sell|make|bake|carry|do|stock) (?:any |some )?([a-z][a-z' -]*)/g,
  )) {
    const words = (match[1] as string).trim().split(/\s+/);
    const phrase: string[] = [];
    for (const word of words) {
      if (phraseBreaks.has(word) || notGoods.has(word) || phrase.length === 2) break;
      phrase.push(word);
    }
    const candidate = phrase.join(' ');
    const stillFree = tokens.some((t) => !t.used && t.text === phrase[0]);
    if (candidate && stillFree) add(candidate);
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
