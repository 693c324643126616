import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sqlRows, sqlRun } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

/**
 * The server actions themselves, given what a browser that skipped the form's own checks
 * would send: each mistake comes back beside its field with the typed values, and the
 * database (every facts table, the version, the audit log) is exactly as it was.
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
const { addException } = await import('@/app/admin/exceptions/actions');

let temp: Awaited<ReturnType<typeof useTempDatabase>>;
beforeAll(async () => {
  temp = await useTempDatabase();
  await sqlRun(
    "insert into users (email, name, role, password_hash, created_at) values ('o@x.test', 'Olive', 'owner', 'x', 0)",
  );
});
afterAll(() => temp.cleanup());

async function snapshot(): Promise<string> {
  const tables = ['bakery', 'menu_items', 'weekly_hours', 'date_exceptions', 'audit_log'];
  return JSON.stringify(
    await Promise.all(tables.map((table) => sqlRows(`select * from ${table} order by 1`))),
  );
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

const week = {
  closed1: 'on',
  opens2: '07:00',
  closes2: '15:00',
  opens3: '07:00',
  closes3: '15:00',
  opens4: '07:00',
  closes4: '15:00',
  opens5: '07:00',
  closes5: '15:00',
  opens6: '08:00',
  closes6: '13:00',
  closed7: 'on',
};

const croissants = { name: 'Croissants', price: '3.25', noticeDays: '1', description: '' };

describe('invalid entries change nothing', () => {
  const settings = {
    name: 'Juniper',
    timezone: 'America/New_York',
    contact: '',
    locale: 'en-US',
    currency: 'USD',
  };
  const cases: [string, () => Promise<unknown>, string, string][] = [
    [
      'price "abc"',
      () => addItem(undefined, form({ ...croissants, price: 'abc' })),
      'price',
      'as a number',
    ],
    [
      'notice 99',
      () => addItem(undefined, form({ ...croissants, noticeDays: '99' })),
      'noticeDays',
      'at most 30',
    ],
    [
      'a duplicate name in other capitals',
      () => addItem(undefined, form({ ...croissants, name: '  RYE LOAF ' })),
      'name',
      'already has',
    ],
    [
      'renaming onto another item',
      () => saveItem(undefined, form({ ...croissants, id: '1', name: 'Cinnamon Buns' })),
      'name',
      'already has',
    ],
    [
      'closing before opening',
      () => saveHours(undefined, form({ ...week, opens6: '13:00', closes6: '08:00' })),
      'closes6',
      'after opening',
    ],
    [
      'an unknown timezone',
      () => saveSettings(undefined, form({ ...settings, timezone: 'Mars/Olympus_Mons' })),
      'timezone',
      'not a timezone',
    ],
    [
      'a locale that is not one',
      () => saveSettings(undefined, form({ ...settings, locale: 'english please' })),
      'locale',
      'not a locale',
    ],
    [
      'a currency that is not one',
      () => saveSettings(undefined, form({ ...settings, currency: 'DOLLARS' })),
      'currency',
      'not a currency code',
    ],
    [
      'a date that does not exist',
      () => addException(undefined, form({ date: '2026-02-30', kind: 'closed' })),
      'date',
      'real date',
    ],
    [
      'special hours closing before opening',
      () =>
        addException(
          undefined,
          form({ date: '2026-12-24', kind: 'special', opens: '12:00', closes: '07:00' }),
        ),
      'closes',
      'after opening',
    ],
  ];

  for (const [label, call, field, message] of cases) {
    it(`${label}: an error beside ${field}, the values kept, nothing written`, async () => {
      const before = await snapshot();
      const state = (await call()) as {
        ok: boolean;
        errors: Record<string, string>;
        values: Record<string, string>;
      };
      expect(state.ok).toBe(false);
      expect(state.errors[field]).toContain(message);
      expect(Object.keys(state.values).length).toBeGreaterThan(0);
      expect(await snapshot()).toBe(before);
    });
  }

  it('the same forms with good values do save (so the refusals above are real)', async () => {
    const before = await snapshot();
    expect(await addItem(undefined, form(croissants))).toEqual({
      ok: true,
      message: 'Added Croissants.',
    });
    expect(await saveHours(undefined, form(week))).toEqual({
      ok: true,
      message: 'Nothing changed.',
    });
    expect(
      await saveSettings(
        undefined,
        form({ ...settings, timezone: 'Europe/Lisbon', contact: 'Ring the bell.' }),
      ),
    ).toEqual({ ok: true, message: 'Settings saved.' });
    expect(await snapshot()).not.toBe(before);
  });
});
