import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getBakery } from '@/db/bakery';
import { listDateExceptions } from '@/db/date-exceptions';
import { listWeeklyHours } from '@/db/hours';
import { listKnowledgeEntries } from '@/db/knowledge';
import { listMenuItems } from '@/db/menu';
import type { MenuItem } from '@/db/schema';
import { allergens, dietaryTags } from '@/lib/agent/bakery/data';
import { centsToDollarsInput, formatPriceInput } from '@/lib/bakery-facts/price';
import { labelSlug } from '@/lib/bakery-facts/schemas';
import { sqlRun, sqlValue } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';
import { startCountingWrites } from '../support/write-count';

/**
 * Each owner form posted back exactly as its page shows the saved facts: the action answers
 * "Nothing changed." and the database is untouched (no row written, so no audit entry, no new
 * facts version and no draft marked stale). Then the menu's prices in a de-DE bakery.
 */
vi.mock('@/server/session', () => ({
  getCurrentUser: async () => ({
    id: 1,
    email: 'o@x.test',
    name: 'Olive',
    role: 'owner',
    createdAt: new Date(0),
    sessionId: 's',
  }),
}));
vi.mock('next/cache', () => ({ revalidatePath: () => {} }));

const { saveSettings } = await import('@/app/admin/settings/actions');
const { addItem, saveItem } = await import('@/app/admin/menu/actions');
const { saveHours } = await import('@/app/admin/hours/actions');
const { addException, saveException } = await import('@/app/admin/exceptions/actions');
const { saveEntry } = await import('@/app/admin/knowledge/actions');

let temp: Awaited<ReturnType<typeof useTempDatabase>>;
let writes: () => Promise<number>;
beforeAll(async () => {
  temp = await useTempDatabase();
  await sqlRun(
    "insert into users (email, name, role, password_hash, created_at) values ('o@x.test', 'Olive', 'owner', 'x', 0)",
  );
  writes = await startCountingWrites();
});
afterAll(() => temp.cleanup());

function form(fields: Record<string, string | undefined>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) data.set(key, value);
  return data;
}

const ticked = (on: boolean) => (on ? 'on' : undefined);

/** What the menu page's edit form posts for an item nobody touched. */
function shownMenuItem(item: MenuItem, locale: string) {
  const boxes = (prefix: string, labels: readonly string[], saved: readonly string[] | null) =>
    Object.fromEntries(
      labels.map((label) => [
        `${prefix}${labelSlug(label)}`,
        ticked(saved?.includes(label) ?? false),
      ]),
    );
  return form({
    id: String(item.id),
    name: item.name,
    price: formatPriceInput(item.priceCents, locale),
    noticeDays: String(item.noticeDays),
    description: item.description ?? '',
    available: ticked(item.available),
    ingredients: item.ingredients ?? '',
    allergensRecorded: ticked(item.allergens !== null),
    ...boxes('contains_', allergens, item.allergens),
    ...boxes('traces_', allergens, item.mayContain),
    ...boxes('diet_', dietaryTags, item.dietary),
  });
}

const factsVersion = async () => (await getBakery()).factsVersion;
const auditCount = async () => Number(await sqlValue('select count(*) as n from audit_log'));

