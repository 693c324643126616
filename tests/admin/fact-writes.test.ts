// @module-tag postgres: the owner's fact writes and their audit.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getBakery } from '@/db/bakery';
import { getBakeryData } from '@/db/bakery-data';
import { addDateException, removeDateException, updateDateException } from '@/db/date-exceptions';
import { saveWeeklyHours } from '@/db/hours';
import {
  addMenuItem,
  listMenuItems,
  removeMenuItem,
  setMenuItemAvailability,
  updateMenuItem,
} from '@/db/menu';
import { updateBakerySettings } from '@/db/settings';
import { createUser } from '@/db/users';
import { UNMATCHABLE_PASSWORD_HASH } from '@/lib/auth/password-hash';
import type { MenuItemInput } from '@/lib/bakery-facts/schemas';
import { sqlRows } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

/**
 * The db/ writers behind the admin pages, against a real SQLite file: each change moves the
 * rows, the facts version and the audit log together, and a refusal or failure moves none.
 */
let temp: Awaited<ReturnType<typeof useTempDatabase>>;
let by = 0;
const now = new Date('2026-11-30T12:00:00Z');

beforeAll(async () => {
  temp = await useTempDatabase();
  const created = await createUser({
    email: 'olive@writes.test',
    name: 'Olive',
    role: 'owner',
    passwordHash: UNMATCHABLE_PASSWORD_HASH,
    now,
  });
  if (!created.ok) throw new Error('no owner');
  by = created.user.id;
});
afterAll(() => temp.cleanup());

type AuditRow = {
  user_id: number;
  action: string;
  entity_id: string;
  before: string;
  after: string;
};
const audit = async () => sqlRows<AuditRow>('select * from audit_log order by id');
const lastAudit = async () => (await audit()).at(-1) as AuditRow;
const version = async () => (await getBakery()).factsVersion;

let versionBefore = 0;
let auditBefore = 0;
beforeEach(async () => {
  versionBefore = await version();
  auditBefore = (await audit()).length;
});
const expectOneChange = async (action: string) => {
  expect(await version()).toBe(versionBefore + 1);
  expect(await audit()).toHaveLength(auditBefore + 1);
  expect(await lastAudit()).toMatchObject({ action, user_id: by });
};
const expectNoChange = async () => {
  expect(await version()).toBe(versionBefore);
  expect(await audit()).toHaveLength(auditBefore);
};

const croissants: MenuItemInput = {
  name: 'Croissants',
  price: 325,
  noticeDays: 1,
  description: null,
  available: true,
  ingredients: null,
  allergensRecorded: false,
  allergens: [],
  mayContain: [],
  dietary: [],
};

describe('menu writes', () => {
  let id = 0;

  it('adds an item the next run reads, with an audit row of what was added', async () => {
    const added = await addMenuItem({ input: croissants, by, now });
    if (!added.ok) throw new Error(added.reason);
    id = added.item.id;
    await expectOneChange('menu.add');
    expect(JSON.parse((await lastAudit()).after)).toMatchObject({
      name: 'Croissants',
      priceCents: 325,
    });
    expect((await lastAudit()).before).toBeNull();
    const { data, factsVersion } = await getBakeryData();
    expect(factsVersion).toBe(versionBefore + 1);
    expect(data.menu).toContainEqual(
      expect.objectContaining({ name: 'Croissants', priceCents: 325 }),
    );
  });

  it('refuses the same name in other capitals and spaces, writing nothing', async () => {
    const again = await addMenuItem({ input: { ...croissants, name: '  CROISSANTS ' }, by, now });
    expect(again).toEqual({ ok: false, reason: 'nameTaken' });
    const renamed = await updateMenuItem({
      id,
      input: { ...croissants, name: 'Rye Loaf' },
      by,
      now,
    });
    expect(renamed).toEqual({ ok: false, reason: 'nameTaken' });
    await expectNoChange();
  });

  it('edits with before and after, and saves nothing when nothing changed', async () => {
    await updateMenuItem({ id, input: { ...croissants, price: 350 }, by, now });
    await expectOneChange('menu.update');
    expect(JSON.parse((await lastAudit()).before).priceCents).toBe(325);
    expect(JSON.parse((await lastAudit()).after).priceCents).toBe(350);
    versionBefore = await version();
    auditBefore = (await audit()).length;
    await updateMenuItem({ id, input: { ...croissants, price: 350 }, by, now });
    await expectNoChange();
  });

  it('marks an item unavailable, then removes it', async () => {
    await setMenuItemAvailability({ id, available: false, by, now });
    await expectOneChange('menu.unavailable');
    expect(
      (await getBakeryData()).data.menu.find((item) => item.name === 'Croissants')?.available,
    ).toBe(false);
    await removeMenuItem({ id, by, now });
    expect(await version()).toBe(versionBefore + 2);
    expect(await lastAudit()).toMatchObject({ action: 'menu.remove', entity_id: String(id) });
    expect((await listMenuItems()).some((item) => item.name === 'Croissants')).toBe(false);
  });

  it('finds nothing to change in an item that is gone', async () => {
    expect(await removeMenuItem({ id, by, now })).toEqual({ ok: false, reason: 'notFound' });
    expect(await setMenuItemAvailability({ id, available: true, by, now })).toEqual({
      ok: false,
      reason: 'notFound',
    });
    await expectNoChange();
  });

  it('rolls the whole save back when the database refuses it', async () => {
    // Past the schema, the CHECK constraint is the backstop: no row, no version, no audit.
    await expect(
      addMenuItem({ input: { ...croissants, noticeDays: 99 }, by, now }),
    ).rejects.toThrow();
    await expectNoChange();
    expect((await listMenuItems()).some((item) => item.name === 'Croissants')).toBe(false);
  });
});

