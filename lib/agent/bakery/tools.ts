import { z } from 'zod';
import { type AnyTool, defineTool, fail, ok, type ToolOutcome } from '../core/tool';
import type { FactRef } from '../types';
import { addDays, daysBetween, isoWeekday, normalizeTime, weekdayName } from './calendar';
import type { BakeryData, Clock, KnowledgeSearch, MenuItemData } from './data';
import {
  acceptedDays,
  type DayHours,
  hoursOn,
  resolveDay,
  type WallClock,
  wallClock,
} from './facts';
import { markForPerson } from './mark-for-person';
import { matchNames } from './names';
import { type Wording, wordingOf, wordMoney } from './wording';

// The input schemas do not depend on the facts: made once, so each draft reuses their JSON Schema.
const openingHoursInput = z.object({
  day: z.string().describe(`The day: ${acceptedDays}.`),
});
const menuItemInput = z.object({
  name: z.string().min(1).describe('The item, e.g. "rye loaf"; never empty.'),
});
const listMenuInput = z.object({});
const searchKnowledgeInput = z.object({
  query: z
    .string()
    .trim()
    .min(1)
    .max(300)
    .describe(
      'What to look for, in the customer\'s own words (e.g. "deliver to my office"); 1 to 300 characters.',
    ),
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
        name: z.string().min(1).describe('The item as the customer named it; never empty.'),
        quantity: z
          .number()
          .int()
          .positive()
          .max(10_000)
          .describe('How many: a whole number from 1 to 10,000.'),
      }),
    )
    .min(1)
    .describe('One line per item the customer wants, at least one.'),
  day: z
    .string()
    .nullable()
    .describe(`The pickup day: ${acceptedDays}; null to price the items without a pickup.`),
  time: z
    .string()
    .nullable()
    .describe(
      'The pickup time as HH:MM (24-hour, so 2 in the afternoon is "14:00"), or null if not given.',
    ),
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
  const asked = () => wallClock(facts, clock.askedAt);
  const current = () => wallClock(facts, clock.now);
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
        ...fail(
          'unavailable',
          `${item.name} is on the menu but not currently available. Say so; do not promise it.`,
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
      "The bakery's opening hours on one day, honouring holidays and special hours, with the actual date. A weekday means the next one whose hours were still ahead when the question arrived.",
    schema: openingHoursInput,
    refine: ({ day }) => decodeDay(day),
    run: (date) => {
      const seen = new Set<string>();
      const hours = hoursOn(facts, date, seen);
      return { ...ok(hours), read: dayFacts(seen) };
    },
  });

  const menuItem = defineTool({
    name: 'menu_item',
    description:
      'One menu item by name (case, spacing and plurals do not matter): its price, the days of notice it needs, its ingredients, its allergens and what it may contain from the kitchen (cross-contact), and dietary tags. allergensRecorded false means nobody has recorded its allergens: never say it is free of any.',
    schema: menuItemInput,
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
      'Everything on the menu, with prices, notice, whether each is available now, allergens, cross-contact and dietary tags.',
    schema: listMenuInput,
    run: () => ({
      ...ok({ items: facts.menu.map((item) => describeItem(item, wording)) }),
      read: ['menu'],
    }),
  });

  const searchKnowledge = defineTool({
    name: 'search_knowledge',
    description:
      "Searches the owner's written answers (delivery, custom cakes, payment, parking and other policies) by the customer's words. Returns the best matching entries with their ids, best first, or none. Use an entry only when it answers what was asked, and say only what it says; never use it for allergies, medical needs, complaints or refunds, which always go to a person.",
    schema: searchKnowledgeInput,
    run: ({ query }) => {
      const entries = ports.searchKnowledge?.(query, knowledgeHitsLimit) ?? [];
      return {
        ...ok({ query, entries }),
        read: ['knowledge', ...entries.map((entry) => `entry:${entry.id}` as const)],
      };
    },
  });

  const quoteOrder = defineTool({
    name: 'quote_order',
    description:
      'Prices an order and checks its pickup as of now: each line, the total, and for a pickup day (and time) whether it has already passed, whether the bakery is open then, and whether there is enough notice (with the last day to order). Always gives the earliest pickup that satisfies notice, hours and holidays in the next 30 days: offer it whenever the asked pickup does not work. Use it for every total; never add up prices yourself.',
    schema: quoteOrderInput,
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
    const unavailable: string[] = [];
    for (const line of items) {
      const found = findItem(line.name);
      if (!found.ok && found.failure.kind === 'unavailable' && items.length > 1) {
        unavailable.push(matchNames(line.name, facts.menu)[0]?.name ?? line.name);
        continue;
      }
      if (!found.ok) return found;
      lines.push(quoteLine(found.value, line.quantity, date, now.date, wording));
    }
    if (lines.length === 0) {
      return fail(
        'unavailable',
        `${unavailable.join(', ')} ${unavailable.length === 1 ? 'is' : 'are'} on the menu but not currently available. Say so; do not promise them.`,
      );
    }
    const totalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
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
      if (!lines.every((line) => line.enoughNotice)) problems.push('shortNotice');
    }
    const result: QuoteResult = {
      now,
      pickup: date === null ? null : { date, weekday: hours?.weekday ?? '', time: pickupTime },
      hours,
      openAtPickup: hours === null || pickupTime === null ? null : isOpenAt(hours, pickupTime),
      lines,
      unavailable,
      total: wordMoney(totalCents, wording),
      totalCents,
      enoughNotice: date === null ? null : lines.every((line) => line.enoughNotice),
      pickupWorks: date === null ? null : problems.length === 0,
      problems,
      earliestPickup: earliestPickup(facts, now, noticeDays, now.date, seen),
      firstPickupFromDay: date === null ? null : earliestPickup(facts, now, noticeDays, date, seen),
    };
    return ok(result);
  };

  return [openingHours, menuItem, listMenu, quoteOrder, searchKnowledge, markForPerson];
}

