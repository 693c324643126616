import { z } from 'zod';
import { type AnyTool, defineTool, fail, failWith, ok, type ToolOutcome } from '../core/tool';
import type { FactRef } from '../types';
import { addDays, daysBetween, isoWeekday, normalizeTime, weekdayName } from './calendar';
import type { BakeryData, Clock, KnowledgeSearch, MenuItemData } from './data';
import {
  acceptedDays,
  type DayHours,
  hoursOn,
  hoursResult,
  resolveDay,
  type WallClock,
  wallClock,
} from './facts';
import { markForPerson } from './mark-for-person';
import { matchNames } from './names';
import {
  type EarliestPickup,
  hoursResultSchema,
  type ItemResult,
  itemResultSchema,
  type KnowledgeResult,
  knowledgeResultSchema,
  menuResultSchema,
  type PickupProblem,
  type QuoteLine,
  type QuoteResult,
  quoteResultSchema,
  unavailableSchema,
} from './results';
import { type Wording, wordingOf, wordMoney } from './wording';

export type {
  EarliestPickup,
  ItemResult,
  KnowledgeResult,
  PickupProblem,
  QuoteLine,
  QuoteResult,
} from './results';

// The input schemas do not depend on the facts: made once, so each draft reuses their JSON Schema.
// Every request carries their descriptions, so each says only what the model needs to fill the
// field in; bounds (lengths, ranges) reach the model through the schema itself.
const dayWords = 'a weekday (optionally after "this" or "next"), "today", "tomorrow" or YYYY-MM-DD';
const openingHoursInput = z.object({
  day: z.string().describe(`As the customer said it: ${dayWords}.`),
});
const menuItemInput = z.object({
  name: z.string().min(1).describe('E.g. "rye loaf".'),
});
const listMenuInput = z.object({});
const searchKnowledgeInput = z.object({
  query: z
    .string()
    .trim()
    .min(1)
    .max(300)
    .describe('The customer\'s own words, e.g. "deliver to my office".'),
});

/** How many entries one search returns: the best few, so the model reads little. */
export const knowledgeHitsLimit = 3;

/** A menu item's key among the facts a run read: its name as the unique index keeps it. */
export function itemFact(name: string): FactRef {
  return `item:${name.trim().toLowerCase()}`;
}

function dayFacts(seen: Set<string>): FactRef[] {
  return [...seen].sort().map((date) => `day:${date}` as const);
}
const quoteOrderInput = z.object({
  items: z
    .array(
      z.strictObject({
        name: z.string().min(1).describe('As the customer named it.'),
        quantity: z.number().int().positive().max(10_000),
      }),
    )
    .min(1)
    .describe('One line per item wanted.'),
  day: z.string().nullable().describe('Pickup day, as opening_hours takes it; null for none.'),
  time: z.string().nullable().describe('Pickup time as 24-hour HH:MM (2 pm is "14:00"), or null.'),
});

/** How far ahead the earliest possible pickup is looked for. */
export const earliestPickupWindowDays = 30;

/**
 * The bakery's read-only tools over data and a clock the app passes in. `searchKnowledge` is
 * the shell's read-only search over the owner's entries; without one, searches find nothing.
 */
