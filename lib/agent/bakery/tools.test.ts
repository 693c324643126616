import { describe, expect } from 'vitest';
import { exampleBakeryData, tuesdayMorning } from '@/tests/support/bakery-data';
import { scenario } from '@/tests/support/scenario';
import type { AnyTool, JsonSchema } from '../core/tool';
import { zonedInstant } from './calendar';
import type { BakeryData, Clock } from './data';
import { bakeryTools } from './tools';

/** The bakery's wall clock, in New York, as an instant. */
const at = (date: string, time: string) => zonedInstant(date, time, exampleBakeryData().timezone);

async function call(
  facts: BakeryData,
  name: string,
  input: unknown,
  clock: Clock = { now: tuesdayMorning, askedAt: tuesdayMorning },
) {
  const tool = bakeryTools(facts, clock).find((t) => t.name === name) as AnyTool;
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
    // An ordinary day's hours are its usual hours: neither is said twice.
    expect(await call(facts, 'opening_hours', { day: '2026-12-23' })).toEqual({
      ok: true,
      data: {
        date: '2026-12-23',
        weekday: 'Wednesday',
        open: true,
        opens: '07:00',
        closes: '15:00',
      },
      read: ['day:2026-12-23'],
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
        data: { name: 'sourdough rolls', price: '$1.50', noticeDays: 2 },
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
    // A pickup that works: the lines, the total and the day, and nothing a reply would not use.
    expect(outcome).toMatchObject({
      ok: true,
      data: {
        lines: [
          {
            item: 'sourdough rolls',
            quantity: 24,
            unitPrice: '$1.50',
            lineTotal: '$36.00',
            noticeDays: 2,
            orderBy: { date: '2026-12-03', weekday: 'Thursday' },
          },
          { item: 'rye loaf', lineTotal: '$9.00', orderBy: { date: '2026-12-04' } },
        ],
        total: '$45.00',
        pickup: {
          date: '2026-12-05',
          weekday: 'Saturday',
          time: '09:00',
          open: true,
          opens: '08:00',
          closes: '13:00',
        },
        pickupWorks: true,
      },
    });
    const works = outcome.ok ? (outcome.data as Record<string, unknown>) : {};
    expect(Object.keys(works)).toEqual(['lines', 'total', 'pickup', 'pickupWorks']);
    expect((works.lines as object[])[0]).not.toHaveProperty('shortNotice');
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
        pickupWorks: false,
        problems: ['outsideHours', 'shortNotice'],
        lines: [{ orderBy: { date: '2026-11-29', weekday: 'Sunday' }, shortNotice: true }],
        earliestPickup: { date: '2026-12-03' },
      },
    });
    // A closed day is never open, and an item the menu lacks is notFound.
    expect(
      await call(exampleBakeryData(), 'quote_order', {
        items: [{ name: 'rye loaf', quantity: 1 }],
        day: 'Monday',
        time: '10:00',
      }),
    ).toMatchObject({
      ok: true,
      data: { pickup: { open: false, opens: null }, pickupWorks: false, problems: ['closed'] },
    });
    expect(
      await call(exampleBakeryData(), 'quote_order', {
        items: [{ name: 'croissants', quantity: 6 }],
        day: null,
        time: null,
      }),
    ).toMatchObject({ ok: false, failure: { kind: 'notFound' } });
  });

  scenario(
    'A pickup time earlier today has already passed, and the quote offers the earliest that works',
    async () => {
      // Tuesday 10:00: 07:30 today is gone, and a cinnamon bun needs a day's notice anyway.
      const outcome = await call(exampleBakeryData(), 'quote_order', {
        items: [{ name: 'cinnamon buns', quantity: 1 }],
        day: 'today',
        time: '07:30',
      });
      expect(outcome).toMatchObject({
        ok: true,
        data: {
          pickup: { date: '2026-12-01', time: '07:30' },
          pickupWorks: false,
          problems: ['passed', 'shortNotice'],
          earliestPickup: { date: '2026-12-02', weekday: 'Wednesday', time: '07:00' },
        },
      });
      // No notice needed: later today, on the next quarter hour.
      const facts = exampleBakeryData();
      facts.menu = facts.menu.map((item) => ({ ...item, noticeDays: 0 }));
      expect(
        await call(facts, 'quote_order', {
          items: [{ name: 'rye loaf', quantity: 1 }],
          day: 'today',
          time: '09:00',
        }),
      ).toMatchObject({
        ok: true,
        data: { problems: ['passed'], earliestPickup: { date: '2026-12-01', time: '10:15' } },
      });
    },
  );

  scenario(
    'Short notice says the asked day does not work and when the earliest pickup is',
    async () => {
      const outcome = await call(exampleBakeryData(), 'quote_order', {
        items: [{ name: 'rye loaf', quantity: 2 }],
        day: 'today',
        time: '13:00',
      });
      expect(outcome).toMatchObject({
        ok: true,
        data: {
          total: '$18.00',
          pickupWorks: false,
          problems: ['shortNotice'],
          earliestPickup: { date: '2026-12-02', time: '07:00', opens: '07:00', closes: '15:00' },
        },
      });
      // The earliest pickup skips closed days and date exceptions: two days' notice from
      // Friday lands on Sunday (closed), then Monday (closed), then Tuesday, a holiday here.
      const facts = exampleBakeryData({
        dateExceptions: [
          { date: '2026-12-08', closed: true, opens: null, closes: null, note: 'Holiday' },
        ],
      });
      const friday = at('2026-12-04', '10:00');
      expect(
        await call(
          facts,
          'quote_order',
          { items: [{ name: 'sourdough rolls', quantity: 12 }], day: null, time: null },
          { now: friday, askedAt: friday },
        ),
      ).toMatchObject({ ok: true, data: { earliestPickup: { date: '2026-12-09' } } });
    },
  );

  scenario(
    'Relative days are read as of when the question arrived, and pickups judged as of now',
    async () => {
      // Asked Friday 23:55, drafted Saturday 00:20: "tomorrow" is still Saturday.
      const clock = { askedAt: at('2026-12-04', '23:55'), now: at('2026-12-05', '00:20') };
      expect(
        await call(exampleBakeryData(), 'opening_hours', { day: 'tomorrow' }, clock),
      ).toMatchObject({
        ok: true,
        data: { date: '2026-12-05', weekday: 'Saturday', opens: '08:00' },
      });
      // Notice is counted from now: on Saturday a rye loaf for Saturday is too late.
      expect(
        await call(
          exampleBakeryData(),
          'quote_order',
          { items: [{ name: 'rye loaf', quantity: 1 }], day: 'tomorrow', time: '10:00' },
          clock,
        ),
      ).toMatchObject({
        ok: true,
        data: {
          pickup: { date: '2026-12-05' },
          problems: ['shortNotice'],
          earliestPickup: { date: '2026-12-08' },
        },
      });
      // A day that has gone by is passed, not an error.
      const monday = at('2026-12-07', '09:00');
      expect(
        await call(
          exampleBakeryData(),
          'quote_order',
          { items: [{ name: 'rye loaf', quantity: 1 }], day: '2026-12-05', time: null },
          { askedAt: monday, now: monday },
        ),
      ).toMatchObject({ ok: true, data: { problems: ['passed', 'shortNotice'] } });
      // "next Friday" is the Friday of the following week; "this Friday" the coming one.
      expect(
        await call(exampleBakeryData(), 'opening_hours', { day: 'next Friday' }),
      ).toMatchObject({
        ok: true,
        data: { date: '2026-12-11' },
      });
      expect(
        await call(exampleBakeryData(), 'opening_hours', { day: 'this Friday' }),
      ).toMatchObject({
        ok: true,
        data: { date: '2026-12-04' },
      });
    },
  );

  scenario('A weekday asked on that day after closing is the next one', async () => {
    const afterClosing = at('2026-12-05', '14:00');
    const clock = { now: afterClosing, askedAt: afterClosing };
    expect(
      await call(exampleBakeryData(), 'opening_hours', { day: 'Saturday' }, clock),
    ).toMatchObject({ ok: true, data: { date: '2026-12-12', opens: '08:00' } });
    const beforeClosing = at('2026-12-05', '09:00');
    expect(
      await call(
        exampleBakeryData(),
        'opening_hours',
        { day: 'saturday' },
        {
          now: beforeClosing,
          askedAt: beforeClosing,
        },
      ),
    ).toMatchObject({ ok: true, data: { date: '2026-12-05' } });
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
      'search_knowledge',
      'mark_for_person',
    ]);
    for (const tool of tools) {
      expect(closed(tool.inputSchema), tool.name).toBe(true);
      expect(tool.inputSchema.$schema).toBeUndefined();
    }
  });
});
