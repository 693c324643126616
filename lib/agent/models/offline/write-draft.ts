import { type Allergen, type DietaryTag, ruledOutBy } from '../../bakery/data';
import { type HoursResult, unnamedClosure } from '../../bakery/facts';
import { greetingLine } from '../../bakery/greeting';
import { singular } from '../../bakery/names';
import type { EarliestPickup, ItemResult, QuoteLine, QuoteResult } from '../../bakery/tools';
import { type Wording, wordCount, wordDate, wordTime } from '../../bakery/wording';
import type { ToolResult } from '../../types';
import { knowledgeEntries, type PlannedCall, type Purpose } from './plan';
import type { PersonTopic } from './topics';
import type { Understanding } from './understanding';

export type DraftContext = {
  wording: Wording;
  /** The bakery's date now: a date in another year is worded with its year. */
  today: string;
  /** The bakery's time now (HH:MM): whether today's hours or an asked time today are over. */
  nowTime: string;
  bakeryName: string;
  /** The name the customer gave: the draft greets them by first name when it is one. */
  customerName?: string | null;
  /**
   * How well the reader read the question: the language to answer in and the parts it could not
   * read. Absent, the question was read in English with nothing left unclear.
   */
  understanding?: Understanding;
};

/**
 * Writes the draft from the tools' results alone: every price, time, date and rule in it was
 * returned by a tool, and only worded here. The customer's words decide which sentences to
 * write, never a fact in them. One greeting, the answer first, each fact once, and no sentence
 * that a later one takes back: when a pickup does not work, the draft says why and offers the
 * earliest one that does.
 */
export function writeDraft(
  planned: readonly PlannedCall[],
  results: readonly ToolResult[],
  context: DraftContext,
): string {
  const say = sayings(context);
  const resultFor = (call: PlannedCall) => results.find((r) => r.callId === call.call.id);
  const data = <T>(call: PlannedCall): T | null => {
    const result = resultFor(call);
    return result && !result.isError ? (JSON.parse(result.content) as T) : null;
  };

  const answers: string[] = [];
  const offMenu: string[] = [];
  let menu: { items: ItemResult[]; lead: boolean } | null = null;
  const week: HoursResult[] = [];
  const problems: string[] = [];
  let person: { topic: PersonTopic; language: string } | null = null;
  const knowledge: string[] = [];
  const labels: string[] = [];

  for (const call of planned) {
    const result = resultFor(call);
    const purpose: Purpose = call.purpose;
    switch (purpose.kind) {
      case 'person':
        person = { topic: purpose.topic, language: purpose.language };
        break;
      case 'knowledge': {
        // The owner's best answer, as they wrote it: one entry, so a draft never mixes two.
        const [entry] = result && !result.isError ? knowledgeEntries(result.content) : [];
        if (entry) knowledge.push(entry.answer.trim());
        break;
      }
      case 'labels': {
        const item = data<ItemResult>(call);
        if (item) labels.push(say.labels(item, purpose.allergens, purpose.dietary));
        else if (result?.errorKind === 'unavailable') answers.push(say.unavailable(result));
        else if (result) problems.push(purpose.name);
        break;
      }
      case 'offMenu':
        if (result?.errorKind === 'notFound') offMenu.push(purpose.name);
        else if (result && !result.isError) answers.push(say.item(data<ItemResult>(call)));
        else if (result?.errorKind === 'unavailable') answers.push(say.unavailable(result));
        else if (result) problems.push(purpose.name);
        break;
      case 'item': {
        const item = data<ItemResult>(call);
        if (item) answers.push(say.item(item));
        else if (result?.errorKind === 'unavailable') answers.push(say.unavailable(result));
        else problems.push(purpose.name);
        break;
      }
      case 'quote': {
        const quote = data<QuoteResult>(call);
        if (quote) answers.push(...say.quote(quote, purpose.quantities, purpose.pickup));
        else if (result?.errorKind === 'unavailable') answers.push(say.unavailable(result));
        else problems.push('your order');
        break;
      }
      case 'menu': {
        const items = data<{ items: ItemResult[] }>(call)?.items;
        if (items) menu = { items, lead: purpose.lead };
        break;
      }
      case 'dayHours': {
        const hours = data<HoursResult>(call);
        if (hours) answers.push(say.dayHours(hours, purpose.time));
        break;
      }
      case 'weekHours': {
        const hours = data<HoursResult>(call);
        if (hours) week.push(hours);
        break;
      }
    }
  }

  const paragraphs: string[] = [];
  paragraphs.push(...knowledge, ...labels);
  if (offMenu.length > 0) {
    paragraphs.push(`I'm sorry, we don't make ${listWords(offMenu, 'or')}.`);
  }
  if (answers.length > 0) paragraphs.push(answers.filter(Boolean).join(' '));
  if (menu) paragraphs.push(say.menu(menu.items, menu.lead));
  if (week.length > 0) paragraphs.push(say.week(week));
  if (problems.length > 0) {
    paragraphs.push(
      `I couldn't look up ${listWords(problems)} just now; we'll confirm those details.`,
    );
  }
  if (person) {
    paragraphs.push(
      say.person(person.topic, person.language, paragraphs.length > 0, labels.length > 0),
    );
  }
  if (paragraphs.length === 0) {
    paragraphs.push(
      'Could you tell us which items you would like, and the day and time you would like to pick them up? We will get right back to you.',
    );
  }
  return [
    greetingLine(context.customerName),
    ...paragraphs,
    `Thank you,\n${context.bakeryName}`,
  ].join('\n\n');
}

