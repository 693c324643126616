import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { exampleBakeryData, tuesdayMorning } from '@/tests/support/bakery-data';
import type { BakeryData, KnowledgeHit } from '../agent/bakery/data';
import { bakeryTools } from '../agent/bakery/tools';
import { type Wording, wordingOf } from '../agent/bakery/wording';
import { executeCall } from '../agent/core/execute';
import { defineTool } from '../agent/core/tool';
import { type StoredCall, type TraceStep, traceStep, traceSummary } from './trace-sentences';

const usd: Wording = { locale: 'en-US', currency: 'USD' };
const euro: Wording = { locale: 'de-DE', currency: 'EUR' };
const germanBakery = (): BakeryData => ({
  ...exampleBakeryData(),
  locale: 'de-DE',
  currency: 'EUR',
});

const parking: KnowledgeHit = {
  id: 7,
  title: 'Parking and deliveries',
  answer: 'Park in the yard behind the shop.',
  tags: [],
};

/** A call run through the real tools on Tuesday 1 Dec 2026, 10:00, stored as a run keeps it. */
async function stored(
  name: string,
  input: unknown,
  { facts = exampleBakeryData(), knowledge = [] as KnowledgeHit[] } = {},
): Promise<StoredCall> {
  const clock = { now: tuesdayMorning, askedAt: tuesdayMorning };
  const tools = [
    ...bakeryTools(facts, clock, { searchKnowledge: async () => knowledge }),
    // Lookups that break, as a database error or a stalled search would.
    defineTool({
      name: 'search_knowledge_broken',
      description: '',
      schema: z.object({}),
      run: () => {
        throw new Error('database is locked');
      },
    }),
  ];
  const result = await executeCall({
    call: { id: 'call-1', name, input },
    tools,
    signal: new AbortController().signal,
    timeoutMs: 1000,
  });
  return {
    toolName: name,
    input: JSON.stringify(input),
    result: result.content,
    isError: result.isError,
    errorKind: result.errorKind ?? null,
  };
}

async function sentence(
  name: string,
  input: unknown,
  options: { facts?: BakeryData; knowledge?: KnowledgeHit[] } = {},
): Promise<TraceStep> {
  const wording = options.facts ? wordingOf(options.facts) : usd;
  return traceStep(await stored(name, input, options), { wording, today: '2026-12-01' });
}

const toolNames = [
  'opening_hours',
  'menu_item',
  'list_menu',
  'quote_order',
  'search_knowledge',
  'mark_for_person',
];
const fieldNames = [
  'noticeDays',
  'unitPrice',
  'lineTotal',
  'pickupWorks',
  'errorKind',
  'mayContain',
];

function expectPlain(step: TraceStep) {
  for (const word of [...toolNames, ...fieldNames, 'notFound', 'badInput', '{', '"']) {
    expect(step.sentence).not.toContain(word);
  }
}