export function bakeryTools(
  facts: BakeryData,
  clock: Clock,
  ports: { searchKnowledge?: KnowledgeSearch } = {},
): AnyTool[] {
  const wording = wordingOf(facts);
  // The clock is fixed for the run: each wall clock is worked out once, on first use.
  let askedClock: WallClock | undefined;
  let currentClock: WallClock | undefined;
  const asked = () => {
    askedClock ??= wallClock(facts, clock.askedAt);
    return askedClock;
  };
  const current = () => {
    currentClock ??= wallClock(facts, clock.now);
    return currentClock;
  };
  const menuList = () => facts.menu.map((item) => item.name).join(', ');

  const findItem = (name: string) => {
    const [item] = matchNames(name, facts.menu);
    if (!item) {
      return {
        ...fail(
          'notFound',
          `the menu has no ${name.trim()}. It has: ${menuList()}. Offer one of those instead.`,
        ),
        read: ['menu'] as FactRef[],
      };
    }
    if (!item.available) {
      return {
        ...failWith(
          'unavailable',
          `${item.name} is on the menu but not currently available. Say so; do not promise it.`,
          { unavailable: [item.name] },
        ),
        read: [itemFact(item.name)],
      };
    }
    return { ok: true as const, value: item };
  };

  const decodeDay = (day: string, seen?: Set<string>) => {
    const date = resolveDay(day, facts, asked(), seen);
    return date
      ? { ok: true as const, value: date }
      : fail('badInput', `day must be ${acceptedDays}; got "${day}".`);
  };

  const openingHours = defineTool({
    name: 'opening_hours',
    description:
      "The bakery's hours on one day, with its date; holidays and special hours come with the exception and the usual hours.",
    schema: openingHoursInput,
    output: hoursResultSchema,
    refine: ({ day }) => decodeDay(day),
    run: (date) => {
      const seen = new Set<string>();
      const hours = hoursOn(facts, date, seen);
      return { ...ok(hoursResult(hours)), read: dayFacts(seen) };
    },
  });

  const menuItem = defineTool({
    name: 'menu_item',
    description:
      'One menu item by name (case, spacing and plurals do not matter): price, days of notice, ingredients, allergens, mayContain (cross-contact) and dietary tags; allergens and mayContain are null when not recorded.',
    schema: menuItemInput,
    output: itemResultSchema,
    failureOutput: unavailableSchema,
    run: ({ name }) => {
      const found = findItem(name);
      return found.ok
        ? { ...ok(describeItem(found.value, wording)), read: [itemFact(found.value.name)] }
        : found;
    },
  });

  const listMenu = defineTool({
    name: 'list_menu',
    description:
      'Every menu item, with what menu_item gives and available false for any not available now.',
    schema: listMenuInput,
    output: menuResultSchema,
    run: () => ({
      ...ok({ items: facts.menu.map((item) => describeItem(item, wording, true)) }),
      read: ['menu'],
    }),
  });

  const searchKnowledge = defineTool({
    name: 'search_knowledge',
    description:
      "Searches the owner's written answers on policies: the best entries first, or none. Never for allergies, medical needs, complaints or refunds.",
    schema: searchKnowledgeInput,
    output: knowledgeResultSchema,
    run: async ({ query }) => {
      const entries = (await ports.searchKnowledge?.(query, knowledgeHitsLimit)) ?? [];
      // The model reads an entry's title and answer; its id goes to the facts read (the draft's
      // sources), and the query is the model's own input.
      const found: KnowledgeResult = {
        entries: entries.map(({ title, answer }) => ({ title, answer })),
      };
      return {
        ...ok(found),
        read: ['knowledge', ...entries.map((entry) => `entry:${entry.id}` as const)],
      };
    },
  });

  const quoteOrder = defineTool({
    name: 'quote_order',
    description:
      "Prices an order (lines, total). Given a pickup day (and time), checks it as of now: the day's hours, the last day to order, and if it does not work, why and the earliest pickup that works within 30 days. Without a day, gives the earliest pickup.",
    schema: quoteOrderInput,
    output: quoteResultSchema,
    failureOutput: unavailableSchema,
    run: ({ items, day, time }) => {
      const seen = new Set<string>();
      const outcome = quote({ items, day, time }, seen);
      const itemsRead = items.flatMap(({ name }) => {
        const [item] = matchNames(name, facts.menu);
        return item ? [itemFact(item.name)] : [];
      });
      return {
        ...outcome,
        read: [...new Set([...(outcome.read ?? []), ...itemsRead, ...dayFacts(seen)])],
      };
    },
  });

  const quote = (
    {
      items,
      day,
      time,
    }: {
      items: { name: string; quantity: number }[];
      day: string | null;
      time: string | null;
    },
    seen: Set<string>,
  ): ToolOutcome => {
    const now = current();
    let date: string | null = null;
    if (day !== null) {
      const decoded = decodeDay(day, seen);
      if (!decoded.ok) return decoded;
      date = decoded.value;
    }
    const pickupTime = time === null ? null : normalizeTime(time);
    if (time !== null && pickupTime === null) {
      return fail('badInput', `time must be HH:MM in 24-hour time, e.g. "09:00"; got "${time}".`);
    }
    const lines: QuoteLine[] = [];
    let totalCents = 0;
    const unavailable: string[] = [];
    for (const line of items) {
      const found = findItem(line.name);
      if (!found.ok && found.failure.kind === 'unavailable' && items.length > 1) {
        unavailable.push(matchNames(line.name, facts.menu)[0]?.name ?? line.name);
        continue;
      }
      if (!found.ok) return found;
      lines.push(quoteLine(found.value, line.quantity, date, now.date, wording));
      totalCents += found.value.priceCents * line.quantity;
    }
    if (lines.length === 0) {
      return failWith(
        'unavailable',
        `${unavailable.join(', ')} ${unavailable.length === 1 ? 'is' : 'are'} on the menu but not currently available. Say so; do not promise them.`,
        { unavailable },
      );
    }
    const noticeDays = Math.max(...lines.map((line) => line.noticeDays));
    const hours = date === null ? null : hoursOn(facts, date, seen);
    const problems: PickupProblem[] = [];
    if (date !== null && hours !== null) {
      const passed =
        date < now.date ||
        (date === now.date &&
          (pickupTime !== null
            ? pickupTime <= now.time
            : // The same rule as the earliest pickup: today only while a quarter hour is left.
              hours.open && (hours.closes === null || nextQuarterHour(now.time) >= hours.closes)));
      if (passed) problems.push('passed');
      if (!hours.open) problems.push('closed');
      else if (pickupTime !== null && !isOpenAt(hours, pickupTime)) problems.push('outsideHours');
      if (lines.some((line) => line.shortNotice)) problems.push('shortNotice');
    }
    // Every field goes into every later request of the draft: the result holds only what a reply
    // may need, and leaves out what it would only repeat (no problems when the pickup works).
    const works = problems.length === 0;
    const result: QuoteResult = {
      lines,
      ...(unavailable.length > 0 ? { unavailable } : {}),
      total: wordMoney(totalCents, wording),
    };
    if (date === null || hours === null) {
      result.earliestPickup = earliestPickup(facts, now, noticeDays, now.date, seen);
      return ok(result);
    }
    result.pickup = { ...hoursResult(hours), time: pickupTime };
    result.pickupWorks = works;
    if (!works) {
      result.problems = problems;
      result.earliestPickup = earliestPickup(facts, now, noticeDays, now.date, seen);
    }
    // Later today, the pickup that works starts from now rather than from opening.
    if (!works || date === now.date) {
      result.firstPickupFromDay = earliestPickup(facts, now, noticeDays, date, seen);
    }
    return ok(result);
  };

  return [openingHours, menuItem, listMenu, quoteOrder, searchKnowledge, markForPerson];
}