describe('weekly hours', () => {
  const week = getWeek();

  it('saves the week in one change with the old and new hours', async () => {
    await saveWeeklyHours({
      days: week.map((day) =>
        day.weekday === 6 ? { weekday: 6, opens: null, closes: null } : day,
      ),
      by,
      now,
    });
    await expectOneChange('hours.update');
    expect((await getBakeryData()).data.weeklyHours[6]).toBeNull();
    expect(JSON.parse((await lastAudit()).before)[5]).toEqual({
      weekday: 6,
      opens: '08:00',
      closes: '13:00',
    });
  });

  it('writes no day at all when one day is refused', async () => {
    const before = (await getBakeryData()).data.weeklyHours;
    await expect(
      saveWeeklyHours({
        days: week.map((day) =>
          day.weekday === 1
            ? { weekday: 1, opens: '09:00', closes: '17:00' }
            : day.weekday === 7
              ? { weekday: 7, opens: '15:00', closes: '08:00' }
              : day,
        ),
        by,
        now,
      }),
    ).rejects.toThrow();
    expect((await getBakeryData()).data.weeklyHours).toEqual(before);
    await expectNoChange();
  });

  function getWeek() {
    return [1, 2, 3, 4, 5, 6, 7].map((weekday) => {
      const hours = {
        2: ['07:00', '15:00'],
        3: ['07:00', '15:00'],
        4: ['07:00', '15:00'],
        5: ['07:00', '15:00'],
        6: ['08:00', '13:00'],
      }[weekday];
      return { weekday, opens: hours?.[0] ?? null, closes: hours?.[1] ?? null };
    });
  }
});

describe('date exceptions', () => {
  const holiday = { date: '2026-12-05', closed: true, opens: null, closes: null, note: 'Holiday' };

  it('adds, refuses the same date twice, edits and removes', async () => {
    expect(await addDateException({ input: holiday, by, now })).toEqual({
      ok: true,
      changed: true,
    });
    await expectOneChange('exception.add');
    expect((await getBakeryData()).data.dateExceptions).toEqual([holiday]);

    expect(await addDateException({ input: holiday, by, now })).toEqual({
      ok: false,
      reason: 'dateTaken',
    });
    expect(await version()).toBe(versionBefore + 1);

    const special = { ...holiday, closed: false, opens: '09:00', closes: '12:00' };
    await updateDateException({ input: special, by, now });
    expect(await lastAudit()).toMatchObject({
      action: 'exception.update',
      entity_id: '2026-12-05',
    });
    expect(JSON.parse((await lastAudit()).after)).toEqual(special);

    await removeDateException({ date: '2026-12-05', by, now });
    expect((await lastAudit()).action).toBe('exception.remove');
    expect((await getBakeryData()).data.dateExceptions).toEqual([]);
    expect(await version()).toBe(versionBefore + 3);
  });

  it('finds nothing to edit or remove on a date without one', async () => {
    expect(await updateDateException({ input: holiday, by, now })).toEqual({
      ok: false,
      reason: 'notFound',
    });
    expect(await removeDateException({ date: '2026-12-06', by, now })).toEqual({
      ok: false,
      reason: 'notFound',
    });
    await expectNoChange();
  });
});

describe('settings', () => {
  it('audits and bumps the version for a new timezone or contact line', async () => {
    const { name, contact, locale, currency, dailyBudgetCents: dailyBudget } = await getBakery();
    await updateBakerySettings({
      input: {
        name,
        timezone: 'America/Chicago',
        contact,
        locale,
        currency,
        dailyBudget,
        showStaffNames: false,
      },
      by,
      now,
    });
    await expectOneChange('settings.update');
    expect(JSON.parse((await lastAudit()).before).timezone).toBe('America/New_York');
    expect((await getBakeryData()).data.timezone).toBe('America/Chicago');
  });

  it('writes nothing when nothing changed', async () => {
    const { name, timezone, contact, locale, currency } = await getBakery();
    const dailyBudget = (await getBakery()).dailyBudgetCents;
    expect(
      await updateBakerySettings({
        input: { name, timezone, contact, locale, currency, dailyBudget, showStaffNames: false },
        by,
        now,
      }),
    ).toEqual({ changed: false });
    await expectNoChange();
  });

  it('keeps a new locale and currency, audited, and hands them to the next draft', async () => {
    const { name, timezone, contact } = await getBakery();
    await updateBakerySettings({
      input: {
        name,
        timezone,
        contact,
        locale: 'fr-CA',
        currency: 'CAD',
        dailyBudget: null,
        showStaffNames: false,
      },
      by,
      now,
    });
    await expectOneChange('settings.update');
    expect(JSON.parse((await lastAudit()).before)).toMatchObject({
      locale: 'en-US',
      currency: 'USD',
    });
    expect(JSON.parse((await lastAudit()).after)).toMatchObject({
      locale: 'fr-CA',
      currency: 'CAD',
    });
    expect((await getBakeryData()).data).toMatchObject({ locale: 'fr-CA', currency: 'CAD' });
  });

  it('audits a new daily model budget without making drafts stale', async () => {
    const { name, timezone, contact, locale, currency } = await getBakery();
    await updateBakerySettings({
      input: { name, timezone, contact, locale, currency, dailyBudget: 250, showStaffNames: false },
      by,
      now,
    });
    expect(await version()).toBe(versionBefore);
    expect(await audit()).toHaveLength(auditBefore + 1);
    expect(await lastAudit()).toMatchObject({ action: 'settings.update', user_id: by });
    expect(JSON.parse((await lastAudit()).before).dailyBudgetCents).toBeNull();
    expect(JSON.parse((await lastAudit()).after).dailyBudgetCents).toBe(250);
    expect((await getBakery()).dailyBudgetCents).toBe(250);
  });
});