describe('a save with nothing changed', () => {
  let before: { writes: number; version: number; audit: number };
  beforeEach(async () => {
    before = { writes: await writes(), version: await factsVersion(), audit: await auditCount() };
  });
  const expectUntouched = async (answer: unknown) => {
    expect(answer).toEqual({ ok: true, message: 'Nothing changed.' });
    expect(await writes()).toBe(before.writes);
    expect(await factsVersion()).toBe(before.version);
    expect(await auditCount()).toBe(before.audit);
  };

  it('writes nothing for each menu item as its form shows it, labels in any stored order', async () => {
    const items = await listMenuItems();
    // The example bakery keeps one item's cross-contact out of the form's order.
    expect(items.some((item) => item.mayContain?.join() === 'sesame,tree nuts')).toBe(true);
    for (const item of items)
      await expectUntouched(await saveItem(undefined, shownMenuItem(item, 'en-US')));
  });

  it('writes nothing for the week as its form shows it', async () => {
    const week = await listWeeklyHours();
    const fields = Object.fromEntries(
      week.flatMap((day) =>
        day.opens === null
          ? [[`closed${day.weekday}`, 'on']]
          : [
              [`opens${day.weekday}`, day.opens],
              [`closes${day.weekday}`, day.closes ?? ''],
            ],
      ),
    );
    await expectUntouched(await saveHours(undefined, form(fields)));
  });

  it('writes nothing for a date exception as its form shows it', async () => {
    const added = await addException(
      undefined,
      form({
        date: '2026-12-24',
        kind: 'special',
        opens: '08:00',
        closes: '12:00',
        note: 'Christmas Eve',
      }),
    );
    expect(added).toMatchObject({ ok: true });
    before = { writes: await writes(), version: await factsVersion(), audit: await auditCount() };
    for (const day of await listDateExceptions()) {
      const shown = form({
        date: day.date,
        kind: day.closed ? 'closed' : 'special',
        opens: day.opens ?? '',
        closes: day.closes ?? '',
        note: day.note ?? '',
      });
      await expectUntouched(await saveException(undefined, shown));
    }
  });

  it('writes nothing for a knowledge entry as its form shows it', async () => {
    const entries = await listKnowledgeEntries();
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      const shown = form({
        id: String(entry.id),
        title: entry.title,
        answer: entry.answer,
        tags: entry.tags.join(', '),
        enabled: ticked(entry.enabled),
      });
      await expectUntouched(await saveEntry(undefined, shown));
    }
  });

  it('writes nothing for the settings as their form shows them', async () => {
    const bakery = await getBakery();
    const shown = form({
      name: bakery.name,
      timezone: bakery.timezone,
      contact: bakery.contact,
      locale: bakery.locale,
      currency: bakery.currency,
      dailyBudget:
        bakery.dailyBudgetCents === null ? '' : centsToDollarsInput(bakery.dailyBudgetCents),
      showStaffNames: ticked(bakery.showStaffNames),
    });
    await expectUntouched(await saveSettings(undefined, shown));
  });

  it('still saves a real change, with its audit entry and a new facts version', async () => {
    const [item] = await listMenuItems();
    if (!item) throw new Error('no menu');
    const shown = shownMenuItem(item, 'en-US');
    shown.set('price', formatPriceInput(item.priceCents + 5, 'en-US'));
    expect(await saveItem(undefined, shown)).toEqual({ ok: true, message: `Saved ${item.name}.` });
    expect(await factsVersion()).toBe(before.version + 1);
    expect(await auditCount()).toBe(before.audit + 1);
  });
});

describe('prices in a de-DE bakery', () => {
  beforeAll(async () => {
    await sqlRun("update bakery set locale = 'de-DE', currency = 'EUR'");
  });

  const newItem = (price: string) =>
    form({ name: 'Laugenbrezel', price, noticeDays: '0', available: 'on' });

  it('reads "9,50" as 9.50 and shows it back as "9,50"', async () => {
    expect(await addItem(undefined, newItem('9,50'))).toEqual({
      ok: true,
      message: 'Added Laugenbrezel.',
    });
    const item = (await listMenuItems()).find((i) => i.name === 'Laugenbrezel');
    expect(item?.priceCents).toBe(950);
    if (!item) return;
    expect(formatPriceInput(item.priceCents, 'de-DE')).toBe('9,50');
    expect(await saveItem(undefined, shownMenuItem(item, 'de-DE'))).toEqual({
      ok: true,
      message: 'Nothing changed.',
    });
  });

  it('reads "1.234,50" with its grouping', async () => {
    const [item] = (await listMenuItems()).filter((i) => i.name === 'Laugenbrezel');
    if (!item) throw new Error('no item');
    const shown = shownMenuItem(item, 'de-DE');
    shown.set('price', '1.234,50');
    expect(await saveItem(undefined, shown)).toMatchObject({ ok: true });
    expect((await listMenuItems()).find((i) => i.id === item.id)?.priceCents).toBe(123450);
  });

  it('refuses "9.50" beside the price, writing nothing', async () => {
    const count = await writes();
    const answer = await addItem(undefined, newItem('9.50'));
    expect(answer).toMatchObject({
      ok: false,
      status: 400,
      errors: { price: 'Write the cents after “,”, such as 9,50.' },
      values: { price: '9.50' },
    });
    expect(await writes()).toBe(count);
  });
});
