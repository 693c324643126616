import type { Allergen, DietaryTag } from '../../bakery/data';
import type { KnowledgeResult } from '../../bakery/tools';
import type { ToolCall } from '../../types';
import type { Frame, Reading } from './read/frame';
import type { PersonTopic } from './topics';
import type { DraftLanguage } from './understanding';
import { type BakedGood, bakedGoodWords } from './words';

/**
 * Why each call was made, so the draft can put its result in the right sentence. Every field is
 * a closed value: a menu name, a day as the tools take it, HH:MM, a number, an enum or a word
 * from the desk's own lists. None is the customer's text.
 */
export type Purpose =
  | { kind: 'person'; topic: PersonTopic; language: DraftLanguage }
  /** The owner's knowledge, searched for a topic a person would answer, or for unread words. */
  | { kind: 'knowledge'; topic: PersonTopic }
  /** An item's allergens, cross-contact, dietary tags and ingredients, for what was asked. */
  | {
      kind: 'labels';
      name: string;
      topic: PersonTopic;
      allergens: Allergen[];
      dietary: DietaryTag[];
    }
  /**
   * NEW: an allergy or dietary question about no item in particular ("which of your breads are
   * nut free?"): list_menu's result, worded as each item's recorded allergens and may-contain
   * (never "free of" an allergen the item's data does not rule out), for the writer to say.
   */
  | { kind: 'menuLabels'; topic: PersonTopic; allergens: Allergen[]; dietary: DietaryTag[] }
  | { kind: 'quote'; quantities: (number | null)[]; pickup: boolean }
  | { kind: 'item'; name: string }
  /**
   * A good from the desk's word list (`bakedGoodWords`), which the menu may not have: `name`
   * is the desk's own plural for it ("hot cross buns"), never the customer's words.
   */
  | { kind: 'offMenu'; good: BakedGood; name: (typeof bakedGoodWords)[BakedGood] }
  | { kind: 'menu'; lead: boolean }
  | { kind: 'dayHours'; day: string; time: string | null }
  | { kind: 'weekHours'; day: string };

export type PlannedCall = { call: ToolCall; purpose: Purpose };

export const markForPerson = 'mark_for_person';
export const searchKnowledge = 'search_knowledge';

/** Topics an item's own data may answer: what is in it, and what it may carry. */
const labelTopics = new Set(['allergens', 'ingredients']);

const languageNames: Record<DraftLanguage, string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  it: 'Italian',
  pt: 'Portuguese',
  nl: 'Dutch',
};

/** Topics where answering with prices would read as brushing the customer off. */
const answerNothingElse = new Set(['complaint', 'refund']);

/** What the coverage gate hands to a person, in the desk's words. */
export const unclearTopic: PersonTopic = {
  reason: 'notUnderstood',
  subject: 'something we need to check',
  note: 'Part of the question was not read by the offline drafter; the draft answers the rest.',
};

const conflictTopic: PersonTopic = {
  ...unclearTopic,
  note: 'The question gives two different days, times or quantities for one order.',
};

/** Adds calls in order, each with the next id. */
class Plan {
  readonly calls: PlannedCall[] = [];
  constructor(readonly language: DraftLanguage) {}
  add(name: string, input: unknown, purpose: Purpose): void {
    this.calls.push({ call: { id: `c${this.calls.length + 1}`, name, input }, purpose });
  }
  mark(topic: PersonTopic): void {
    this.add(
      markForPerson,
      { reason: topic.reason, note: topic.note.slice(0, 200) },
      { kind: 'person', topic, language: this.language },
    );
  }
  has(kind: Purpose['kind']): boolean {
    return this.calls.some((p) => p.purpose.kind === kind);
  }
}

/** Every lookup the question needs, asked in one turn. */
export function planCalls({ frame, unread, topicWords }: Reading): PlannedCall[] {
  const plan = new Plan(frame.language);
  if (frame.language !== 'en') {
    const name = languageNames[frame.language];
    plan.mark({
      reason: 'notUnderstood',
      subject: 'something we need to check',
      note: `Written in ${name}; the offline drafter reads English only.`,
    });
    return plan.calls;
  }
  if (frame.unclear.includes('nothingUnderstood')) {
    plan.mark({
      ...unclearTopic,
      note: 'The offline drafter found no item, day or question about hours or prices in it.',
    });
    return plan.calls;
  }
  if (frame.person && !planPerson(plan, frame, frame.person, topicWords)) return plan.calls;
  planOrder(plan, frame);
  planGate(plan, frame, unread);
  return plan.calls;
}

/**
 * A topic a person answers: the owner's knowledge first where it may answer, each item's labels
 * for an allergy or ingredients question (or every item's, when it names none). Whether the
 * question's other parts are answered too.
 */
