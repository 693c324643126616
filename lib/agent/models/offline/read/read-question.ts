import { daysBetween } from '../../../bakery/calendar';
import { allergensNamed, dietaryNamed } from '../labels';
import { readLanguage } from '../language';
import { readPersonTopic } from '../topics';
import type { UnclearPart } from '../understanding';
import { holidays } from '../words';
import { readAsks } from './asks';
import { readWithChrono } from './chrono';
import { gate, unreadWords } from './coverage';
import { datedThisYearOrNext } from './dates';
import { readDays } from './days';
import type { Frame, Reading, ReadingContext } from './frame';
import { readGoods } from './goods';
import { type Found, readItems } from './items';
import { readNamedDays } from './named-days';
import { quantityAt } from './numbers';
import { readDayPart, readTime } from './times';
import {
  claim,
  claimPattern,
  claimRange,
  normalize,
  normalizeKeepingCase,
  type Token,
  tokenize,
} from './tokens';

/**
 * A customer's question read by rules, never followed, only looked at. Each extractor claims
 * the words it reads, in turn (days, items and their quantities, times, goods, topics, labels,
 * asks), and no word is read twice; the coverage gate then looks at what is left.
 */
export function readQuestion(question: string, context: ReadingContext): Reading {
  return readWithTokens(question, context).reading;
}

/** The reading, and each word with the reader that claimed it (for tests and the trace). */
export function readWithTokens(
  question: string,
  context: ReadingContext,
): { reading: Reading; tokens: Token[]; lower: string } {
  const lower = normalize(question);
  const tokens = tokenize(lower);
  const dayPart = readDayPart(lower);
  const { days, positions, conflicts } = readDays(tokens, context.today);
  const found = everythingOr(readItems(tokens, context.menu), tokens, lower, context.menu);
  const clock = readTime(tokens, dayPart);
  const inWords = readWithChrono(tokens, lower, context.today);
  for (const { date, at } of [
    ...readNamedDays(tokens, context.namedDays ?? []),
    ...inWords.dates,
  ]) {
    if (!days.includes(date)) {
      days.push(date);
      positions.set(date, at);
    }
  }
  const time = clock.time ?? inWords.time;
  const byTime = clock.time !== null && clock.byTime;
  const offMenu = readGoods(tokens);
  const count = claimLoneQuantities(tokens);
  // The words that said which half of the day a bare hour is in.
  if (dayPart) claimPattern(tokens, lower, dayPartWords, 'time');
  holidayDays(lower, tokens, days, context.today);
  // A time with no day ("can I come at 2?", "are you still open?") is about today.
  if (
    days.length === 0 &&
    (time !== null || /\b(still open|open now|open right now)\b/.test(lower))
  ) {
    days.push('today');
  }
  const items = pickupFirst(withDays(found.items, days, positions, sentenceEnds(tokens)), days);
  const topic = readPersonTopic(lower, tokens);
  const person = topic?.topic ?? null;
  const allergens = allergensNamed(lower, tokens);
  const dietary = dietaryNamed(lower, tokens);
  const asks = readAsks(lower, tokens);
  const language = readLanguage(question);
  const unread =
    language === 'en' ? unreadWords(tokens, lower, normalizeKeepingCase(question)) : [];
  const frame: Omit<Frame, 'unclear'> = {
    language,
    items,
    count: items.length === 0 ? count : null,
    offMenu,
    days,
    time,
    byTime,
    asks,
    person,
    allergens,
    dietary,
  };
  const allConflicts: UnclearPart[] = [...conflicts, ...found.conflicts, ...clock.conflicts];
  const unclear = gate({ understood: understood(frame), unread, conflicts: allConflicts });
  const topicWords = topic?.words ?? [];
  return { reading: { frame: { ...frame, unclear }, unread, topicWords }, tokens, lower };
}

const dayPartWords =
  /\b(?:in the |this |later this )?(morning|afternoon|arvo|evening|tonight|after work|lunch ?time|first thing|breakfast)\b/;

/** Whether any part of the question was read: an item, a good, a day, a time, an ask, a topic. */
export function understood(frame: Omit<Frame, 'unclear'>): boolean {
  const { asks } = frame;
  return (
    frame.language !== 'en' ||
    frame.items.length > 0 ||
    frame.offMenu.length > 0 ||
    frame.days.length > 0 ||
    frame.time !== null ||
    frame.person !== null ||
    frame.allergens.length > 0 ||
    frame.dietary.length > 0 ||
    asks.hours ||
    asks.price ||
    asks.menu ||
    asks.notice ||
    asks.earliest
  );
}

/**
 * Quantities no item took ("I would like a dozen" after "do you sell croissants?"): read as
 * quantities, so the gate does not count them unread; the first is the frame's `count`, which
 * a follow-up gives to the one item ordered before ("I'll take 3 then").
 */
function claimLoneQuantities(tokens: Token[]): number | null {
  let count: number | null = null;
  tokens.forEach((token, k) => {
    if (token.used || token.text === 'a' || token.text === 'an') return;
    const found = quantityAt(tokens, k);
    if (!found || found.length === 0) return;
    count ??= found.value;
    claimRange(tokens, k, k + found.length, 'quantity');
  });
  return count;
}

/** "One of everything", "one of each": every item on the menu, one each. */
function everythingOr(
  named: { items: Found[]; conflicts: UnclearPart[] },
  tokens: Token[],
  lower: string,
  menu: readonly string[],
): { items: Found[]; conflicts: UnclearPart[] } {
  const everything = /\bone of (?:everything|each)\b/.exec(lower);
  if (named.items.length > 0 || !everything) return named;
  const at = tokens.findIndex((t) => t.text === 'everything' || t.text === 'each');
  claimPattern(tokens, lower, /\bone of (?:everything|each)\b/, 'item');
  claim(tokens, at, 'item');
  return { items: menu.map((name) => ({ name, quantity: 1, at })), conflicts: named.conflicts };
}

/** "Your holiday hours?": each holiday of the coming weeks, one by one. */
function holidayDays(lower: string, tokens: Token[], days: string[], today: string): void {
  const asked = /\b(holiday|holidays|festive|special hours|christmas hours)\b/;
  if (days.length > 0 || !asked.test(lower)) return;
  claimPattern(tokens, lower, asked, 'day');
  for (const holiday of holidays) {
    const date = datedThisYearOrNext(holiday.month, holiday.day, today);
    if (date && date >= today && daysBetween(today, date) <= 45 && !days.includes(date)) {
      days.push(date);
    }
  }
  days.sort();
}

function sentenceEnds(tokens: readonly Token[]): number[] {
  return tokens.flatMap((t, k) => (/^[.?!]$/.test(t.text) ? [k] : []));
}

/** The pickup day is the one the items are wanted on: "party on Sunday… pick up Saturday". */
function pickupFirst(items: Frame['items'], days: string[]): Frame['items'] {
  const itemDays = [...new Set(items.map((item) => item.day).filter((d) => d !== undefined))];
  if (itemDays.length !== 1) return items;
  const [day] = itemDays as [string];
  days.splice(days.indexOf(day), 1);
  days.unshift(day);
  return items.map(({ name, quantity }) => ({ name, quantity }));
}

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
  ends: number[],
): Frame['items'] {
  if (days.length < 2) return found.map(({ name, quantity }) => ({ name, quantity }));
  const placed = days.map((day) => ({ day, at: positions.get(day) ?? -1 }));
  return found.map((item, k) => {
    const next = found[k + 1]?.at ?? Number.POSITIVE_INFINITY;
    const endOfSentence = ends.find((k) => k > item.at) ?? Number.POSITIVE_INFINITY;
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
