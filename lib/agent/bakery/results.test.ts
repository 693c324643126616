import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { exampleBakeryData, tuesdayMorning } from '@/tests/support/bakery-data';
import { executeCall } from '../core/execute';
import { defineTool, ok } from '../core/tool';
import type { ToolCall } from '../types';
import type { BakeryData } from './data';
import { quoteResultSchema } from './results';
import { bakeryTools } from './tools';

const clock = { now: tuesdayMorning, askedAt: tuesdayMorning };

function execute(call: Omit<ToolCall, 'id'>, facts: BakeryData = exampleBakeryData()) {
  const searchKnowledge = async () => [
    { id: 1, title: 'Payment', answer: 'Cards and cash.', tags: [] },
  ];
  return executeCall({
    call: { id: 'c1', ...call },
    tools: bakeryTools(facts, clock, { searchKnowledge }),
    signal: new AbortController().signal,
    timeoutMs: 1000,
  });
}

describe("the tools' typed results", () => {
  it.each([
    { name: 'opening_hours', input: { day: 'Saturday' } },
    { name: 'menu_item', input: { name: 'rye loaf' } },
    { name: 'list_menu', input: {} },
    { name: 'search_knowledge', input: { query: 'pay by card' } },
    {
      name: 'quote_order',
      input: { items: [{ name: 'cinnamon buns', quantity: 6 }], day: 'Friday', time: '10:00' },
    },
    {
      name: 'quote_order',
      input: { items: [{ name: 'rye loaf', quantity: 2 }], day: null, time: null },
    },
    { name: 'mark_for_person', input: { reason: 'delivery', note: 'To the office.' } },
  ])('$name carries beside its prose the same result as typed data', async (call) => {
    const result = await execute(call);
    expect(result.isError).toBe(false);
    expect(result.data).toBeDefined();
    // The model's prose is the data as JSON, unchanged; the typed value says the same.
    expect(JSON.parse(result.content)).toEqual(result.data);
  });

  it('a quote is typed down to its problems and its earliest pickup', async () => {
    const result = await execute({
      name: 'quote_order',
      input: { items: [{ name: 'sourdough rolls', quantity: 24 }], day: 'tomorrow', time: null },
    });
    const quote = quoteResultSchema.parse(result.data);
    expect(quote.problems).toEqual(['shortNotice']);
    expect(quote.earliestPickup).toMatchObject({ date: '2026-12-03', weekday: 'Thursday' });
  });

  it('an item not available now is named in the failure data, by its menu name', async () => {
    const facts = exampleBakeryData();
    facts.menu = facts.menu.map((item) => ({ ...item, available: item.name !== 'rye loaf' }));
    const one = await execute({ name: 'menu_item', input: { name: 'Rye Loaves' } }, facts);
    expect(one).toMatchObject({ isError: true, errorKind: 'unavailable' });
    expect(one.data).toEqual({ unavailable: ['rye loaf'] });
    const all = await execute(
      {
        name: 'quote_order',
        input: { items: [{ name: 'rye loaves', quantity: 2 }], day: null, time: null },
      },
      facts,
    );
    expect(all.data).toEqual({ unavailable: ['rye loaf'] });
    const missing = await execute({ name: 'menu_item', input: { name: 'croissants' } }, facts);
    expect(missing).toMatchObject({ isError: true, errorKind: 'notFound' });
    expect(missing.data).toBeUndefined();
  });

  it('a tool whose result breaks its own output schema fails instead of passing it on', async () => {
    const broken = defineTool({
      name: 'broken',
      description: 'Returns a price as a number where text is promised.',
      schema: z.object({}),
      output: z.object({ price: z.string() }),
      run: () => ok({ price: 9 }),
    });
    const result = await executeCall({
      call: { id: 'c1', name: 'broken', input: {} },
      tools: [broken],
      signal: new AbortController().signal,
      timeoutMs: 1000,
    });
    expect(result).toMatchObject({ isError: true, errorKind: 'unavailable' });
    expect(result.data).toBeUndefined();
    expect(result.content).toContain('broken');
  });
});