function sayings({ wording, today, nowTime }: DraftContext) {
  const date = (iso: string) => wordDate(iso, wording, today);
  const time = (hhmm: string) => wordTime(hhmm, wording);
  const span = (opens: string, closes: string) => `${time(opens)} to ${time(closes)}`;
  // The owner's note says why; a closure with no note needs no "(closed that day)" after it.
  const note = (hours: HoursResult) =>
    hours.exception && hours.exception !== unnamedClosure ? ` (${hours.exception})` : '';

  const notice = (days: number) => (days === 1 ? "1 day's notice" : `${days} days' notice`);

  // Money comes from the tools already worded in the bakery's locale.
  const priceOf = (name: string, price: string) =>
    isPlural(name)
      ? `${capitalize(name)} are ${price} each`
      : `${capitalize(article(name))} ${name} is ${price}`;

  const item = (found: ItemResult | null): string => {
    if (!found) return '';
    const them = isPlural(found.name) ? 'them' : 'it';
    const ahead =
      found.noticeDays === 0
        ? `and we need no notice for ${them}`
        : `and we need ${notice(found.noticeDays)} for ${them}`;
    return `${priceOf(found.name, found.price)}, ${ahead}.`;
  };

  const unavailable = (result: ToolResult): string => {
    const name = /^(.+?) (?:is|are) on the menu/.exec(result.content)?.[1];
    return name
      ? `I'm sorry, ${name.includes(',') ? name : `the ${name}`} ${name.includes(',') || isPlural(name) ? "aren't" : "isn't"} available at the moment.`
      : "I'm sorry, something in that order isn't available at the moment.";
  };

  /** "one cinnamon bun at $4.00", "two cinnamon buns at $4.00 each". */
  const counted = (l: QuoteLine): string =>
    l.quantity === 1
      ? `one ${singularName(l.item)} at ${l.unitPrice}`
      : `${wordCount(l.quantity, wording)} ${pluralName(l.item)} at ${l.unitPrice} each`;

  /** The lines the customer gave a count for, and their total, in one sentence. */
  const order = (lines: QuoteLine[], total: string | null): string => {
    const [only] = lines;
    if (lines.length === 1 && only) {
      return only.quantity === 1
        ? `That's ${counted(only)}.`
        : `${capitalize(counted(only))} come to ${only.lineTotal}.`;
    }
    const parts = lines.map((l) =>
      l.quantity === 1 ? counted(l) : `${counted(l)} (${l.lineTotal})`,
    );
    return total === null
      ? `${capitalize(listWords(parts))}.`
      : `${capitalize(listWords(parts))} come to ${total} in total.`;
  };

  const earliest = (e: EarliestPickup | null, them: string): string => {
    if (!e) {
      return `I'm sorry, we can't offer a pickup for that in the next 30 days.`;
    }
    const from = e.time === e.opens ? time(e.opens) : time(e.time);
    const isToday = e.date === today;
    return `The earliest we can have ${them} ready is ${isToday ? 'today, ' : ''}${date(e.date)}, from ${from} (we're open until ${time(e.closes)}).`;
  };

  const quote = (q: QuoteResult, quantities: (number | null)[], pickup: boolean): string[] => {
    const out: string[] = [];
    const withCount = q.lines.filter((_, i) => quantities[i] !== null);
    const priceOnly = q.lines.filter((_, i) => quantities[i] === null);
    if (withCount.length > 0) {
      // Only the tool's total: when a line has no count, the counted lines are not added up here.
      const total = priceOnly.length === 0 ? q.total : null;
      out.push(order(withCount, total));
    }
    if (priceOnly.length > 0) {
      out.push(
        `${capitalize(listWords(priceOnly.map((l) => lowerFirst(priceOf(l.item, l.unitPrice)))))}.`,
      );
    }
    const unavailable = q.unavailable ?? [];
    if (unavailable.length > 0) {
      out.push(
        `I'm sorry, ${listWords(unavailable.map((n) => `the ${n}`))} ${unavailable.length > 1 || isPlural(unavailable[0] ?? '') ? "aren't" : "isn't"} available at the moment.`,
      );
    }
    // "it" for one thing: one counted item, or an uncounted one named in the singular.
    const single =
      q.lines.length === 1 &&
      (quantities[0] === 1 || (quantities[0] === null && !isPlural(q.lines[0]?.item ?? '')));
    const them = single ? 'it' : 'them';
    const needing = q.lines.filter((l) => l.noticeDays > 0);
    // "Rye loaves and cinnamon buns need 1 day's notice": one clause per length of notice.
    const noticeOf = (lines: QuoteLine[]) => {
      const lengths = [...new Set(lines.map((l) => l.noticeDays))];
      return listWords(
        lengths.map(
          (days) =>
            `${listWords(lines.filter((l) => l.noticeDays === days).map((l) => pluralName(l.item)))} need ${notice(days)}`,
        ),
      );
    };
    const noticeNote = () => noticeOf(needing);

    if (!pickup || !q.pickup) {
      if (needing.length > 0) out.push(`${capitalize(noticeNote())}.`);
      out.push(earliest(q.earliestPickup ?? null, them));
      return out;
    }
    const hours = q.pickup;
    const day = date(hours.date);
    const at = hours.time;
    const problems = q.problems ?? [];
    // Later today, the hours that are left start from now, not from opening.
    const laterToday =
      hours.date === today && q.firstPickupFromDay?.date === today ? q.firstPickupFromDay : null;
    const from = laterToday ? laterToday.time : (hours.opens ?? '');
    if (q.pickupWorks) {
      const window = at
        ? `Pickup on ${day} at ${time(at)} works: we're open ${span(hours.opens ?? '', hours.closes ?? '')} that day${note(hours)}.`
        : `You can pick ${them} up ${laterToday ? `today, ${day},` : `on ${day}`} any time from ${span(from, hours.closes ?? '')}${note(hours)}.`;
      out.push(window);
      const lastDays = needing
        .map((l) => l.orderBy?.date)
        .filter((d): d is string => d !== undefined)
        .sort();
      const last = lastDays[0];
      if (last) {
        const by = last === today ? `today, ${date(last)}` : date(last);
        out.push(`${capitalize(noticeNote())}, so please order by ${by}.`);
      }
      return out;
    }
    // Why the asked pickup does not work, then the pickup that does: never the other way round.
    const why: string[] = [];
    const passed = problems.includes('passed');
    if (passed) {
      if (hours.date < today) why.push(`${day} has already passed`);
      else if (at) why.push(`${time(at)} today (${day}) has already passed`);
      else if (hours.closes !== null && nowTime < hours.closes) {
        why.push(`it's too late for a pickup today (${day}): we close at ${time(hours.closes)}`);
      } else why.push(`we've already closed for today (${day})`);
    }
    if (problems.includes('closed') && !(passed && hours.date < today)) {
      why.push(`we're closed on ${day}${note(hours)}`);
    }
    const outside = problems.includes('outsideHours') && !passed;
    if (outside && at && hours.opens && hours.closes) {
      why.push(
        at < hours.opens
          ? `we don't open until ${time(hours.opens)} on ${day}, so ${time(at)} is too early`
          : `we close at ${time(hours.closes)} on ${day}, so ${time(at)} is too late`,
      );
    }
    const gone = passed && hours.date < today;
    if (problems.includes('shortNotice') && !gone) {
      const whose = noticeOf(q.lines.filter((l) => l.shortNotice));
      why.push(why.length > 0 ? whose : `${whose}, so ${day} is too soon`);
    }
    out.push(`${capitalize(listWords(why))}.`);
    const onlyHours = problems.every((p) => p === 'outsideHours');
    const dayLeft = hours.date !== today || laterToday !== null;
    if (onlyHours && dayLeft && hours.opens && hours.closes) {
      out.push(`Could you come between ${time(from)} and ${time(hours.closes)} that day instead?`);
    } else if (
      problems.every((p) => p === 'closed' || p === 'outsideHours') &&
      q.firstPickupFromDay &&
      q.firstPickupFromDay.date !== q.earliestPickup?.date
    ) {
      const next = q.firstPickupFromDay;
      out.push(
        `The next day we can do is ${date(next.date)}, from ${span(next.opens, next.closes)}; the earliest of all is ${q.earliestPickup ? date(q.earliestPickup.date) : 'not in the next 30 days'}.`,
      );
    } else {
      out.push(earliest(q.earliestPickup ?? null, them));
    }
    return out;
  };

  const dayHours = (hours: HoursResult, asked: string | null): string => {
    const day = date(hours.date);
    if (hours.date < today) return `${day} has already passed.`;
    if (!hours.open || hours.opens === null || hours.closes === null) {
      return hours.exception
        ? `We're closed on ${day}${note(hours)}.`
        : `We're closed on ${day}, as every ${hours.weekday}.`;
    }
    const open = `we're open ${span(hours.opens, hours.closes)}${note(hours)}`;
    if (hours.date === today && nowTime >= hours.closes) {
      return `We've already closed for today, ${day}: we were open ${span(hours.opens, hours.closes)}${note(hours)}.`;
    }
    if (hours.date === today && asked !== null && asked <= nowTime) {
      return `${capitalize(time(asked))} today (${day}) has already passed; we're open until ${time(hours.closes)}.`;
    }
    if (asked === null) return `On ${day} ${open}.`;
    if (asked < hours.opens) {
      return `On ${day} we don't open until ${time(hours.opens)}, so ${time(asked)} is a little early; ${open}.`;
    }
    if (asked >= hours.closes) {
      return `On ${day} we close at ${time(hours.closes)}, so ${time(asked)} is too late; ${open}.`;
    }
    return `Yes, we're open at ${time(asked)} on ${day} (${span(hours.opens, hours.closes)}${note(hours)}).`;
  };

  /** "We're open Tuesday to Friday 7 am to 3 pm and Saturday 8 am to 1 pm, and closed on Sundays and Mondays." */
  const week = (days: HoursResult[]): string => {
    const ordered = [...days].sort((a, b) => weekdayIndex(a.weekday) - weekdayIndex(b.weekday));
    const groups: { from: string; to: string; hours: string }[] = [];
    const closed: string[] = [];
    for (const day of ordered) {
      // Without an exception the day's hours are its usual hours.
      const usual =
        day.exception !== undefined
          ? day.usual
          : day.opens !== null && day.closes !== null
            ? { opens: day.opens, closes: day.closes }
            : null;
      if (!usual) {
        closed.push(`${day.weekday}s`);
        continue;
      }
      const label = span(usual.opens, usual.closes);
      const last = groups[groups.length - 1];
      if (last && last.hours === label && weekdayIndex(day.weekday) === weekdayIndex(last.to) + 1) {
        last.to = day.weekday;
      } else groups.push({ from: day.weekday, to: day.weekday, hours: label });
    }
    const open = groups.map(
      (g) => `${g.from === g.to ? g.from : `${g.from} to ${g.to}`} ${g.hours}`,
    );
    const parts: string[] = [];
    if (open.length > 0) parts.push(`We're open ${listWords(open)}`);
    if (closed.length > 0)
      parts.push(`${open.length > 0 ? 'and ' : "We're "}closed on ${listWords(closed)}`);
    const exceptions = ordered
      .filter((d) => d.exception !== undefined)
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((d) => dayHours(d, null));
    return [`${parts.join(', ')}.`, ...exceptions].join(' ');
  };

  const menu = (items: ItemResult[], lead: boolean): string => {
    const available = items.filter((i) => i.available !== false);
    if (available.length === 0) return "Nothing on our menu is available at the moment, I'm sorry.";
    const listed = available.map((i) => `${i.name} (${i.price}${isPlural(i.name) ? ' each' : ''})`);
    return `${lead ? 'What we do have' : 'Our menu'}: ${listWords(listed)}.`;
  };

  /**
   * What an item's data says about what was asked: its allergens, its ingredients, what the
   * asked allergens are not among, the cross-contact line, and the dietary tags asked about.
   * It never calls an item free of an allergen the data does not rule out, and always says what
   * the kitchen may carry over.
   */
  const labels = (
    found: ItemResult,
    asked: readonly Allergen[],
    diet: readonly DietaryTag[],
  ): string => {
    const plural = isPlural(found.name);
    const it = plural ? 'they' : 'it';
    const its = plural ? 'their' : 'its';
    const itIs = plural ? "they're" : "it's";
    const our = `our ${found.name}`;
    if (found.allergens === null || found.mayContain === null) {
      return `We haven't recorded the allergens for ${our} here yet.`;
    }
    const out: string[] = [];
    const contains = found.allergens;
    out.push(
      contains.length > 0
        ? `${capitalize(our)} ${plural ? 'contain' : 'contains'} ${listWords(contains)}.`
        : `${capitalize(our)} ${plural ? 'have' : 'has'} none of the major allergens among ${its} ingredients.`,
    );
    if (found.ingredients) {
      out.push(
        `${capitalize(its)} ingredients: ${lowerFirst(found.ingredients.replace(/\.\s*$/, ''))}.`,
      );
    }
    const notIn = asked.filter((a) => !contains.includes(a));
    if (notIn.length > 0 && contains.length > 0) {
      out.push(
        `${capitalize(listWords(notIn))} ${notIn.length > 1 || /s$/.test(notIn[0] ?? '') ? "aren't" : "isn't"} among ${its} ingredients.`,
      );
    }
    for (const tag of diet) {
      if (found.dietary.includes(tag)) out.push(`${capitalize(itIs)} ${tag}.`);
      else if (ruledOutBy[tag].some((a) => contains.includes(a)))
        out.push(`So ${itIs} not ${tag}.`);
      else out.push(`We don't list ${plural ? 'them' : 'it'} as ${tag}.`);
    }
    out.push(
      found.mayContain.length > 0
        ? `${capitalize(itIs)} made in a kitchen that also handles ${listWords(found.mayContain)}, so ${it} may contain traces of ${found.mayContain.length > 1 ? 'them' : 'it'}.`
        : `${capitalize(itIs)} baked in a kitchen that handles other allergens, so we can't rule out traces.`,
    );
    return out.join(' ');
  };

  const person = (
    topic: PersonTopic,
    language: string,
    answered: boolean,
    labelled = false,
  ): string => {
    const reply = 'someone from our team will get back to you';
    if (language !== 'en') {
      return `Thank you for your message. So that nothing is misread, ${reply} personally.`;
    }
    switch (topic.reason) {
      case 'allergens':
        return labelled
          ? `Because allergies matter, ${reply} after checking with our bakers; I'd rather not promise more than what we've written down.`
          : `To be sure about ${topic.subject}, ${reply} after checking with our bakers; I'd rather not guess about allergens.`;
      case 'ingredients':
        return `${capitalize(reply)} about what goes into ${answered ? 'them' : 'our bakes'} after checking with our bakers.`;
      case 'medical':
        return /^(guarantee|promise|certify|assure|swear)/.test(topic.subject)
          ? `We can't make that promise from here, so ${reply} after checking with our bakers.`
          : `I can't answer health questions from here, so ${reply} after checking.`;
      case 'delivery':
        return `About delivery: ${reply} once they've checked what we can do.`;
      case 'customOrder':
        return `Thank you for thinking of us! ${capitalize(reply)} about what you have in mind.`;
      case 'complaint':
        return `I'm sorry to hear that. ${capitalize(reply)} to put it right.`;
      case 'refund':
        return `I'm sorry about that. ${capitalize(reply)} about your refund.`;
      case 'notUnderstood':
        return `Thank you for your message. I want to be sure I understand it, so ${reply} personally.`;
      default:
        return answered
          ? `About ${topic.subject}, ${reply}.`
          : `Thank you for your message. ${capitalize(reply)} about ${topic.subject}.`;
    }
  };

  return { item, unavailable, quote, dayHours, week, menu, labels, person };
}