describe('the trace in sentences', () => {
  it('words opening hours in the bakery locale, with closures and their notes', async () => {
    const saturday = await sentence('opening_hours', { day: 'Saturday' });
    expect(saturday).toEqual({
      sentence: 'Open on Saturday, December 5 from 8 am to 1 pm',
      outcome: 'done',
    });
    expect(await sentence('opening_hours', { day: 'Saturday' }, { facts: germanBakery() })).toEqual(
      { sentence: 'Open on Samstag, 5. Dezember from 8:00 to 13:00', outcome: 'done' },
    );
    expect((await sentence('opening_hours', { day: 'Monday' })).sentence).toBe(
      'Closed on Monday, December 7',
    );
    const christmas = exampleBakeryData({
      dateExceptions: [
        {
          date: '2026-12-24',
          closed: false,
          opens: '07:00',
          closes: '12:00',
          note: 'Christmas Eve',
        },
        { date: '2026-12-25', closed: true, opens: null, closes: null, note: null },
        { date: '2027-01-01', closed: true, opens: null, closes: null, note: "New Year's Day" },
      ],
    });
    expect(
      (await sentence('opening_hours', { day: '2026-12-24' }, { facts: christmas })).sentence,
    ).toBe('Open on Thursday, December 24 from 7 am to 12 pm (Christmas Eve)');
    expect(
      (await sentence('opening_hours', { day: '2026-12-25' }, { facts: christmas })).sentence,
    ).toBe('Closed on Friday, December 25');
    // Another year than the run's says its year.
    expect(
      (await sentence('opening_hours', { day: '2027-01-01' }, { facts: christmas })).sentence,
    ).toBe("Closed on Friday, January 1, 2027 (New Year's Day)");
    expectPlain(saturday);
  });

  it('says what a menu item costs and needs, and that an item is not on the menu without alarm', async () => {
    const rolls = await sentence('menu_item', { name: 'sourdough rolls' });
    expect(rolls).toEqual({
      sentence:
        "Looked up sourdough rolls: $1.50 each, 2 days' notice, contains wheat/gluten, may contain sesame, vegan, vegetarian, dairy-free",
      outcome: 'done',
    });
    expect(
      (await sentence('menu_item', { name: 'rye loaf' }, { facts: germanBakery() })).sentence,
    ).toBe(
      "Looked up rye loaf: 9,00 € each, 1 day's notice, contains wheat/gluten, may contain sesame and tree nuts, vegan, vegetarian, dairy-free",
    );
    const unrecorded = exampleBakeryData({
      menu: [
        {
          ...(exampleBakeryData().menu[0] as BakeryData['menu'][number]),
          allergens: null,
          mayContain: null,
          dietary: [],
          noticeDays: 0,
        },
      ],
    });
    expect(
      (await sentence('menu_item', { name: 'sourdough rolls' }, { facts: unrecorded })).sentence,
    ).toBe('Looked up sourdough rolls: $1.50 each, no notice needed, allergens not recorded');
    const croissants = await sentence('menu_item', { name: 'croissants' });
    expect(croissants).toEqual({
      sentence: 'Croissants are not on the menu',
      outcome: 'missing',
      missing: 'notOnMenu',
    });
    expect((await sentence('menu_item', { name: 'baguette' })).sentence).toBe(
      'Baguette is not on the menu',
    );
    const away = exampleBakeryData({
      menu: exampleBakeryData().menu.map((item) =>
        item.name === 'rye loaf' ? { ...item, available: false } : item,
      ),
    });
    expect(await sentence('menu_item', { name: 'Rye Loaves' }, { facts: away })).toEqual({
      sentence: 'Rye loaf is on the menu but not available now',
      outcome: 'missing',
      missing: 'notAvailable',
    });
    expectPlain(rolls);
    expectPlain(croissants);
  });

  it('counts the whole menu and names what is not available now', async () => {
    expect(await sentence('list_menu', {})).toEqual({
      sentence: 'Read the whole menu: 3 items',
      outcome: 'done',
    });
    const away = exampleBakeryData({
      menu: exampleBakeryData().menu.map((item) =>
        item.name === 'cinnamon buns' ? { ...item, available: false } : item,
      ),
    });
    expect((await sentence('list_menu', {}, { facts: away })).sentence).toBe(
      'Read the whole menu: 3 items, cinnamon buns not available now',
    );
  });

  it('words a quote with its pickup, the total and what stands in the way, in either locale', async () => {
    const order = {
      items: [{ name: 'sourdough rolls', quantity: 24 }],
      day: 'Saturday',
      time: '09:00',
    };
    const quote = await sentence('quote_order', order);
    expect(quote).toEqual({
      sentence: 'Quoted 24 sourdough rolls for Saturday, December 5 at 9 am: $36.00',
      outcome: 'done',
    });
    expect((await sentence('quote_order', order, { facts: germanBakery() })).sentence).toBe(
      'Quoted 24 sourdough rolls for Samstag, 5. Dezember at 9:00: 36,00 €',
    );
    expect(
      (
        await sentence('quote_order', {
          items: [
            { name: 'rye loaf', quantity: 2 },
            { name: 'cinnamon buns', quantity: 1 },
          ],
          day: null,
          time: null,
        })
      ).sentence,
    ).toBe(
      'Quoted 2 × rye loaf and 1 cinnamon buns: $22.00; earliest pickup Wednesday, December 2 at 7 am',
    );
    // Wednesday is too soon for two days' notice, and 6 pm is after closing.
    expect(
      (
        await sentence('quote_order', {
          items: [{ name: 'sourdough rolls', quantity: 12 }],
          day: 'Wednesday',
          time: '18:00',
        })
      ).sentence,
    ).toBe(
      'Quoted 12 sourdough rolls for Wednesday, December 2 at 6 pm: $18.00; that pickup does not work (it is outside opening hours and there is not enough notice); earliest pickup Thursday, December 3 at 7 am',
    );
    expect(
      await sentence('quote_order', {
        items: [
          { name: 'sourdough rolls', quantity: 24 },
          { name: 'croissants', quantity: 6 },
        ],
        day: 'Saturday',
        time: '09:00',
      }),
    ).toEqual({
      sentence: 'Could not quote: croissants are not on the menu',
      outcome: 'missing',
      missing: 'notOnMenu',
    });
    expectPlain(quote);
  });

  it('says what the knowledge search looked for and found, and finding nothing without alarm', async () => {
    const found = await sentence(
      'search_knowledge',
      { query: 'parking' },
      { knowledge: [parking] },
    );
    expect(found).toEqual({
      sentence: 'Looked in what the bakery knows for “parking”: found “Parking and deliveries”',
      outcome: 'done',
    });
    expect(await sentence('search_knowledge', { query: 'gift cards' })).toEqual({
      sentence: 'Looked in what the bakery knows for “gift cards”: nothing found',
      outcome: 'missing',
      missing: 'nothingKnown',
    });
    expectPlain(found);
  });

  it('says a question was handed to a person, and why, in words', async () => {
    const handed = await sentence('mark_for_person', {
      reason: 'customOrder',
      note: 'wedding cake for 80',
    });
    expect(handed).toEqual({
      sentence: 'Handed to a person: custom order, “wedding cake for 80”',
      outcome: 'handed',
    });
    expectPlain(handed);
  });

  it('marks input it could not read and lookups that broke as failures, naming neither', async () => {
    const badDay = await sentence('opening_hours', { day: 'someday' });
    expect(badDay).toEqual({
      sentence: 'Asked for the opening hours on “someday”, which is not a day the desk can read',
      outcome: 'failed',
    });
    expect(
      (
        await sentence('quote_order', {
          items: [{ name: 'rye loaf', quantity: 1 }],
          day: 'Friday',
          time: 'noonish',
        })
      ).sentence,
    ).toBe('Asked for a quote at “noonish”, which is not a time the desk can read');
    const noName = await sentence('menu_item', { item: 'rye' });
    expect(noName).toEqual({
      sentence: 'Asked for a menu item in a way the desk could not read',
      outcome: 'failed',
    });
    expect(await sentence('bake_a_cake', {})).toEqual({
      sentence: 'Asked for a lookup the desk does not have',
      outcome: 'failed',
    });
    const broken = traceStep(
      { ...(await stored('search_knowledge_broken', {})), toolName: 'search_knowledge' },
      { wording: usd },
    );
    expect(broken).toEqual({
      sentence: 'Looking up what the bakery knows failed; the draft was written without it',
      outcome: 'failed',
    });
    const stalled: StoredCall = {
      toolName: 'search_knowledge',
      input: '{"query":"parking"}',
      result: 'search_knowledge took longer than 5000 ms and was stopped. Answer without it.',
      isError: true,
      errorKind: 'unavailable',
    };
    expect(traceStep(stalled, { wording: euro })).toEqual({
      sentence: 'Looking up what the bakery knows took too long and was stopped',
      outcome: 'failed',
    });
    for (const step of [badDay, noName, broken]) expectPlain(step);
  });

  it('sums a run up in one line', async () => {
    const steps = [
      await sentence('menu_item', { name: 'sourdough rolls' }),
      await sentence('menu_item', { name: 'croissants' }),
      await sentence('search_knowledge', { query: 'parking' }),
      await sentence('opening_hours', { day: 'someday' }),
      await sentence('mark_for_person', { reason: 'other', note: 'check' }),
    ];
    expect(traceSummary(steps)).toBe(
      '4 lookups, 1 not on the menu, 1 with nothing known, 1 failed, handed to a person',
    );
    expect(traceSummary(steps.slice(0, 1))).toBe('1 lookup');
    expect(traceSummary([])).toBe('No lookups');
  });

  it('words a result of a shape it does not know generally, as runs of older releases kept them', () => {
    const kept = (toolName: string, result: string): StoredCall => ({
      toolName,
      input: '{"name":"birthday cake"}',
      result,
      isError: false,
      errorKind: null,
    });
    expect(traceStep(kept('menu_item', '{"price":"$45.00"}'), { wording: usd })).toEqual({
      sentence: 'Looked up a menu item',
      outcome: 'done',
    });
    expect(traceStep(kept('list_menu', '{"items":[{"name":7}]}'), { wording: usd })).toEqual({
      sentence: 'Looked up the menu',
      outcome: 'done',
    });
    expect(traceStep(kept('quote_order', '{"total":"$9.00"}'), { wording: usd })).toEqual({
      sentence: 'Looked up a quote',
      outcome: 'done',
    });
    expect(traceStep(kept('opening_hours', '[]'), { wording: usd })).toEqual({
      sentence: 'Looked up the opening hours',
      outcome: 'done',
    });
    expect(traceStep(kept('search_knowledge', '{"entries":"none"}'), { wording: usd })).toEqual({
      sentence: 'Looked up what the bakery knows',
      outcome: 'done',
    });
  });
});
