import { z } from 'zod';
import { type AnyTool, defineTool, fail, ok } from '../core/tool';
import { addDays, isoWeekday, normalizeTime, weekdayName } from './calendar';
import type { BakeryData, Clock, MenuItemData } from './data';
import { acceptedDays, type DayHours, hoursOn, resolveDay, today } from './facts';
import { markForPerson } from './mark-for-person';
import { formatCents } from './money';
import { matchNames } from './names';

// The input schemas do not depend on the facts: made once, so each draft reuses their JSON Schema.
const openingHoursInput = z.object({
  day: z.string().describe(`The day: ${acceptedDays}.`),
});
const menuItemInput = z.object({
  name: z.string().min(1).describe('The item, e.g. "rye loaf"; never empty.'),
});
const listMenuInput = z.object({});
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
  time: z.string().nullable().describe('The pickup time as HH:MM (24-hour), or null if not given.'),
});

/** The bakery's read-only tools over data and a clock the app passes in. */
export function bakeryTools(facts: BakeryData, clock: Clock): AnyTool[] {
  const todayDate = () => today(facts, clock.now);
  const menuList = () => facts.menu.map((item) => item.name).join(', ');

  const findItem = (name: string) => {
    const [item] = matchNames(name, facts.menu);
    if (!item) {
      return fail(
        'notFound',
        `the menu has no ${name.trim()}. It has: ${menuList()}. Offer one of those instead.`,
      );
    }
    if (!item.available) {
      return fail(
        'unavailable',
        `${item.name} is on the menu but not currently available. Say so; do not promise it.`,
      );
    }
    return { ok: true as const, value: item };
  };

  const decodeDay = (day: string) => {
    const date = resolveDay(day, todayDate());
    return date
      ? { ok: true as const, value: date }
      : fail('badInput', `day must be ${acceptedDays}; got "${day}".`);
  };

  const openingHours = defineTool({
    name: 'opening_hours',
    description:
      "The bakery's opening hours on one day, honouring holidays and special hours. A weekday means the next one, today included.",
    schema: openingHoursInput,
    refine: ({ day }) => decodeDay(day),
    run: (date) => ok(hoursOn(facts, date)),
  });

  const menuItem = defineTool({
    name: 'menu_item',
    description:
      'One menu item by name (case, spacing and plurals do not matter): its price and the days of notice it needs.',
    schema: menuItemInput,
    run: ({ name }) => {
      const found = findItem(name);
      return found.ok ? ok(describeItem(found.value)) : found;
    },
  });

  const listMenu = defineTool({
    name: 'list_menu',
    description: 'Everything on the menu, with prices, notice and whether each is available now.',
    schema: listMenuInput,
    run: () => ok({ items: facts.menu.map(describeItem) }),
  });

  const quoteOrder = defineTool({
    name: 'quote_order',
    description:
      'Prices an order and checks its pickup: each line, the total, whether the bakery is open at the pickup time, and whether there is enough notice (with the last day to order). Use it for every total; never add up prices yourself.',
    schema: quoteOrderInput,
    run: ({ items, day, time }) => quote({ items, day, time }),
  });

  const quote = ({
    items,
    day,
    time,
  }: {
    items: { name: string; quantity: number }[];
    day: string | null;
    time: string | null;
  }) => {
    const todayIs = todayDate();
    let date: string | null = null;
    if (day !== null) {
      const decoded = decodeDay(day);
      if (!decoded.ok) return decoded;
      date = decoded.value;
      if (date < todayIs)
        return fail('badInput', `${date} has already passed; today is ${todayIs}.`);
    }
    const pickupTime = time === null ? null : normalizeTime(time);
    if (time !== null && pickupTime === null) {
      return fail('badInput', `time must be HH:MM in 24-hour time, e.g. "09:00"; got "${time}".`);
    }
    const lines: QuoteLine[] = [];
    for (const line of items) {
      const found = findItem(line.name);
      if (!found.ok) return found;
      lines.push(quoteLine(found.value, line.quantity, date, todayIs));
    }
    const totalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
    const hours = date === null ? null : hoursOn(facts, date);
    const result: QuoteResult = {
      today: todayIs,
      pickup: date === null ? null : { date, weekday: hours?.weekday ?? '', time: pickupTime },
      hours,
      openAtPickup: hours === null || pickupTime === null ? null : isOpenAt(hours, pickupTime),
      lines,
      total: formatCents(totalCents),
      totalCents,
      enoughNotice: date === null ? null : lines.every((line) => line.enoughNotice),
    };
    return ok(result);
  };

  return [openingHours, menuItem, listMenu, quoteOrder, markForPerson];
}

export type ItemResult = ReturnType<typeof describeItem>;

export type QuoteLine = {
  item: string;
  quantity: number;
  unitPrice: string;
  lineTotal: string;
  lineTotalCents: number;
  noticeDays: number;
  /** Null when no pickup day was given. */
  lastDayToOrder: string | null;
  lastDayToOrderWeekday: string | null;
  enoughNotice: boolean | null;
};

export type QuoteResult = {
  today: string;
  pickup: { date: string; weekday: string; time: string | null } | null;
  hours: DayHours | null;
  /** Null when there is no pickup day or time to check. */
  openAtPickup: boolean | null;
  lines: QuoteLine[];
  total: string;
  totalCents: number;
  enoughNotice: boolean | null;
};

function quoteLine(
  item: MenuItemData,
  quantity: number,
  pickupDate: string | null,
  todayIs: string,
): QuoteLine {
  const lastDayToOrder = pickupDate === null ? null : addDays(pickupDate, -item.noticeDays);
  return {
    item: item.name,
    quantity,
    unitPrice: formatCents(item.priceCents),
    lineTotal: formatCents(item.priceCents * quantity),
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

function describeItem(item: MenuItemData) {
  return {
    name: item.name,
    price: formatCents(item.priceCents),
    priceCents: item.priceCents,
    noticeDays: item.noticeDays,
    available: item.available,
    description: item.description,
  };
}