const weekdayOrder = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function weekdayIndex(weekday: string): number {
  return weekdayOrder.indexOf(weekday);
}

function isPlural(name: string): boolean {
  return /[^s]s$/.test(name.trim());
}

function singularName(name: string): string {
  const words = name.trim().split(/\s+/);
  const last = words.pop() ?? '';
  return [...words, isPlural(name) ? singular(last) : last].join(' ');
}

function pluralName(name: string): string {
  if (isPlural(name)) return name;
  const words = name.trim().split(/\s+/);
  const last = words.pop() ?? '';
  let plural: string;
  if (/[^aeiou]y$/.test(last)) plural = `${last.slice(0, -1)}ies`;
  else if (/(?:[^f]f|fe)$/.test(last) && last.length > 3) plural = last.replace(/fe?$/, 'ves');
  else if (/(s|sh|ch|x|z)$/.test(last)) plural = `${last}es`;
  else plural = `${last}s`;
  return [...words, plural].join(' ');
}

function article(name: string): string {
  return /^[aeiou]/i.test(name) ? 'an' : 'a';
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function listWords(words: string[], joiner: 'and' | 'or' = 'and'): string {
  const kept = words.filter(Boolean);
  if (kept.length <= 1) return kept.join('');
  return `${kept.slice(0, -1).join(', ')} ${joiner} ${kept[kept.length - 1]}`;
}
