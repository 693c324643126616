import type { EarliestPickup, QuoteLine, QuoteResult } from '../../../bakery/results';
import { catalog } from './catalog';
import { fill, sentence, type Worded } from './catalog/template';
import type { Writer } from './context';
import { notice, priceOf, unavailable } from './items';
import { isPluralName, pluralName, singularName } from './values';
import { whyNot } from './why-not';

const entries = catalog.quote;

/** "one cinnamon bun at $4.00", "two cinnamon buns at $4.00 each". */
function counted(w: Writer, line: QuoteLine): Worded {
  const price = w.v.data(line.unitPrice);
  return line.quantity === 1
    ? fill(entries.counted.one, { name: singularName(line.item), price })
    : fill(entries.counted.other, {
        count: w.v.count(line.quantity),
        names: pluralName(line.item),
        price,
      });
}

/** The lines the customer gave a count for, and their total, in one sentence. */
function order(w: Writer, lines: readonly QuoteLine[], total: string | null): Worded {
  const [only] = lines;
  if (lines.length === 1 && only) {
    return only.quantity === 1
      ? sentence(entries.order.one, { counted: counted(w, only) })
      : sentence(entries.order.single, {
          counted: counted(w, only),
          total: w.v.data(only.lineTotal),
        });
  }
  const parts = lines.map((l) =>
    l.quantity === 1
      ? counted(w, l)
      : fill(entries.order.line, { counted: counted(w, l), total: w.v.data(l.lineTotal) }),
  );
  return total === null
    ? sentence(entries.order.lines, { lines: w.v.list(parts) })
    : sentence(entries.order.total, { lines: w.v.list(parts), total: w.v.data(total) });
}

/** The earliest pickup that works, or that none does in the next 30 days. */
export function earliest(w: Writer, e: EarliestPickup | null, them: Worded): Worded {
  if (!e) return sentence(entries.earliest.none);
  const from = w.v.time(e.time === e.opens ? e.opens : e.time);
  const slots = { them, day: w.v.date(e.date), from, closes: w.v.time(e.closes) };
  return sentence(e.date === w.today ? entries.earliest.today : entries.earliest.later, slots);
}

/** "Rye loaves and cinnamon buns need 1 day's notice": one clause per length of notice. */
export function noticeClauses(w: Writer, lines: readonly QuoteLine[]): Worded {
  const lengths = [...new Set(lines.map((l) => l.noticeDays))];
  return w.v.list(
    lengths.map((days) =>
      fill(entries.notice.clause, {
        names: w.v.list(lines.filter((l) => l.noticeDays === days).map((l) => pluralName(l.item))),
        notice: notice(w, days),
      }),
    ),
  );
}

/**
 * A quote: the priced lines, what is not available, and the pickup: when it works, the window
 * and the last day to order; when it does not, why, then the pickup that does.
 */
export function quote(
  w: Writer,
  q: QuoteResult,
  quantities: readonly (number | null)[],
  pickup: boolean,
): Worded[] {
  const out: Worded[] = [];
  const withCount = q.lines.filter((_, i) => quantities[i] !== null);
  const priceOnly = q.lines.filter((_, i) => quantities[i] === null);
  // Only the tool's total: when a line has no count, the counted lines are not added up here.
  if (withCount.length > 0) out.push(order(w, withCount, priceOnly.length === 0 ? q.total : null));
  if (priceOnly.length > 0) {
    const prices = w.v.list(priceOnly.map((l) => priceOf(w, l.item, l.unitPrice)));
    out.push(sentence(entries.prices, { prices }));
  }
  if ((q.unavailable ?? []).length > 0) out.push(unavailable(w, q.unavailable ?? []));
  // "it" for one thing: one counted item, or an uncounted one named in the singular.
  const single =
    q.lines.length === 1 &&
    (quantities[0] === 1 || (quantities[0] === null && !isPluralName(q.lines[0]?.item ?? '')));
  const them = fill(single ? catalog.agreement.it.one : catalog.agreement.it.other);
  const needing = q.lines.filter((l) => l.noticeDays > 0);
  if (!pickup || !q.pickup) {
    if (needing.length > 0) {
      out.push(sentence(entries.notice.alone, { clauses: noticeClauses(w, needing) }));
    }
    out.push(earliest(w, q.earliestPickup ?? null, them));
    return out;
  }
  if (q.pickupWorks) return [...out, ...pickupWorks(w, q, q.pickup, them, needing)];
  return [...out, ...whyNot(w, q, q.pickup, them)];
}

/** The pickup works: its window that day, and the last day to order for what needs notice. */
function pickupWorks(
  w: Writer,
  q: QuoteResult,
  hours: NonNullable<QuoteResult['pickup']>,
  them: Worded,
  needing: readonly QuoteLine[],
): Worded[] {
  const day = w.v.date(hours.date);
  const note = w.note(hours);
  const laterToday = laterTodayOf(w, q, hours);
  const from = laterToday ? laterToday.time : (hours.opens ?? '');
  const out = [
    hours.time
      ? sentence(entries.works.atTime, {
          day,
          time: w.v.time(hours.time),
          span: w.span(hours.opens ?? '', hours.closes ?? ''),
          note,
        })
      : sentence(laterToday ? entries.works.laterToday : entries.works.anyTime, {
          them,
          day,
          span: w.span(from, hours.closes ?? ''),
          note,
        }),
  ];
  const last = needing
    .map((l) => l.orderBy?.date)
    .filter((d): d is string => d !== undefined)
    .sort()[0];
  if (last) {
    const by =
      last === w.today ? fill(entries.notice.today, { day: w.v.date(last) }) : w.v.date(last);
    out.push(sentence(entries.notice.orderBy, { clauses: noticeClauses(w, needing), by }));
  }
  return out;
}

/** Later today, the hours that are left start from now, not from opening. */
export function laterTodayOf(
  w: Writer,
  q: QuoteResult,
  hours: NonNullable<QuoteResult['pickup']>,
): EarliestPickup | null {
  return hours.date === w.today && q.firstPickupFromDay?.date === w.today
    ? q.firstPickupFromDay
    : null;
}
