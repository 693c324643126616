import type { DayHours } from '../../bakery/facts';
import type { ItemResult, QuoteLine, QuoteResult } from '../../bakery/tools';
import type { ToolResult } from '../../types';
import type { PlannedCall } from './plan';

/**
 * Writes the draft from the tools' results alone: every price, time, date and rule in it was
 * returned by a tool. The customer's words only decide which sentences to write.
 */
export function writeDraft(
  planned: readonly PlannedCall[],
  results: readonly ToolResult[],
): string {
  const resultFor = (call: PlannedCall) => results.find((r) => r.callId === call.call.id);
  const data = <T>(call: PlannedCall): T | null => {
    const result = resultFor(call);
    return result && !result.isError ? (JSON.parse(result.content) as T) : null;
  };

  const sentences: string[] = [];
  const offMenu: string[] = [];
  let menu: ItemResult[] | null = null;
  const week: DayHours[] = [];
  const problems: string[] = [];

  for (const call of planned) {
    const result = resultFor(call);
    const purpose = call.purpose;
    switch (purpose.kind) {
      case 'offMenu':
        if (result?.errorKind === 'notFound') offMenu.push(purpose.name);
        else if (result && !result.isError) sentences.push(itemSentence(data<ItemResult>(call)));
        else if (result) problems.push(purpose.name);
        break;
      case 'item': {
        const item = data<ItemResult>(call);
        if (item) sentences.push(itemSentence(item));
        else if (result?.errorKind === 'unavailable') {
          sentences.push(`${capitalize(purpose.name)} isn't available at the moment, I'm sorry.`);
        } else problems.push(purpose.name);
        break;
      }
      case 'quote': {
        const quote = data<QuoteResult>(call);
        if (quote) sentences.push(...quoteSentences(quote, purpose.quantities));
        else if (result?.errorKind === 'unavailable') sentences.push(unavailableSentence(result));
        else problems.push('your order');
        break;
      }
      case 'menu':
        menu = data<{ items: ItemResult[] }>(call)?.items ?? null;
        break;
      case 'dayHours': {
        const hours = data<DayHours>(call);
        if (hours) sentences.push(dayHoursSentence(hours));
        break;
      }
      case 'weekHours': {
        const hours = data<DayHours>(call);
        if (hours) week.push(hours);
        break;
      }
    }
  }

  const paragraphs = ['Hi, thanks for getting in touch!'];
  if (offMenu.length > 0) {
    paragraphs.push(`I'm sorry, we don't make ${listWords(offMenu)}.`);
  }
  if (sentences.length > 0) paragraphs.push(sentences.join(' '));
  if (menu) {
    const available = menu.filter((item) => item.available);
    const lead = offMenu.length > 0 ? 'What we do have' : 'Our menu';
    paragraphs.push(
      available.length > 0
        ? `${lead}: ${listWords(available.map((item) => `${item.name} (${item.price})`))}.`
        : "Nothing on our menu is available at the moment, I'm sorry.",
    );
  }
  if (week.length > 0) paragraphs.push(weekSentence(week));
  if (problems.length > 0) {
    paragraphs.push(
      `I couldn't look up ${listWords(problems)} just now; we'll confirm those details.`,
    );
  }
  if (paragraphs.length === 1) {
    paragraphs.push(
      'Could you tell us which items you would like, and the day and time you would like to pick them up? We will get right back to you.',
    );
  }
  paragraphs.push('See you soon!');
  return paragraphs.join('\n\n');
}

function quoteSentences(quote: QuoteResult, quantities: (number | null)[]): string[] {
  const out: string[] = [];
  const given = quote.lines.filter((_, i) => quantities[i] !== null);
  for (const [i, line] of quote.lines.entries()) {
    out.push(
      quantities[i] === null
        ? priceSentence(line.item, line.unitPrice)
        : `${line.quantity} × ${line.item} at ${line.unitPrice} each comes to ${line.lineTotal}.`,
    );
  }
  if (given.length > 1 && given.length === quote.lines.length) {
    out.push(`That's ${quote.total} in total.`);
  }
  for (const line of quote.lines) out.push(noticeSentence(line, quote));
  if (quote.hours) out.push(pickupSentence(quote));
  return out;
}

