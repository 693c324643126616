// @module-tag postgres: the seed a fresh database gets.
import { statSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getBakeryFacts } from '@/db/bakery';
import { closeDb, getDb } from '@/db/client';
import { openOutsideConnection } from '../support/outside-connection';
import { sqlRows, sqlRun } from '../support/sql';
import { onPostgres, useTempDatabase } from '../support/temp-db';

describe('a fresh database', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  beforeEach(async () => {
    // Empty on PostgreSQL too: these check what the first open itself migrates and seeds.
    temp = await useTempDatabase({ empty: true });
  });
  afterEach(() => temp.cleanup());

  it('is migrated and holds the example bakery exactly as listed', async () => {
    const facts = await getBakeryFacts();
    expect(facts.bakery).toMatchObject({
      name: 'Juniper Street Bakery',
      timezone: 'America/New_York',
    });
    expect(facts.weeklyHours.map((h) => [h.weekday, h.opens, h.closes])).toEqual([
      [1, null, null],
      [2, '07:00', '15:00'],
      [3, '07:00', '15:00'],
      [4, '07:00', '15:00'],
      [5, '07:00', '15:00'],
      [6, '08:00', '13:00'],
      [7, null, null],
    ]);
    expect(facts.dateExceptions).toEqual([]);
    expect(
      facts.menu.map((m) => ({
        name: m.name,
        price: m.priceCents,
        notice: m.noticeDays,
        on: m.available,
      })),
    ).toEqual([
      { name: 'cinnamon buns', price: 400, notice: 1, on: true },
      { name: 'rye loaf', price: 900, notice: 1, on: true },
      { name: 'sourdough rolls', price: 150, notice: 2, on: true },
    ]);
    expect(facts.menu.some((m) => m.name.includes('croissant'))).toBe(false);
  });

  it('queues the sample questions, the seed question first', async () => {
    const rows = await sqlRows<{ text: string; status: string; channel: string }>(
      'select text, status, channel from questions order by received_at',
    );
    expect(rows[0]?.text).toBe(
      'Can I pick up two dozen sourdough rolls and six croissants on Saturday at 9?',
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['queued']));
  });

  it('refuses a row whose reference is missing', async () => {
    await expect(
      sqlRun("insert into sessions (id, user_id, expires_at, created_at) values ('s', 999, 0, 0)"),
    ).rejects.toThrow(/foreign key/i);
    expect(await sqlRows('select id from sessions')).toEqual([]);
  });

  it('is seeded once: reopening a changed database leaves it alone', async () => {
    await sqlRun("update bakery set name = 'Renamed'");
    await closeDb();
    // The change is in the database itself, whoever reads it.
    const reader = await openOutsideConnection(temp);
    try {
      expect(await reader.rows('select name from bakery')).toEqual([{ name: 'Renamed' }]);
    } finally {
      await reader.close();
    }
    expect((await getBakeryFacts()).bakery.name).toBe('Renamed');
    expect((await getBakeryFacts()).menu).toHaveLength(3);
  });
});

// How SQLite's file is opened and who may read it: PostgreSQL has no file of the desk's own
// (its server owns the data directory, and enforces foreign keys always).
describe.runIf(!onPostgres())('a fresh SQLite file', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  beforeEach(async () => {
    temp = await useTempDatabase();
  });
  afterEach(() => temp.cleanup());

  it('is opened with WAL, foreign keys and a busy timeout', async () => {
    const sqlite = (await getDb()).$client;
    expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(sqlite.pragma('secure_delete', { simple: true })).toBe(1);
  });

  it('is readable by its owner only, with its WAL and shared-memory files', async () => {
    await sqlRun("update bakery set contact = 'written'");
    for (const file of [temp.path, `${temp.path}-wal`, `${temp.path}-shm`]) {
      expect(statSync(file).mode & 0o777, file).toBe(0o600);
    }
  });
});