export type ItemResult = ReturnType<typeof describeItem>;

export type QuoteLine = {
  item: string;
  quantity: number;
  unitPrice: string;
  unitPriceCents: number;
  lineTotal: string;
  lineTotalCents: number;
  noticeDays: number;
  /** Null when no pickup day was given. */
  lastDayToOrder: string | null;
  lastDayToOrderWeekday: string | null;
  enoughNotice: boolean | null;
};

/** Why an asked pickup does not work, in the order a reply gives them. */
export type PickupProblem = 'passed' | 'closed' | 'outsideHours' | 'shortNotice';

export type EarliestPickup = {
  date: string;
  weekday: string;
  /** The first time that works that day: opening time, or later today. */
  time: string;
  opens: string;
  closes: string;
};

export type QuoteResult = {
  /** The bakery's wall clock when the quote was made: what "still possible" is judged against. */
  now: WallClock;
  pickup: { date: string; weekday: string; time: string | null } | null;
  hours: DayHours | null;
  /** Null when there is no pickup day or time to check. */
  openAtPickup: boolean | null;
  lines: QuoteLine[];
  /** Items asked for that are on the menu but not available now; not priced. */
  unavailable: string[];
  total: string;
  totalCents: number;
  enoughNotice: boolean | null;
  /** Null without a pickup day; otherwise true exactly when `problems` is empty. */
  pickupWorks: boolean | null;
  problems: PickupProblem[];
  /** Null only when nothing works in the next 30 days. */
  earliestPickup: EarliestPickup | null;
  /** The first pickup that works on or after the asked day (null without a day, or none in 30 days). */
  firstPickupFromDay: EarliestPickup | null;
};

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
  const lastDayToOrder = pickupDate === null ? null : addDays(pickupDate, -item.noticeDays);
  return {
    item: item.name,
    quantity,
    unitPrice: wordMoney(item.priceCents, wording),
    unitPriceCents: item.priceCents,
    lineTotal: wordMoney(item.priceCents * quantity, wording),
    lineTotalCents: item.priceCents * quantity,
    noticeDays: item.noticeDays,
    lastDayToOrder,
    lastDayToOrderWeekday: lastDayToOrder === null ? null : weekdayName(isoWeekday(lastDayToOrder)),
    enoughNotice: lastDayToOrder === null ? null : todayIs <= lastDayToOrder,
  };
}

function isOpenAt(hours: DayHours, time: string): boolean {
  return (
    hours.opens !== null && hours.closes !== null && time >= hours.opens && time < hours.closes
  );
}

function describeItem(item: MenuItemData, wording: Wording) {
  const recorded = Array.isArray(item.allergens);
  return {
    name: item.name,
    price: wordMoney(item.priceCents, wording),
    priceCents: item.priceCents,
    noticeDays: item.noticeDays,
    available: item.available,
    description: item.description,
    ingredients: item.ingredients ?? null,
    allergensRecorded: recorded,
    allergens: recorded ? (item.allergens ?? []) : null,
    mayContain: recorded ? (item.mayContain ?? []) : null,
    dietary: item.dietary ?? [],
  };
}