function noticeSentence(line: QuoteLine, quote: QuoteResult): string {
  if (line.noticeDays === 0) return `We need no notice for ${line.item}.`;
  const notice = `We need ${days(line.noticeDays)} notice for ${line.item}`;
  if (line.lastDayToOrder === null || quote.pickup === null) return `${notice}.`;
  const last = `${line.lastDayToOrderWeekday} ${line.lastDayToOrder}`;
  const pickup = `${quote.pickup.weekday} ${quote.pickup.date}`;
  return line.enoughNotice
    ? `${notice}: for ${pickup} the last day to order is ${last}, so you're in time.`
    : `${notice}: for ${pickup} the last day to order was ${last}, so I'm afraid it's too late for that day.`;
}

function pickupSentence(quote: QuoteResult): string {
  const hours = quote.hours as DayHours;
  const when = `${hours.weekday} ${hours.date}`;
  if (!hours.open) {
    return `We're closed on ${when}${hours.exception ? ` (${hours.exception})` : ''}, so we can't do a pickup that day.`;
  }
  const open = `On ${when} we're open ${hours.opens} to ${hours.closes}${hours.exception ? ` (${hours.exception})` : ''}`;
  const time = quote.pickup?.time;
  if (!time || quote.openAtPickup === null) return `${open}.`;
  return quote.openAtPickup
    ? `${open}, so pickup at ${time} works.`
    : `${open}, so ${time} is outside our hours; could you come between ${hours.opens} and ${hours.closes}?`;
}

function itemSentence(item: ItemResult | null): string {
  if (!item) return '';
  const notice = item.noticeDays === 0 ? 'no notice' : `${days(item.noticeDays)} notice`;
  return `${priceSentence(item.name, item.price)} We need ${notice} for ${item.name}.`;
}

function unavailableSentence(result: ToolResult): string {
  const name = /^(.+?) is on the menu/.exec(result.content)?.[1];
  return name
    ? `${capitalize(name)} isn't available at the moment, I'm sorry.`
    : "Something in that order isn't available at the moment, I'm sorry.";
}

function dayHoursSentence(hours: DayHours): string {
  const note = hours.exception ? ` (${hours.exception})` : '';
  if (hours.exception === null) {
    return hours.open
      ? `On ${hours.weekday}s we're open ${hours.opens} to ${hours.closes}.`
      : `We're closed on ${hours.weekday}s.`;
  }
  const when = `${hours.weekday} ${hours.date}`;
  return hours.open
    ? `On ${when} we're open ${hours.opens} to ${hours.closes}${note}.`
    : `We're closed on ${when}${note}.`;
}

/** "Monday closed; Tuesday to Friday 07:00 to 15:00; …", grouping days with the same hours. */
function weekSentence(week: DayHours[]): string {
  const label = (h: DayHours) => {
    const usual = h.usual;
    return usual ? `${usual.opens} to ${usual.closes}` : 'closed';
  };
  const groups: { from: string; to: string; hours: string }[] = [];
  for (const day of week) {
    const last = groups[groups.length - 1];
    if (last && last.hours === label(day)) last.to = day.weekday;
    else groups.push({ from: day.weekday, to: day.weekday, hours: label(day) });
  }
  const parts = groups.map(
    (g) => `${g.from === g.to ? g.from : `${g.from} to ${g.to}`} ${g.hours}`,
  );
  const exceptions = week
    .filter((d) => d.exception !== null)
    .map((d) => dayHoursSentence(d))
    .join(' ');
  return `Our hours: ${parts.join('; ')}.${exceptions ? ` ${exceptions}` : ''}`;
}

function days(n: number): string {
  return n === 1 ? "1 day's" : `${n} days'`;
}

function priceSentence(name: string, price: string): string {
  const plural = /[^s]s$/.test(name);
  return plural ? `${capitalize(name)} are ${price} each.` : `A ${name} is ${price}.`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function listWords(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}
