import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getBakeryFacts } from '@/db/bakery';
import { closeDb, getDb } from '@/db/client';
import { useTempDatabase } from '../support/temp-db';

describe('a fresh database', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  beforeEach(async () => {
    temp = await useTempDatabase();
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
    const rows = (await getDb()).$client
      .prepare('select text, status, channel from questions order by received_at')
      .all() as {
      text: string;
      status: string;
      channel: string;
    }[];
    expect(rows[0]?.text).toBe(
      'Can I pick up two dozen sourdough rolls and six croissants on Saturday at 9?',
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['queued']));
  });

  it('is opened with WAL, foreign keys and a busy timeout', async () => {
    const sqlite = (await getDb()).$client;
    expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(sqlite.pragma('secure_delete', { simple: true })).toBe(1);
  });

  it('is readable by its owner only, with its WAL and shared-memory files', async () => {
    (await getDb()).$client.prepare("update bakery set contact = 'written'").run();
    for (const file of [temp.path, `${temp.path}-wal`, `${temp.path}-shm`]) {
      expect(statSync(file).mode & 0o777, file).toBe(0o600);
    }
  });

  it('is seeded once: reopening a changed database leaves it alone', async () => {
    (await getDb()).$client.prepare("update bakery set name = 'Renamed'").run();
    await closeDb();
    const reopened = new Database(temp.path);
    expect(reopened.prepare('select name from bakery').pluck().get()).toBe('Renamed');
    reopened.close();
    expect((await getBakeryFacts()).bakery.name).toBe('Renamed');
    expect((await getBakeryFacts()).menu).toHaveLength(3);
  });
});
