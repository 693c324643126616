import { weekdayNames } from '../../bakery/calendar';
import type { ToolCall } from '../../types';
import type { Reading } from './read-question';
import type { PersonTopic } from './topics';

/** Why each call was made, so the draft can put its result in the right sentence. */
export type Purpose =
  | { kind: 'person'; topic: PersonTopic; language: Reading['language'] }
  | { kind: 'quote'; quantities: (number | null)[]; pickup: boolean }
  | { kind: 'item'; name: string }
  | { kind: 'offMenu'; name: string }
  | { kind: 'menu'; lead: boolean }
  | { kind: 'dayHours'; day: string; time: string | null }
  | { kind: 'weekHours'; day: string };

export type PlannedCall = { call: ToolCall; purpose: Purpose };

export const markForPerson = 'mark_for_person';

const languageNames = { en: 'English', es: 'Spanish', fr: 'French' } as const;

/** Topics where answering with prices would read as brushing the customer off. */
const answerNothingElse = new Set(['complaint', 'refund']);

/** Every lookup the question needs, asked in one turn. */
export function planCalls(reading: Reading): PlannedCall[] {
  const planned: PlannedCall[] = [];
  const add = (name: string, input: unknown, purpose: Purpose) =>
    planned.push({ call: { id: `c${planned.length + 1}`, name, input }, purpose });
  const mark = (topic: PersonTopic) =>
    add(
      markForPerson,
      { reason: topic.reason, note: topic.note },
      { kind: 'person', topic, language: reading.language },
    );

  if (reading.language !== 'en') {
    mark({
      reason: 'notUnderstood',
      subject: languageNames[reading.language],
      note: `Written in ${languageNames[reading.language]}; the offline drafter reads English only.`,
    });
    return planned;
  }

  const { asks, person } = reading;
  const [pickupDay] = reading.days;
  const quotable =
    reading.items.length > 0 &&
    (pickupDay !== undefined ||
      asks.earliest ||
      reading.items.some((item) => item.quantity !== null && item.quantity > 1) ||
      (reading.items.length > 1 && reading.items.every((item) => item.quantity !== null)));
  const understood =
    reading.items.length > 0 ||
    reading.offMenu.length > 0 ||
    reading.days.length > 0 ||
    reading.time !== null ||
    asks.hours ||
    asks.price ||
    asks.menu ||
    asks.notice ||
    asks.earliest;

  if (person) {
    mark(person);
    const asked = quotable || asks.price || asks.hours || asks.notice || asks.menu || asks.earliest;
    if (answerNothingElse.has(person.reason) || !asked) return planned;
  } else if (!understood) {
    mark({
      reason: 'notUnderstood',
      subject: '',
      note: 'The offline drafter found no item, day or question about hours or prices in it.',
    });
    return planned;
  }

  // A custom order is the person's to price; goods the menu lacks may be exactly what they make.
  const offMenu = person?.reason === 'customOrder' ? [] : reading.offMenu;
  // Delivery is the person's to arrange, so a quote prices the goods without a pickup.
  const pickup = person?.reason !== 'delivery' && pickupDay !== undefined;

  for (const name of offMenu) add('menu_item', { name }, { kind: 'offMenu', name });
  // Items wanted on different days are quoted one pickup at a time.
  if (pickup && reading.items.some((item) => item.day !== undefined)) {
    const byDay = new Map<string, Reading['items']>();
    for (const item of reading.items) {
      const day = item.day ?? (pickupDay as string);
      byDay.set(day, [...(byDay.get(day) ?? []), item]);
    }
    for (const [day, items] of byDay) {
      add(
        'quote_order',
        {
          items: items.map((item) => ({ name: item.name, quantity: item.quantity ?? 1 })),
          day,
          time: reading.byTime ? null : reading.time,
        },
        { kind: 'quote', quantities: items.map((item) => item.quantity), pickup: true },
      );
    }
    for (const day of reading.days.filter((d) => !byDay.has(d))) {
      add('opening_hours', { day }, { kind: 'dayHours', day, time: null });
    }
    return planned;
  }
  if (quotable) {
    add(
      'quote_order',
      {
        items: reading.items.map((item) => ({ name: item.name, quantity: item.quantity ?? 1 })),
        day: pickup ? pickupDay : null,
        time: pickup && !reading.byTime ? reading.time : null,
      },
      { kind: 'quote', quantities: reading.items.map((item) => item.quantity), pickup },
    );
  } else {
    for (const item of reading.items)
      add('menu_item', { name: item.name }, { kind: 'item', name: item.name });
  }
  const priceList = asks.price && reading.items.length === 0 && reading.days.length === 0;
  if (offMenu.length > 0 || asks.menu || priceList) {
    add('list_menu', {}, { kind: 'menu', lead: offMenu.length > 0 });
  }

  const hoursDays = quotable ? reading.days.slice(1) : reading.days;
  const timeFree = quotable || reading.byTime ? null : reading.time;
  for (const day of hoursDays) {
    add('opening_hours', { day }, { kind: 'dayHours', day, time: timeFree });
  }
  const askedNothingElse =
    planned.every((p) => p.purpose.kind === 'person') && reading.days.length === 0;
  if (asks.hours && askedNothingElse && reading.items.length === 0) {
    for (const day of weekdayNames) add('opening_hours', { day }, { kind: 'weekHours', day });
  }
  return planned;
}
