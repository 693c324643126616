import { fail, failWith, ok, type ToolOutcome } from '../core/tool';
import { addDays, daysBetween, isoWeekday, normalizeTime, weekdayName } from './calendar';
import type { BakeryData, MenuItemData } from './data';
import { type DayHours, hoursOn, hoursResult, type WallClock } from './facts';
import { matchNames } from './names';
import type { EarliestPickup, PickupProblem, QuoteLine, QuoteResult } from './results';
import type { ToolContext } from './tool-context';
import { type Wording, wordMoney } from './wording';

/** How far ahead the earliest possible pickup is looked for. */
export const earliestPickupWindowDays = 30;

export type QuoteInput = {
  items: { name: string; quantity: number }[];
  day: string | null;
  time: string | null;
};

/**
 * Prices an order and, given a pickup day, judges it as of now: why it does not work, and the
 * earliest pickup that does. `seen` collects the days read.
 */
export function quoteOrder(
  ctx: ToolContext,
  { items, day, time }: QuoteInput,
  seen: Set<string>,
): ToolOutcome {
  const now = ctx.current();
  let date: string | null = null;
  if (day !== null) {
    const decoded = ctx.decodeDay(day, seen);
    if (!decoded.ok) return decoded;
    date = decoded.value;
  }
  const pickupTime = time === null ? null : normalizeTime(time);
  if (time !== null && pickupTime === null) {
    return fail('badInput', `time must be HH:MM in 24-hour time, e.g. "09:00"; got "${time}".`);
  }
  const priced = priceLines(ctx, items, date);
  if (!priced.ok) return priced;
  const { lines, totalCents, unavailable } = priced;
  const noticeDays = Math.max(...lines.map((line) => line.noticeDays));
  // Every field goes into every later request of the draft: the result holds only what a reply
  // may need, and leaves out what it would only repeat (no problems when the pickup works).
  const result: QuoteResult = {
    lines,
    ...(unavailable.length > 0 ? { unavailable } : {}),
    total: wordMoney(totalCents, ctx.wording),
  };
  const earliestFrom = (from: string) => earliestPickup(ctx.facts, now, noticeDays, from, seen);
  if (date === null) {
    result.earliestPickup = earliestFrom(now.date);
    return ok(result);
  }
  const hours = hoursOn(ctx.facts, date, seen);
  const problems = pickupProblems(now, hours, pickupTime, lines);
  const works = problems.length === 0;
  result.pickup = { ...hoursResult(hours), time: pickupTime };
  result.pickupWorks = works;
  if (!works) {
    result.problems = problems;
    result.earliestPickup = earliestFrom(now.date);
  }
  // Later today, the pickup that works starts from now rather than from opening.
  if (!works || date === now.date) result.firstPickupFromDay = earliestFrom(date);
  return ok(result);
}

/** Each line priced; items on the menu but not available now are set aside when others are not. */
function priceLines(ctx: ToolContext, items: QuoteInput['items'], date: string | null) {
  const now = ctx.current();
  const lines: QuoteLine[] = [];
  let totalCents = 0;
  const unavailable: string[] = [];
  for (const line of items) {
    const found = ctx.findItem(line.name);
    if (!found.ok && found.failure.kind === 'unavailable' && items.length > 1) {
      unavailable.push(matchNames(line.name, ctx.facts.menu)[0]?.name ?? line.name);
      continue;
    }
    if (!found.ok) return found;
    lines.push(quoteLine(found.value, line.quantity, date, now.date, ctx.wording));
    totalCents += found.value.priceCents * line.quantity;
  }
  if (lines.length === 0) {
    return failWith(
      'unavailable',
      `${unavailable.join(', ')} ${unavailable.length === 1 ? 'is' : 'are'} on the menu but not currently available. Say so; do not promise them.`,
      { unavailable },
    );
  }
  return { ok: true as const, lines, totalCents, unavailable };
}

/** Why a pickup on a day (at a time) does not work as of now, in the order a reply gives them. */
function pickupProblems(
  now: WallClock,
  hours: DayHours,
  pickupTime: string | null,
  lines: readonly QuoteLine[],
): PickupProblem[] {
  const problems: PickupProblem[] = [];
  const passed =
    hours.date < now.date ||
    (hours.date === now.date &&
      (pickupTime !== null
        ? pickupTime <= now.time
        : // The same rule as the earliest pickup: today only while a quarter hour is left.
          hours.open && (hours.closes === null || nextQuarterHour(now.time) >= hours.closes)));
  if (passed) problems.push('passed');
  if (!hours.open) problems.push('closed');
  else if (pickupTime !== null && !isOpenAt(hours, pickupTime)) problems.push('outsideHours');
  if (lines.some((line) => line.shortNotice)) problems.push('shortNotice');
  return problems;
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
