import type { z } from 'zod';
import type { PickupProblem } from '../agent/bakery/tools';
import { type Wording, wordDate, wordTime } from '../agent/bakery/wording';
import { type NeedsPersonReason, needsPersonReasons } from '../agent/types';
import { needsPersonLabels } from './groups';
import {
  type StoredHours,
  type StoredItem,
  type StoredKnowledge,
  type StoredMenu,
  type StoredQuote,
  storedHours,
  storedItem,
  storedKnowledge,
  storedMenu,
  storedQuote,
} from './trace-results';

/** A lookup as a run keeps it: the tool, its input as JSON, its result (JSON, or a failure's words). */
export type StoredCall = {
  toolName: string;
  input: string;
  result: string;
  isError: boolean;
  errorKind: string | null;
};

/**
 * How a step went. `missing` is an expected answer that finds nothing (an item not on the menu
 * or not available now, nothing in the knowledge), not a fault; `failed` is a real one (a lookup
 * that broke or was asked for wrongly).
 */
export type StepOutcome = 'done' | 'missing' | 'handed' | 'failed';

/** What a missing step missed, for the one-line summary. */
export type MissingKind = 'notOnMenu' | 'notAvailable' | 'nothingKnown';

export type TraceStep = { sentence: string; outcome: StepOutcome; missing?: MissingKind };

/** What a step looked at, in a bakery's words, for sentences about any lookup. */
const topics: Record<string, string> = {
  opening_hours: 'the opening hours',
  menu_item: 'a menu item',
  list_menu: 'the menu',
  quote_order: 'a quote',
  search_knowledge: 'what the bakery knows',
  mark_for_person: 'a hand-over to a person',
};

type Words = { wording: Wording; today?: string };

/** One sentence per stored lookup, never naming a tool or a field; money as the run worded it. */
export function traceStep(call: StoredCall, words: Words): TraceStep {
  const topic = topics[call.toolName];
  if (topic === undefined) {
    return { sentence: 'Asked for a lookup the desk does not have', outcome: 'failed' };
  }
  const input = parseObject(call.input);
  if (call.isError) return failedStep(call, topic, input);
  const result = parseObject(call.result);
  const done = (sentence: string): TraceStep => ({ sentence, outcome: 'done' });
  const general = done(`Looked up ${topic}`);
  // Each result is read only in the shape its sentence needs; any other is worded generally.
  const read = <T>(schema: z.ZodType<T>, word: (value: T) => TraceStep): TraceStep => {
    const parsed = schema.safeParse(result);
    return parsed.success ? word(parsed.data) : general;
  };
  if (result === null) return general;
  switch (call.toolName) {
    case 'opening_hours':
      return read(storedHours, (hours) => done(hoursSentence(hours, words)));
    case 'menu_item':
      return read(storedItem, (item) => done(itemSentence(item)));
    case 'list_menu':
      return read(storedMenu, (menu) => done(menuSentence(menu)));
    case 'quote_order':
      return read(storedQuote, (quote) => done(quoteSentence(quote, words)));
    case 'search_knowledge':
      return read(storedKnowledge, (found) => knowledgeStep(String(input?.query ?? ''), found));
    default:
      return { sentence: handedSentence(input), outcome: 'handed' };
  }
}