function planPerson(
  plan: Plan,
  frame: Frame,
  person: PersonTopic,
  topicWords: readonly string[],
): boolean {
  const labelled = labelTopics.has(person.reason);
  const { allergens, dietary } = frame;
  // The owner's knowledge may answer it; only when it does not is a person asked (next turn).
  if (person.searchable && topicWords.length > 0) {
    const query = topicWords.join(' ');
    plan.add(searchKnowledge, { query }, { kind: 'knowledge', topic: person });
  } else if (!labelled || person.reason !== 'ingredients' || frame.items.length === 0) {
    plan.mark(person);
  }
  if (labelled) {
    for (const item of frame.items) {
      plan.add(
        'menu_item',
        { name: item.name },
        { kind: 'labels', name: item.name, topic: person, allergens, dietary },
      );
    }
    if (frame.items.length === 0 && (allergens.length > 0 || dietary.length > 0)) {
      plan.add('list_menu', {}, { kind: 'menuLabels', topic: person, allergens, dietary });
    }
  }
  if (answerNothingElse.has(person.reason) || person.subject === 'illness') return false;
  const { asks } = frame;
  return quotable(frame) || asks.price || asks.hours || asks.notice || asks.menu || asks.earliest;
}

/**
 * The coverage gate's plan: words left unread are searched in the owner's knowledge first (a
 * good match answers them; the next turn judges it); conflicts go to a person at once.
 */
function planGate(plan: Plan, frame: Frame, unread: readonly string[]): void {
  const conflicting = frame.unclear.some((part) => part.startsWith('conflicting'));
  if (conflicting && !plan.has('person')) plan.mark(conflictTopic);
  if (!frame.unclear.includes('unreadWords') || frame.person) return;
  plan.add(
    searchKnowledge,
    { query: unread.join(' ') },
    { kind: 'knowledge', topic: unclearTopic },
  );
}

function quotable(frame: Frame): boolean {
  const [pickupDay] = frame.days;
  return (
    frame.items.length > 0 &&
    (pickupDay !== undefined ||
      frame.asks.earliest ||
      frame.items.some((item) => item.quantity !== null && item.quantity > 1) ||
      (frame.items.length > 1 && frame.items.every((item) => item.quantity !== null)))
  );
}

/** The order, the goods the menu may lack, the menu and the hours asked about. */
function planOrder(plan: Plan, frame: Frame): void {
  const { asks, person } = frame;
  const [pickupDay] = frame.days;
  // A custom order is the person's to price; goods the menu lacks may be exactly what they make.
  const offMenu = person?.reason === 'customOrder' ? [] : frame.offMenu;
  // Delivery is the person's to arrange, so a quote prices the goods without a pickup.
  const pickup = person?.reason !== 'delivery' && pickupDay !== undefined;
  for (const good of offMenu) {
    const name = bakedGoodWords[good];
    plan.add('menu_item', { name }, { kind: 'offMenu', good, name });
  }
  if (pickup && frame.items.some((item) => item.day !== undefined)) {
    planPickups(plan, frame, pickupDay as string);
    return;
  }
  const canQuote = quotable(frame);
  if (canQuote) {
    plan.add(
      'quote_order',
      {
        items: frame.items.map((item) => ({ name: item.name, quantity: item.quantity ?? 1 })),
        day: pickup ? pickupDay : null,
        time: pickup && !frame.byTime ? frame.time : null,
      },
      { kind: 'quote', quantities: frame.items.map((item) => item.quantity), pickup },
    );
  } else {
    for (const item of frame.items) {
      plan.add('menu_item', { name: item.name }, { kind: 'item', name: item.name });
    }
  }
  const priceList = asks.price && frame.items.length === 0 && frame.days.length === 0;
  if (offMenu.length > 0 || asks.menu || priceList) {
    plan.add('list_menu', {}, { kind: 'menu', lead: offMenu.length > 0 });
  }
  planHours(plan, frame, canQuote);
}

/** Items wanted on different days are quoted one pickup at a time. */
function planPickups(plan: Plan, frame: Frame, pickupDay: string): void {
  const byDay = new Map<string, Frame['items']>();
  for (const item of frame.items) {
    const day = item.day ?? pickupDay;
    byDay.set(day, [...(byDay.get(day) ?? []), item]);
  }
  for (const [day, items] of byDay) {
    plan.add(
      'quote_order',
      {
        items: items.map((item) => ({ name: item.name, quantity: item.quantity ?? 1 })),
        day,
        time: frame.byTime ? null : frame.time,
      },
      { kind: 'quote', quantities: items.map((item) => item.quantity), pickup: true },
    );
  }
  for (const day of frame.days.filter((d) => !byDay.has(d))) {
    plan.add('opening_hours', { day }, { kind: 'dayHours', day, time: null });
  }
}

function planHours(plan: Plan, frame: Frame, quoted: boolean): void {
  const hoursDays = quoted ? frame.days.slice(1) : frame.days;
  const timeFree = quoted || frame.byTime ? null : frame.time;
  for (const day of hoursDays) {
    plan.add('opening_hours', { day }, { kind: 'dayHours', day, time: timeFree });
  }
  const askedNothingElse =
    plan.calls.every((p) =>
      ['person', 'knowledge', 'labels', 'menuLabels'].includes(p.purpose.kind),
    ) && frame.days.length === 0;
  if (frame.asks.hours && askedNothingElse && frame.items.length === 0) {
    for (const day of weekdays) {
      plan.add('opening_hours', { day }, { kind: 'weekHours', day });
    }
  }
}

const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The entries a search_knowledge result holds. */
export function knowledgeEntries(content: string): KnowledgeResult['entries'] {
  try {
    const parsed = JSON.parse(content) as Partial<KnowledgeResult>;
    return Array.isArray(parsed.entries) ? parsed.entries : [];
  } catch {
    return [];
  }
}