/**
 * The earliest pickup that satisfies every line's notice, the hours and the date exceptions,
 * from now: today only when there is no notice to give and the shop is still to close.
 */
export function earliestPickup(
  facts: BakeryData,
  now: WallClock,
  noticeDays: number,
  from: string = now.date,
  seen?: Set<string>,
): EarliestPickup | null {
  const start = Math.max(noticeDays, daysBetween(now.date, from));
  // Thirty days from the first day notice allows, however much notice an item needs.
  for (let offset = start; offset <= start + earliestPickupWindowDays; offset++) {
    const date = addDays(now.date, offset);
    const hours = hoursOn(facts, date, seen);
    if (!hours.open || hours.opens === null || hours.closes === null) continue;
    let time = hours.opens;
    if (date === now.date) {
      const soon = nextQuarterHour(now.time);
      if (soon >= hours.closes) continue;
      if (soon > time) time = soon;
    }
    return { date, weekday: hours.weekday, time, opens: hours.opens, closes: hours.closes };
  }
  return null;
}

/** "10:07" to "10:15": a pickup later today is offered on the quarter hour. */
function nextQuarterHour(time: string): string {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const total = Math.ceil((hour * 60 + minute + 1) / 15) * 15;
  if (total >= 24 * 60) return '24:00';
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

function quoteLine(
  item: MenuItemData,
  quantity: number,
  pickupDate: string | null,
  todayIs: string,
  wording: Wording,
): QuoteLine {
  const line: QuoteLine = {
    item: item.name,
    quantity,
    unitPrice: wordMoney(item.priceCents, wording),
    lineTotal: wordMoney(item.priceCents * quantity, wording),
    noticeDays: item.noticeDays,
  };
  if (pickupDate === null) return line;
  const lastDayToOrder = addDays(pickupDate, -item.noticeDays);
  if (item.noticeDays > 0) {
    line.orderBy = { date: lastDayToOrder, weekday: weekdayName(isoWeekday(lastDayToOrder)) };
  }
  if (todayIs > lastDayToOrder) line.shortNotice = true;
  return line;
}

function isOpenAt(hours: DayHours, time: string): boolean {
  return (
    hours.opens !== null && hours.closes !== null && time >= hours.opens && time < hours.closes
  );
}

function describeItem(item: MenuItemData, wording: Wording, listed = false): ItemResult {
  const recorded = Array.isArray(item.allergens);
  return {
    name: item.name,
    price: wordMoney(item.priceCents, wording),
    noticeDays: item.noticeDays,
    ...(listed && !item.available ? { available: false as const } : {}),
    ...(item.description ? { description: item.description } : {}),
    ...(item.ingredients ? { ingredients: item.ingredients } : {}),
    allergens: recorded ? (item.allergens ?? []) : null,
    mayContain: recorded ? (item.mayContain ?? []) : null,
    dietary: item.dietary ?? [],
  };
}
