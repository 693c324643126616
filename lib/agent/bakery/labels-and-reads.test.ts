import { describe, expect } from 'vitest';
import { exampleBakeryData, tuesdayMorning } from '@/tests/support/bakery-data';
import { scenario } from '@/tests/support/scenario';
import type { AnyTool, ToolOutcome } from '../core/tool';
import { factsReadOf } from '../facts-read';
import type { Step } from '../types';
import type { BakeryData, KnowledgeSearch } from './data';
import { bakeryTools } from './tools';

async function call(
  facts: BakeryData,
  name: string,
  input: unknown,
  searchKnowledge?: KnowledgeSearch,
): Promise<ToolOutcome> {
  const clock = { now: tuesdayMorning, askedAt: tuesdayMorning };
  const tool = bakeryTools(facts, clock, { searchKnowledge }).find(
    (t) => t.name === name,
  ) as AnyTool;
  const decoded = tool.decode(input);
  if (!decoded.ok) return decoded;
  return tool.run(decoded.value, { signal: new AbortController().signal });
}

const labelled = exampleBakeryData({
  menu: [
    {
      name: 'rye loaf',
      priceCents: 900,
      noticeDays: 1,
      available: true,
      description: null,
      allergens: ['wheat/gluten'],
      mayContain: ['sesame'],
      dietary: ['vegan'],
      ingredients: 'Rye flour, water, salt.',
    },
    { name: 'croissants', priceCents: 350, noticeDays: 0, available: true, description: null },
  ],
});

describe('labels and what each call read', () => {
  scenario(
    "An item's allergens, cross-contact, dietary tags and ingredients come from its data",
    async () => {
      expect(await call(labelled, 'menu_item', { name: 'Rye Loaf' })).toMatchObject({
        ok: true,
        data: {
          allergens: ['wheat/gluten'],
          mayContain: ['sesame'],
          dietary: ['vegan'],
          ingredients: 'Rye flour, water, salt.',
        },
      });
      const listed = await call(labelled, 'list_menu', {});
      expect(listed).toMatchObject({
        ok: true,
        data: {
          items: [
            { name: 'rye loaf', allergens: ['wheat/gluten'] },
            { name: 'croissants', allergens: null, mayContain: null, dietary: [] },
          ],
        },
      });
      // What the owner left blank is left out, not sent as null.
      const croissants = listed.ok ? (listed.data as { items: object[] }).items[1] : {};
      expect(croissants).not.toHaveProperty('ingredients');
      expect(croissants).not.toHaveProperty('description');
    },
  );

  scenario('Every call records the facts it read', async () => {
    const facts = exampleBakeryData();
    const readOf = async (name: string, input: unknown, search?: KnowledgeSearch) =>
      (await call(facts, name, input, search)).read;
    expect(await readOf('opening_hours', { day: 'Saturday' })).toEqual(['day:2026-12-05']);
    expect(await readOf('menu_item', { name: 'rye loaf' })).toEqual(['item:rye loaf']);
    expect(await readOf('menu_item', { name: 'croissants' })).toEqual(['menu']);
    expect(await readOf('list_menu', {})).toEqual(['menu']);
    // A pickup that works rests on the item and its day alone: no earliest pickup is offered.
    const quoted = await readOf('quote_order', {
      items: [{ name: 'rye loaf', quantity: 2 }],
      day: 'Saturday',
      time: null,
    });
    expect(quoted).toEqual(['item:rye loaf', 'day:2026-12-05']);
    // One too soon also rests on every day the earliest pickup looked at (Wednesday is first).
    const tooSoon = await readOf('quote_order', {
      items: [{ name: 'rye loaf', quantity: 2 }],
      day: 'today',
      time: null,
    });
    expect(tooSoon).toEqual(
      expect.arrayContaining(['item:rye loaf', 'day:2026-12-01', 'day:2026-12-02']),
    );
    expect(tooSoon).not.toContain('item:cinnamon buns');
    const found = await readOf('search_knowledge', { query: 'deliver' }, async () => [
      { id: 7, title: 'Delivery', answer: 'Within 3 miles.', tags: [] },
    ]);
    expect(found).toEqual(['knowledge', 'entry:7']);
    expect(await readOf('search_knowledge', { query: 'parking' })).toEqual(['knowledge']);

    const step = (callId: string, read: Step['result']['read']): Step => ({
      turn: 1,
      call: { id: callId, name: 'x', input: {} },
      result: { callId, content: '{}', isError: false, read },
      durationMs: 1,
    });
    expect(
      factsReadOf([step('a', ['item:rye loaf', 'menu']), step('b', ['menu', 'day:2026-12-05'])]),
    ).toEqual(['day:2026-12-05', 'item:rye loaf', 'menu']);
  });
});
