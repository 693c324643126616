import type { ThreadTurn } from '../../types';
import type { Frame, Reading, ReadingContext } from './read/frame';
import { readQuestion } from './read/read-question';
import { normalize } from './read/tokens';

/**
 * A conversation read by rules: the newest message is the one answered, and when it refers
 * back to an earlier order ("add two rye loaves", "actually make it Friday") the order it
 * refers to is carried into it. A message that stands on its own is read on its own.
 */

/** "Add", "also", "another": the message puts more into the order already asked for. */
const adding = /\b(add|adding|also|plus|as well|another|extra|too)\b/;
/** "Actually", "instead", "make it": the message changes the order already asked for. */
const changing =
  /\b(actually|instead|make it|make that|change|changing|move|moving|switch|rather|swap|what about|how about|can it be|could it be|can we do|could we do)\b/;

type Item = Frame['items'][number];

/** The latest earlier reading that asked for items: the order a follow-up can refer to. */
function earlierOrder(readings: Frame[]): Frame | undefined {
  return readings.findLast((reading) => reading.items.length > 0);
}

function withoutDays(items: readonly Item[]): Item[] {
  return items.map(({ name, quantity }) => ({ name, quantity }));
}

/** The earlier order's items with the newest message's added: the same item's counts add up. */
function added(order: readonly Item[], more: readonly Item[]): Item[] {
  const items = withoutDays(order);
  for (const item of more) {
    const same = items.find((earlier) => earlier.name === item.name);
    if (same) same.quantity = (same.quantity ?? 1) + (item.quantity ?? 1);
    else items.push({ name: item.name, quantity: item.quantity });
  }
  return items;
}

/**
 * The earlier order's items with the newest message's counts in place of theirs. Naming none of
 * the earlier items ("actually make it two rye loaves instead") swaps the order for the new one.
 */
function changed(order: readonly Item[], next: readonly Item[]): Item[] {
  if (!next.some((item) => order.some((earlier) => earlier.name === item.name))) {
    return withoutDays(next);
  }
  const items = withoutDays(order);
  for (const item of next) {
    const same = items.find((earlier) => earlier.name === item.name);
    if (same) same.quantity = item.quantity ?? same.quantity;
    else items.push({ name: item.name, quantity: item.quantity });
  }
  return items;
}

/**
 * Whether the message names a day itself: a time alone ("what about 10?") is read as today when
 * it stands alone, but in a follow-up it keeps the order's day.
 */
function namesDay(reading: Frame, text: string): boolean {
  const todayByDefault =
    reading.days.length === 1 && reading.days[0] === 'today' && !/\btoday\b/.test(text);
  return reading.days.length > 0 && !todayByDefault;
}

/** The newest message's day and time where it names them, the earlier order's otherwise. */
function when(order: Frame, newest: Frame, text: string): Pick<Frame, 'days' | 'time' | 'byTime'> {
  if (namesDay(newest, text)) {
    return {
      days: newest.days,
      time: newest.time ?? order.time,
      byTime: newest.time !== null ? newest.byTime : order.byTime,
    };
  }
  if (newest.time !== null) return { days: order.days, time: newest.time, byTime: newest.byTime };
  return { days: order.days, time: order.time, byTime: order.byTime };
}

/**
 * The reading of a conversation's newest message, with an earlier order carried in when the
 * message refers back to it.
 */
export function carryOver(earlier: Frame[], newest: Frame, newestText: string): Frame {
  const order = earlierOrder(earlier);
  if (!order || newest.language !== 'en' || order.language !== 'en') return newest;
  // A complaint, an allergy, a refund: answered for what it is, never as an order.
  if (newest.person && newest.person.reason !== 'other') return newest;
  const text = normalize(newestText);
  const adds = adding.test(text);
  const changes = changing.test(text);
  if (newest.items.length > 0) {
    if (adds)
      return { ...newest, items: added(order.items, newest.items), ...when(order, newest, text) };
    if (changes) {
      return { ...newest, items: changed(order.items, newest.items), ...when(order, newest, text) };
    }
    return newest;
  }
  // "I'll take 3 on Friday then": a count alone is for the one item asked about before.
  const [only] = order.items;
  if (newest.count !== null && order.items.length === 1 && only && newest.offMenu.length === 0) {
    const items = [{ name: only.name, quantity: newest.count }];
    // With the item carried in, a count alone ("Make it two.") is understood after all.
    const unclear = newest.unclear.filter((part) => part !== 'nothingUnderstood');
    return { ...newest, items, count: null, unclear, ...when(order, newest, text) };
  }
  // "Make it Friday", "what about 10 instead?": the same order, on another day or at another time.
  const movesIt = newest.days.length > 0 || newest.time !== null;
  if (movesIt && changes && !newest.asks.hours) {
    return { ...newest, items: withoutDays(order.items), ...when(order, newest, text) };
  }
  return newest;
}

/** Reads the newest message of a conversation, with what it carries over from the earlier ones. */
export function readConversation(
  earlier: readonly ThreadTurn[],
  newest: string,
  context: ReadingContext,
): Reading {
  const frames = earlier
    .filter((message) => message.author === 'customer')
    .map((message) => readQuestion(message.text, context).frame);
  const read = readQuestion(newest, context);
  return { ...read, frame: carryOver(frames, read.frame, newest) };
}