/** "4 lookups, 1 not on the menu": a run's steps in one line, for a folded trace. */
export function traceSummary(steps: TraceStep[]): string {
  const lookups = steps.filter((step) => step.outcome !== 'handed').length;
  const count = (test: (step: TraceStep) => boolean) => steps.filter(test).length;
  const parts = [lookups === 0 ? 'No lookups' : plural(lookups, 'lookup', 'lookups')];
  const notOnMenu = count((step) => step.missing === 'notOnMenu');
  const notAvailable = count((step) => step.missing === 'notAvailable');
  const nothingKnown = count((step) => step.missing === 'nothingKnown');
  const failed = count((step) => step.outcome === 'failed');
  if (notOnMenu > 0) parts.push(`${notOnMenu} not on the menu`);
  if (notAvailable > 0) parts.push(`${notAvailable} not available now`);
  if (nothingKnown > 0) parts.push(`${nothingKnown} with nothing known`);
  if (failed > 0) parts.push(`${failed} failed`);
  if (steps.some((step) => step.outcome === 'handed')) parts.push('handed to a person');
  return parts.join(', ');
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "croissants are", "rye loaf is": bakery goods named in the plural end in a single s. */
function isOrAre(name: string): string {
  return /[^s]s$/i.test(name.trim()) ? 'are' : 'is';
}

function quoted(text: string): string {
  return `“${text.trim()}”`;
}

function listed(items: string[]): string {
  return new Intl.ListFormat('en', { type: 'conjunction' }).format(items);
}

// What the tools say when an item is missing; the tests run the tools, so a change shows there.
const notOnMenuWords = /^the menu has no (.+?)\. It has:/s;
const notAvailableWords = /^(.+?) (?:is|are) on the menu but not currently available/s;

function failedStep(
  call: StoredCall,
  topic: string,
  input: Record<string, unknown> | null,
): TraceStep {
  const quoting = call.toolName === 'quote_order';
  const prefix = quoting ? 'Could not quote: ' : '';
  if (call.errorKind === 'notFound') {
    const name = notOnMenuWords.exec(call.result)?.[1] ?? String(input?.name ?? 'the item');
    const sentence = `${name} ${isOrAre(name)} not on the menu`;
    return {
      sentence: quoting ? `${prefix}${sentence}` : capitalised(sentence),
      outcome: 'missing',
      missing: 'notOnMenu',
    };
  }
  const unavailable = notAvailableWords.exec(call.result)?.[1];
  if (call.errorKind === 'unavailable' && unavailable !== undefined) {
    const sentence = `${unavailable} ${/,/.test(unavailable) ? 'are' : 'is'} on the menu but not available now`;
    return {
      sentence: quoting ? `${prefix}${sentence}` : capitalised(sentence),
      outcome: 'missing',
      missing: 'notAvailable',
    };
  }
  if (call.errorKind === 'badInput') {
    return { sentence: badInputSentence(call, topic, input), outcome: 'failed' };
  }
  const sentence = / took longer than /.test(call.result)
    ? `Looking up ${topic} took too long and was stopped`
    : `Looking up ${topic} failed; the draft was written without it`;
  return { sentence, outcome: 'failed' };
}

function badInputSentence(
  call: StoredCall,
  topic: string,
  input: Record<string, unknown> | null,
): string {
  const day = typeof input?.day === 'string' ? input.day : null;
  const time = typeof input?.time === 'string' ? input.time : null;
  // The tools check the day before the time, and say which one they could not read.
  if (day !== null && call.result.startsWith('day must be')) {
    const what = call.toolName === 'quote_order' ? 'a quote' : 'the opening hours';
    return `Asked for ${what} on ${quoted(day)}, which is not a day the desk can read`;
  }
  if (time !== null && call.result.startsWith('time must be')) {
    return `Asked for a quote at ${quoted(time)}, which is not a time the desk can read`;
  }
  return `Asked for ${topic} in a way the desk could not read`;
}

function hoursSentence(hours: StoredHours, { wording, today }: Words): string {
  const day = wordDate(hours.date, wording, today);
  const note = hours.exception && hours.exception !== 'closed that day' ? hours.exception : null;
  if (!hours.open || hours.opens === null || hours.closes === null) {
    return `Closed on ${day}${note ? ` (${note})` : ''}`;
  }
  const span = `${wordTime(hours.opens, wording)} to ${wordTime(hours.closes, wording)}`;
  return `Open on ${day} from ${span}${note ? ` (${note})` : ''}`;
}

function notice(days: number): string {
  if (days === 0) return 'no notice needed';
  return days === 1 ? "1 day's notice" : `${days} days' notice`;
}

function itemSentence(item: StoredItem): string {
  const parts = [`${item.price} each`, notice(item.noticeDays)];
  if (item.allergens === null) parts.push('allergens not recorded');
  else if (item.allergens.length > 0) parts.push(`contains ${listed(item.allergens)}`);
  if (item.mayContain && item.mayContain.length > 0) {
    parts.push(`may contain ${listed(item.mayContain)}`);
  }
  if (item.dietary.length > 0) parts.push(item.dietary.join(', '));
  return `Looked up ${item.name}: ${parts.join(', ')}`;
}

function menuSentence({ items }: StoredMenu): string {
  const away = items.filter((item) => item.available === false).map((item) => item.name);
  const all = `Read the whole menu: ${plural(items.length, 'item', 'items')}`;
  return away.length > 0 ? `${all}, ${listed(away)} not available now` : all;
}

function when(pickup: { date: string; time: string }, { wording, today }: Words): string {
  return `${wordDate(pickup.date, wording, today)} at ${wordTime(pickup.time, wording)}`;
}

const problemWords: Record<PickupProblem, string> = {
  passed: 'that time has passed',
  closed: 'the bakery is closed that day',
  outsideHours: 'it is outside opening hours',
  shortNotice: 'there is not enough notice',
};

function quoteSentence(quote: StoredQuote, words: Words): string {
  const lines = quote.lines.map(({ quantity, item }) =>
    quantity === 1 || /s$/i.test(item) ? `${quantity} ${item}` : `${quantity} × ${item}`,
  );
  let sentence = `Quoted ${listed(lines)}`;
  if (quote.pickup) {
    sentence += ` for ${wordDate(quote.pickup.date, words.wording, words.today)}`;
    if (quote.pickup.time) sentence += ` at ${wordTime(quote.pickup.time, words.wording)}`;
  }
  sentence += `: ${quote.total}`;
  if (quote.unavailable && quote.unavailable.length > 0) {
    sentence += `; ${listed(quote.unavailable)} not available now`;
  }
  if (quote.pickupWorks === false) {
    const why = (quote.problems ?? []).map((problem) => problemWords[problem]);
    sentence += `; that pickup does not work${why.length > 0 ? ` (${listed(why)})` : ''}`;
  }
  if (quote.earliestPickup !== undefined) {
    sentence += quote.earliestPickup
      ? `; earliest pickup ${when(quote.earliestPickup, words)}`
      : '; no pickup works in the next 30 days';
  }
  return sentence;
}

function knowledgeStep(query: string, { entries }: StoredKnowledge): TraceStep {
  const asked = `Looked in what the bakery knows for ${quoted(query)}`;
  if (!entries || entries.length === 0) {
    return { sentence: `${asked}: nothing found`, outcome: 'missing', missing: 'nothingKnown' };
  }
  return {
    sentence: `${asked}: found ${listed(entries.map((entry) => quoted(entry.title)))}`,
    outcome: 'done',
  };
}

function handedSentence(input: Record<string, unknown> | null): string {
  const reason = (needsPersonReasons as readonly string[]).includes(String(input?.reason))
    ? needsPersonLabels[input?.reason as NeedsPersonReason].toLowerCase()
    : null;
  const note = typeof input?.note === 'string' && input.note.trim() ? input.note.trim() : null;
  const words = [reason, note ? quoted(note) : null].filter(Boolean).join(', ');
  return words ? `Handed to a person: ${words}` : 'Handed to a person';
}
