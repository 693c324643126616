import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, immediate, snapshot, wrapSqlite } from '@/db/client';

let dir: string;
let db: Db;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bakery-desk-connection-'));
  const sqlite = new Database(join(dir, 'desk.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.exec('create table notes (id integer primary key, text text not null)');
  db = wrapSqlite(sqlite);
});
afterEach(() => {
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
// Drizzle's queries run when awaited or `then`ed: this one starts at once, as a caller's would.
const add = (handle: Db, text: string): Promise<unknown> =>
  handle.run(sql`insert into notes (text) values (${text})`).then((result) => result);
const texts = async () =>
  (await db.all<[string]>(sql`select text from notes order by id`)).map(([text]) => text);

describe('one SQLite connection shared by asynchronous code', () => {
  it('keeps a statement from elsewhere out of an open transaction and its rollback', async () => {
    const failing = immediate(db, async (tx) => {
      await add(tx, 'inside');
      await pause(20);
      throw new Error('the work failed');
    });
    // Issued while the transaction is open: it waits, and is not rolled back with it.
    const outside = add(db, 'outside');
    await expect(failing).rejects.toThrow('the work failed');
    await outside;
    expect(await texts()).toEqual(['outside']);
  });

  it('lets statements from elsewhere run after the transaction commits, in order', async () => {
    const order: string[] = [];
    const first = immediate(db, async (tx) => {
      await add(tx, 'first');
      await pause(10);
      await add(tx, 'second');
      order.push('committed');
    });
    const later = add(db, 'third').then(() => order.push('third'));
    await Promise.all([first, later]);
    expect(order).toEqual(['committed', 'third']);
    expect(await texts()).toEqual(['first', 'second', 'third']);
  });

  it('runs transactions begun together one after the other', async () => {
    const both = await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        immediate(db, async (tx) => {
          await add(tx, `${name}1`);
          await pause(5);
          await add(tx, `${name}2`);
          return name;
        }),
      ),
    );
    expect(both).toEqual(['a', 'b', 'c']);
    expect(await texts()).toEqual(['a1', 'a2', 'b1', 'b2', 'c1', 'c2']);
  });

  it('joins a transaction begun inside another, and lets its own code use the plain handle', async () => {
    await expect(
      immediate(db, async (tx) => {
        await add(tx, 'outer');
        await immediate(db, async (inner) => add(inner, 'inner'));
        // The plain handle, from code inside the transaction: it is part of it, not waiting on it.
        await add(db, 'same transaction');
        throw new Error('undo all three');
      }),
    ).rejects.toThrow('undo all three');
    expect(await texts()).toEqual([]);
  });

  it('reads one moment in a snapshot while another connection writes', async () => {
    const other = new Database(join(dir, 'desk.db'));
    try {
      await add(db, 'before');
      const seen = await snapshot(db, async (tx) => {
        const first = await tx.all(sql`select text from notes`);
        other.prepare("insert into notes (text) values ('meanwhile')").run();
        const second = await tx.all(sql`select text from notes`);
        return [first.length, second.length];
      });
      expect(seen).toEqual([1, 1]);
      expect(await texts()).toEqual(['before', 'meanwhile']);
    } finally {
      other.close();
    }
  });

  it('answers rows as drizzle maps them, and no row as undefined', async () => {
    await add(db, 'one');
    expect(await db.get<[number, string]>(sql`select id, text from notes`)).toEqual([1, 'one']);
    expect(await db.get(sql`select id from notes where text = 'none'`)).toBeUndefined();
  });
});
