import { weekdayNames } from '../../bakery/calendar';
import type { ItemResult, KnowledgeResult } from '../../bakery/tools';
import type { ToolCall, ToolResult } from '../../types';
import type { Reading } from './read-question';
import type { PersonTopic } from './topics';

/** Why each call was made, so the draft can put its result in the right sentence. */
export type Purpose =
  | { kind: 'person'; topic: PersonTopic; language: Reading['language'] }
  /** The owner's knowledge, searched by the words that raised a topic a person would answer. */
  | { kind: 'knowledge'; topic: PersonTopic }
  /** An item's allergens, cross-contact, dietary tags and ingredients, for what was asked. */
  | {
      kind: 'labels';
      name: string;
      topic: PersonTopic;
      allergens: Reading['allergens'];
      dietary: Reading['dietary'];
    }
  | { kind: 'quote'; quantities: (number | null)[]; pickup: boolean }
  | { kind: 'item'; name: string }
  | { kind: 'offMenu'; name: string }
  | { kind: 'menu'; lead: boolean }
  | { kind: 'dayHours'; day: string; time: string | null }
  | { kind: 'weekHours'; day: string };

export type PlannedCall = { call: ToolCall; purpose: Purpose };

export const markForPerson = 'mark_for_person';
export const searchKnowledge = 'search_knowledge';

/** Topics an entry explains but a person still arranges: the address, the cake itself. */
const toArrange = new Set(['delivery', 'customOrder']);

/** Topics an item's own data may answer: what is in it, and what it may carry. */
const labelTopics = new Set(['allergens', 'ingredients']);

const languageNames = { en: 'English', es: 'Spanish', fr: 'French' } as const;

/** Topics where answering with prices would read as brushing the customer off. */
const answerNothingElse = new Set(['complaint', 'refund']);

/**
 * What the first turn's results leave for a person: a topic the owner's knowledge did not
 * answer, a custom order (the entry says the terms; a person takes the details), or what goes
 * into an item whose data is not recorded. At most one mark, asked in a second turn.
 */
export function followUpCalls(
  planned: readonly PlannedCall[],
  results: readonly ToolResult[],
  language: Reading['language'],
): PlannedCall[] {
  if (planned.some((p) => p.purpose.kind === 'person')) return [];
  const resultOf = (p: PlannedCall) => results.find((r) => r.callId === p.call.id);
  let topic: PersonTopic | null = null;
  for (const p of planned) {
    const result = resultOf(p);
    if (p.purpose.kind === 'knowledge') {
      const { topic: asked } = p.purpose;
      const entries = result && !result.isError ? knowledgeEntries(result.content) : [];
      if (entries.length === 0) {
        topic = { ...asked, note: `${asked.note} Nothing the bakery wrote answers it.` };
      } else if (toArrange.has(asked.reason)) {
        topic = {
          ...asked,
          note: `${asked.note} The draft quotes "${entries[0]?.title}"; a person arranges it.`,
        };
      }
    }
    if (p.purpose.kind === 'labels' && p.purpose.topic.reason === 'ingredients') {
      const item = result && !result.isError ? (JSON.parse(result.content) as ItemResult) : null;
      // The data answers a dietary tag; anything finer (which flour, seeds on top, kosher) is a
      // person's, with the recorded ingredients already in the draft.
      const dataAnswers = p.purpose.dietary.length > 0;
      if (!item || item.allergens === null || item.ingredients === undefined || !dataAnswers) {
        topic = p.purpose.topic;
      }
    }
    if (topic) break;
  }
  if (!topic) return [];
  const id = `c${planned.length + 1}`;
  return [
    {
      call: {
        id,
        name: markForPerson,
        input: { reason: topic.reason, note: topic.note.slice(0, 200) },
      },
      purpose: { kind: 'person', topic, language },
    },
  ];
}

/** The entries a search_knowledge result holds. */
export function knowledgeEntries(content: string): KnowledgeResult['entries'] {
  try {
    const parsed = JSON.parse(content) as Partial<KnowledgeResult>;
    return Array.isArray(parsed.entries) ? parsed.entries : [];
  } catch {
    return [];
  }
}

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
    const labelled = labelTopics.has(person.reason) && reading.items.length > 0;
    // The owner's knowledge may answer it; only when it does not is a person asked (next turn).
    if (person.search)
      add(searchKnowledge, { query: person.search }, { kind: 'knowledge', topic: person });
    // What goes into a named item is read from its data; a person checks allergies regardless.
    else if (!labelled || person.reason !== 'ingredients') mark(person);
    if (labelled) {
      for (const item of reading.items) {
        add(
          'menu_item',
          { name: item.name },
          {
            kind: 'labels',
            name: item.name,
            topic: person,
            allergens: reading.allergens,
            dietary: reading.dietary,
          },
        );
      }
    }
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
    planned.every((p) => ['person', 'knowledge', 'labels'].includes(p.purpose.kind)) &&
    reading.days.length === 0;
  if (asks.hours && askedNothingElse && reading.items.length === 0) {
    for (const day of weekdayNames) add('opening_hours', { day }, { kind: 'weekHours', day });
  }
  return planned;
}
