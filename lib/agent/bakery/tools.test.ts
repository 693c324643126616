import { describe, expect } from 'vitest';
import { exampleBakeryData, tuesdayMorning } from '@/tests/support/bakery-data';
import { scenario } from '@/tests/support/scenario';
import type { AnyTool, JsonSchema } from '../core/tool';
import type { BakeryData } from './data';
import { bakeryTools } from './tools';

async function call(facts: BakeryData, name: string, input: unknown) {
  const tool = bakeryTools(facts, { now: tuesdayMorning, askedAt: tuesdayMorning }).find(
    (t) => t.name === name,
  ) as AnyTool;
  const decoded = tool.decode(input);
  if (!decoded.ok) return decoded;
  return tool.run(decoded.value, { signal: new AbortController().signal });
}

describe("the bakery's tools", () => {
  scenario('Opening hours honour date exceptions', async () => {
    const facts = exampleBakeryData({
      dateExceptions: [
        {
          date: '2026-12-24',
          closed: false,
          opens: '07:00',
          closes: '12:00',
          note: 'Christmas Eve',
        },
        { date: '2026-12-25', closed: true, opens: null, closes: null, note: 'Christmas Day' },
      ],
    });
    expect(await call(facts, 'opening_hours', { day: '2026-12-24' })).toMatchObject({
      ok: true,
      data: { open: true, opens: '07:00', closes: '12:00', exception: 'Christmas Eve' },
    });
    expect(await call(facts, 'opening_hours', { day: '2026-12-25' })).toMatchObject({
      ok: true,
      data: { open: false, opens: null, exception: 'Christmas Day', usual: { opens: '07:00' } },
    });
    expect(await call(facts, 'opening_hours', { day: '2026-12-23' })).toMatchObject({
      ok: true,
      data: { weekday: 'Wednesday', open: true, closes: '15:00', exception: null },
    });
  });

  scenario('A day that is not a day is bad input naming the accepted values', async () => {
    const outcome = await call(exampleBakeryData(), 'opening_hours', { day: 'Saturday morning' });
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'badInput' } });
    const message = outcome.ok ? '' : outcome.failure.message;
    expect(message).toContain('Saturday morning');
    expect(message).toContain('Monday');
    expect(message).toContain('YYYY-MM-DD');
    expect(await call(exampleBakeryData(), 'opening_hours', { day: '2026-02-30' })).toMatchObject({
      ok: false,
    });
  });

  scenario('A menu item is found forgivingly', async () => {
    for (const name of ['  Sourdough roll ', 'SOURDOUGH ROLLS', 'sourdough rols']) {
      expect(await call(exampleBakeryData(), 'menu_item', { name })).toMatchObject({
        ok: true,
        data: { name: 'sourdough rolls', price: '$1.50', priceCents: 150, noticeDays: 2 },
      });
    }
    expect(await call(exampleBakeryData(), 'menu_item', { name: 'rye loaves' })).toMatchObject({
      ok: true,
      data: { name: 'rye loaf' },
    });
  });

  scenario('An unavailable item is reported as not currently available', async () => {
    const facts = exampleBakeryData();
    facts.menu = facts.menu.map((item) =>
      item.name === 'rye loaf' ? { ...item, available: false } : item,
    );
    const outcome = await call(facts, 'menu_item', { name: 'rye loaf' });
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'unavailable' } });
    expect(outcome.ok ? '' : outcome.failure.message).toContain('not currently available');
    expect(
      await call(facts, 'quote_order', {
        items: [{ name: 'rye loaf', quantity: 1 }],
        day: 'Friday',
        time: null,
      }),
    ).toMatchObject({ ok: false, failure: { kind: 'unavailable' } });
  });

  scenario('The quote does the arithmetic', async () => {
    const outcome = await call(exampleBakeryData(), 'quote_order', {
      items: [
        { name: 'sourdough rolls', quantity: 24 },
        { name: 'Rye Loaf', quantity: 1 },
      ],
      day: 'saturday',
      time: '9:00',
    });
    expect(outcome).toMatchObject({
      ok: true,
      data: {
        today: '2026-12-01',
        pickup: { date: '2026-12-05', weekday: 'Saturday', time: '09:00' },
        openAtPickup: true,
        total: '$45.00',
        totalCents: 4500,
        enoughNotice: true,
        lines: [
          {
            item: 'sourdough rolls',
            quantity: 24,
            unitPrice: '$1.50',
            lineTotal: '$36.00',
            noticeDays: 2,
            lastDayToOrder: '2026-12-03',
            lastDayToOrderWeekday: 'Thursday',
            enoughNotice: true,
          },
          {
            item: 'rye loaf',
            lineTotal: '$9.00',
            lastDayToOrder: '2026-12-04',
            enoughNotice: true,
          },
        ],
      },
    });
    // Too soon, and at a closed hour: today 16:00 for rolls that need two days.
    expect(
      await call(exampleBakeryData(), 'quote_order', {
        items: [{ name: 'sourdough rolls', quantity: 2 }],
        day: 'today',
        time: '16:00',
      }),
    ).toMatchObject({
      ok: true,
      data: {
        openAtPickup: false,
        enoughNotice: false,
        lines: [{ lastDayToOrder: '2026-11-29', enoughNotice: false }],
      },
    });
    // A closed day is never open, and an item the menu lacks is notFound.
    expect(
      await call(exampleBakeryData(), 'quote_order', {
        items: [{ name: 'rye loaf', quantity: 1 }],
        day: 'Monday',
        time: '10:00',
      }),
    ).toMatchObject({ ok: true, data: { openAtPickup: false, hours: { open: false } } });
    expect(
      await call(exampleBakeryData(), 'quote_order', {
        items: [{ name: 'croissants', quantity: 6 }],
        day: null,
        time: null,
      }),
    ).toMatchObject({ ok: false, failure: { kind: 'notFound' } });
  });

  scenario("Every tool's schema is strict", () => {
    const closed = (schema: JsonSchema): boolean => {
      if (schema.type === 'object') {
        const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
        if (schema.additionalProperties !== false) return false;
        if (JSON.stringify(schema.required) !== JSON.stringify(Object.keys(properties)))
          return false;
        return Object.values(properties).every(closed);
      }
      if (schema.type === 'array') return closed(schema.items as JsonSchema);
      const anyOf = (schema.anyOf ?? []) as JsonSchema[];
      return anyOf.every(closed);
    };
    const tools = bakeryTools(exampleBakeryData(), {
      now: tuesdayMorning,
      askedAt: tuesdayMorning,
    });
    expect(tools.map((t) => t.name)).toEqual([
      'opening_hours',
      'menu_item',
      'list_menu',
      'quote_order',
      'mark_for_person',
    ]);
    for (const tool of tools) {
      expect(closed(tool.inputSchema), tool.name).toBe(true);
      expect(tool.inputSchema.$schema).toBeUndefined();
    }
  });
});
