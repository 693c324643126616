import type { QuoteResult } from '../../../bakery/results';
import { catalog } from './catalog';
import { fill, sentence, type Worded } from './catalog/template';
import type { Writer } from './context';
import { earliest, laterTodayOf, noticeClauses } from './quote';

const entries = catalog.quote;
type Pickup = NonNullable<QuoteResult['pickup']>;

/** Why the asked pickup does not work, then the pickup that does: never the other way round. */
export function whyNot(w: Writer, q: QuoteResult, hours: Pickup, them: Worded): Worded[] {
  const problems = q.problems ?? [];
  const out = [sentence(entries.why.reasons, { reasons: w.v.list(reasons(w, q, hours)) })];
  const laterToday = laterTodayOf(w, q, hours);
  const from = laterToday ? laterToday.time : (hours.opens ?? '');
  const onlyHours = problems.every((p) => p === 'outsideHours');
  const dayLeft = hours.date !== w.today || laterToday !== null;
  if (onlyHours && dayLeft && hours.opens && hours.closes) {
    out.push(
      sentence(entries.instead.sameDay, {
        from: w.v.time(from),
        closes: w.v.time(hours.closes),
      }),
    );
  } else if (
    problems.every((p) => p === 'closed' || p === 'outsideHours') &&
    q.firstPickupFromDay &&
    q.firstPickupFromDay.date !== q.earliestPickup?.date
  ) {
    const next = q.firstPickupFromDay;
    out.push(
      sentence(entries.instead.nextDay, {
        day: w.v.date(next.date),
        span: w.span(next.opens, next.closes),
        earliest: q.earliestPickup
          ? w.v.date(q.earliestPickup.date)
          : fill(entries.instead.noneSoon),
      }),
    );
  } else {
    out.push(earliest(w, q.earliestPickup ?? null, them));
  }
  return out;
}

/** Each reason the pickup does not work, as a clause. */
function reasons(w: Writer, q: QuoteResult, hours: Pickup): Worded[] {
  const { v } = w;
  const problems = q.problems ?? [];
  const day = v.date(hours.date);
  const at = hours.time;
  const why: Worded[] = [];
  const passed = problems.includes('passed');
  const gone = passed && hours.date < w.today;
  if (passed) {
    if (gone) why.push(fill(entries.why.dayPassed, { day }));
    else if (at) why.push(fill(entries.why.timePassed, { time: v.time(at), day }));
    else if (hours.closes !== null && w.nowTime < hours.closes) {
      why.push(fill(entries.why.tooLateToday, { day, closes: v.time(hours.closes) }));
    } else why.push(fill(entries.why.closedToday, { day }));
  }
  if (problems.includes('closed') && !gone) {
    why.push(fill(entries.why.closed, { day, note: w.note(hours) }));
  }
  const outside = problems.includes('outsideHours') && !passed;
  if (outside && at && hours.opens && hours.closes) {
    why.push(
      at < hours.opens
        ? fill(entries.why.tooEarly, { opens: v.time(hours.opens), day, time: v.time(at) })
        : fill(entries.why.tooLate, { closes: v.time(hours.closes), day, time: v.time(at) }),
    );
  }
  if (problems.includes('shortNotice') && !gone) {
    const clauses = noticeClauses(
      w,
      q.lines.filter((l) => l.shortNotice),
    );
    why.push(why.length > 0 ? clauses : fill(entries.why.tooSoon, { clauses, day }));
  }
  return why;
}
