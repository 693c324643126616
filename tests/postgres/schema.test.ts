import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { openDatabase } from '@/db/client';
import { migratePostgres } from '@/db/postgres-migrate';
import * as schema from '@/db/schema-postgres';
import * as sqliteSchema from '@/db/schema-sqlite';
import { type Postgres, startPostgres } from '../support/postgres';

type Kind = 'integer' | 'real' | 'text' | 'boolean' | 'timestamp' | 'json' | 'bytes';

/** How PostgreSQL names each kind of column (information_schema's data_type). */
const postgresKind: Record<string, Kind> = {
  integer: 'integer',
  'double precision': 'real',
  text: 'text',
  boolean: 'boolean',
  // Instants are milliseconds since the epoch on both engines (db/columns.ts); nothing else is bigint.
  bigint: 'timestamp',
  jsonb: 'json',
  bytea: 'bytes',
};

/**
 * What a SQLite column holds: its declared type, and for integers and text the drizzle column
 * it is read through (SQLite stores booleans and instants as integers, JSON as text).
 */
function sqliteKind(declared: string, drizzleType: string | undefined): Kind {
  if (drizzleType === 'SQLiteBoolean') return 'boolean';
  if (drizzleType === 'SQLiteTimestamp') return 'timestamp';
  if (drizzleType === 'SQLiteTextJson') return 'json';
  const kinds: Record<string, Kind> = {
    integer: 'integer',
    text: 'text',
    real: 'real',
    blob: 'bytes',
  };
  const kind = kinds[declared.toLowerCase()];
  if (!kind) throw new Error(`A SQLite column of type ${declared}`);
  return kind;
}

/** The one row a statement gave. */
function only<T>(rows: (T | undefined)[]): T {
  expect(rows).toHaveLength(1);
  const [row] = rows;
  if (row === undefined) throw new Error('No row');
  return row;
}

type ColumnShape = { kind: Kind; notNull: boolean };
type IndexShape = { table: string; unique: boolean; partial: boolean; columns: string[] };

let server: Postgres;
let pool: pg.Pool;
let db: ReturnType<typeof drizzle<typeof schema>>;
let sqliteDir: string;
let sqliteTables: Map<string, Map<string, ColumnShape>>;
let sqliteIndexes: Map<string, IndexShape>;
/** Columns of the SQLite desk that db/schema.ts does not read: none, or their kinds are guesses. */
let outsideSchema: string[];

beforeAll(async () => {
  server = await startPostgres();
  const url = await server.createDatabase('desk_schema');
  await migratePostgres(url);
  pool = new pg.Pool({ connectionString: url, max: 4 });
  db = drizzle({ client: pool, schema });

  // A fresh SQLite desk, migrated by the desk's own code.
  sqliteDir = mkdtempSync(join(tmpdir(), 'bakery-desk-pg-schema-'));
  const sqlite = (await openDatabase({ path: join(sqliteDir, 'desk.db'), seed: false })).$client;
  const drizzleTypes = new Map<string, string>();
  for (const table of Object.values(sqliteSchema)) {
    if (typeof table !== 'object' || !table || !('getSQL' in table)) continue;
    const config = getTableConfig(table as SQLiteTable);
    for (const column of config.columns) {
      drizzleTypes.set(`${config.name}.${column.name}`, column.columnType);
    }
  }
  outsideSchema = [];
  const tableNames = sqlite
    .prepare(
      `select name from sqlite_master where type = 'table'
          and name not like 'sqlite_%' and name not like '__drizzle%'
          and name not like 'knowledge_search%'`,
    )
    .pluck()
    .all() as string[];
  sqliteTables = new Map(
    tableNames.map((table) => {
      const columns = sqlite.pragma(`table_info(${table})`) as {
        name: string;
        type: string;
        notnull: number;
        pk: number;
      }[];
      return [
        table,
        new Map(
          columns.map((c) => {
            if (!drizzleTypes.has(`${table}.${c.name}`)) outsideSchema.push(`${table}.${c.name}`);
            return [
              c.name,
              {
                kind: sqliteKind(c.type, drizzleTypes.get(`${table}.${c.name}`)),
                notNull: c.notnull === 1 || c.pk > 0,
              },
            ] as const;
          }),
        ),
      ];
    }),
  );
  sqliteIndexes = new Map();
  for (const table of tableNames) {
    const list = sqlite.pragma(`index_list(${table})`) as {
      name: string;
      unique: number;
      origin: string;
      partial: number;
    }[];
    // 'c': made by CREATE INDEX; the others are primary keys and UNIQUE column constraints.
    for (const index of list.filter((i) => i.origin === 'c')) {
      const columns = (sqlite.pragma(`index_info(${index.name})`) as { name: string }[]).map(
        (c) => c.name,
      );
      sqliteIndexes.set(index.name, {
        table,
        unique: index.unique === 1,
        partial: index.partial === 1,
        columns,
      });
    }
  }
  sqlite.close();
}, 60_000);

afterAll(async () => {
  await pool?.end();
  server?.stop();
  if (sqliteDir) rmSync(sqliteDir, { recursive: true, force: true });
});

describe('the PostgreSQL schema', () => {
  it('has every table and column of a fresh SQLite desk, of the same kind and nullability', async () => {
    const { rows } = await pool.query<{
      table_name: string;
      column_name: string;
      data_type: string;
      is_nullable: 'YES' | 'NO';
    }>(
      `select table_name, column_name, data_type, is_nullable
         from information_schema.columns where table_schema = 'public'`,
    );
    const postgres = new Map<string, ColumnShape>(
      rows.map((r) => [
        `${r.table_name}.${r.column_name}`,
        {
          kind: postgresKind[r.data_type] ?? (r.data_type as Kind),
          notNull: r.is_nullable === 'NO',
        },
      ]),
    );
    expect(sqliteTables.size).toBeGreaterThan(20);
    expect(outsideSchema).toEqual([]);
    const mismatches: string[] = [];
    for (const [table, columns] of sqliteTables) {
      for (const [column, shape] of columns) {
        const found = postgres.get(`${table}.${column}`);
        if (!found) mismatches.push(`${table}.${column} is missing`);
        else if (found.kind !== shape.kind || found.notNull !== shape.notNull) {
          mismatches.push(
            `${table}.${column}: SQLite ${JSON.stringify(shape)}, PostgreSQL ${JSON.stringify(found)}`,
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
    // Nothing more than SQLite has, but the knowledge search's own column.
    const extra = [...postgres.keys()].filter((key) => {
      const [table = '', column = ''] = key.split('.');
      return !sqliteTables.get(table)?.has(column);
    });
    expect(extra).toEqual(['knowledge_entries.search']);
  });

  it('has every index of SQLite, by name, on the same columns, unique and partial alike', async () => {
    const { rows } = await pool.query<{
      name: string;
      table: string;
      unique: boolean;
      partial: boolean;
      columns: string[];
    }>(
      `select i.relname as name, t.relname as table, x.indisunique as unique,
              x.indpred is not null as partial,
              array(select a.attname from unnest(x.indkey) with ordinality k(attnum, n)
                      left join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
                     order by k.n)::text[] as columns
         from pg_index x
         join pg_class i on i.oid = x.indexrelid
         join pg_class t on t.oid = x.indrelid
         join pg_namespace s on s.oid = t.relnamespace
        where s.nspname = 'public' and not x.indisprimary`,
    );
    // An expression's place in an index (lower(customer_email)) has no column: null on both.
    const postgres = new Map(rows.map(({ name, ...shape }) => [name, shape]));
    expect(sqliteIndexes.size).toBeGreaterThan(30);
    for (const [name, shape] of sqliteIndexes) {
      expect(postgres.get(name), name).toEqual(shape);
    }
    expect(postgres.get('knowledge_entries_search')).toMatchObject({
      table: 'knowledge_entries',
      columns: ['search'],
    });
  });

  it('gives rows the same TypeScript types as SQLite (checked by the type checker)', () => {
    type Tables = keyof typeof schema;
    type Same<A, B> =
      (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
    type Differ<Model extends '$inferSelect' | '$inferInsert'> = {
      [K in Tables]: Same<(typeof schema)[K][Model], (typeof sqliteSchema)[K][Model]> extends true
        ? never
        : K;
    }[Tables];
    expectTypeOf<Differ<'$inferSelect'>>().toEqualTypeOf<never>();
    // SQLite numbers an integer primary key it is not given; PostgreSQL only does so for the
    // identity ids, so the bakery's id, a weekday and a first reply's question must be given there
    // (the desk always does; triggers write the first replies).
    expectTypeOf<Differ<'$inferInsert'>>().toEqualTypeOf<
      'bakery' | 'weeklyHours' | 'firstReplies'
    >();
  });

  it('reads back what it stores with the types SQLite rows have', async () => {
    const at = new Date('2026-12-01T09:30:15.123Z');
    const question = only(
      await db
        .insert(schema.questions)
        .values({
          text: 'Six croissants on Saturday?',
          customerName: 'Ada',
          channel: 'email',
          ticketHash: 'hash-read-back',
          receivedAt: at,
          updatedAt: at,
        })
        .returning(),
    );
    expect(question.lastMessageAt).toEqual(new Date(0));
    const raw = Buffer.from([0, 1, 2, 254, 255]);
    const email = only(
      await db
        .insert(schema.inboundEmails)
        .values({
          key: 'read-back@example.com',
          outcome: 'question',
          questionId: question.id,
          attachments: [{ name: "it's.pdf", size: 12 }],
          raw,
          size: raw.length,
          receivedAt: at,
        })
        .returning(),
    );
    const row = only(
      await db.select().from(schema.inboundEmails).where(eq(schema.inboundEmails.id, email.id)),
    );
    expect(row.raw).toEqual(raw);
    expect(row.attachments).toEqual([{ name: "it's.pdf", size: 12 }]);
    expect(row.receivedAt).toEqual(at);
    const bakery = only(
      await db
        .insert(schema.bakery)
        .values({ id: 1, name: 'Juniper', timezone: 'America/New_York', updatedAt: at })
        .returning(),
    );
    expect(bakery).toMatchObject({ showStaffNames: false, handoverTopics: [], locale: 'en-US' });
  });

  it('takes rows with their own ids, and numbers new ones after the sequence is moved past them', async () => {
    const at = new Date();
    const item = { nameKey: '', priceCents: 450, createdAt: at, updatedAt: at };
    await db.insert(schema.menuItems).values({ ...item, id: 41, name: 'Rye', nameKey: 'rye' });
    await pool.query(
      `select setval(pg_get_serial_sequence('menu_items', 'id'), (select max(id) from menu_items))`,
    );
    const next = only(
      await db
        .insert(schema.menuItems)
        .values({ ...item, name: 'Spelt', nameKey: 'spelt' })
        .returning(),
    );
    expect(next.id).toBe(42);
  });

  it('keeps the checks SQLite has', async () => {
    const refusedBy = (write: Promise<unknown>) =>
      write.then(
        () => 'nothing',
        (error: { constraint?: string }) => error.constraint,
      );
    expect(
      await refusedBy(
        db
          .insert(schema.dateExceptions)
          .values({ date: '2026-12-24', closed: true, opens: '08:00' }),
      ),
    ).toBe('date_exceptions_shape');
    expect(
      await refusedBy(
        db
          .insert(schema.dateExceptions)
          .values({ date: '2026-12-24', closed: false, opens: '16:00', closes: '08:00' }),
      ),
    ).toBe('date_exceptions_shape');
    await db.insert(schema.dateExceptions).values({ date: '2026-12-25', closed: true });
    await db
      .insert(schema.dateExceptions)
      .values({ date: '2026-12-26', closed: false, opens: '08:00', closes: '12:00' });
    expect(await refusedBy(db.insert(schema.weeklyHours).values({ weekday: 8 }))).toBe(
      'weekly_hours_weekday',
    );
  });
});

describe('question status counts', () => {
  const counts = async () => {
    const rows = await db.select().from(schema.questionStatusCounts);
    return Object.fromEntries(rows.filter((r) => r.count !== 0).map((r) => [r.status, r.count]));
  };
  const actual = async () => {
    const rows = await db
      .select({ status: schema.questions.status, count: sql<number>`count(*)::int` })
      .from(schema.questions)
      .groupBy(schema.questions.status);
    return Object.fromEntries(rows.map((r) => [r.status, r.count]));
  };
  let serial = 0;
  const ask = (status: sqliteSchema.QuestionStatus = 'queued') => {
    serial += 1;
    const at = new Date();
    return {
      text: `Question ${serial}`,
      customerName: 'Ada',
      channel: 'web' as const,
      ticketHash: `counts-${serial}`,
      status,
      receivedAt: at,
      updatedAt: at,
    };
  };

  beforeAll(async () => {
    await db.delete(schema.questions);
  });

  it('follow every insert, status change and delete', async () => {
    expect(await counts()).toEqual({});
    const [first, second, , fourth] = await db
      .insert(schema.questions)
      .values([ask(), ask(), ask(), ask('drafted')])
      .returning({ id: schema.questions.id });
    expect(await counts()).toEqual({ queued: 3, drafted: 1 });

    await db
      .update(schema.questions)
      .set({ status: 'drafting' })
      .where(eq(schema.questions.id, only([first]).id));
    expect(await counts()).toEqual({ queued: 2, drafting: 1, drafted: 1 });

    // Neither a write that leaves the status as it was nor one to other columns moves a count.
    await db
      .update(schema.questions)
      .set({ status: 'queued', draftText: 'Yes, we can.' })
      .where(eq(schema.questions.id, only([second]).id));
    expect(await counts()).toEqual({ queued: 2, drafting: 1, drafted: 1 });

    await db
      .update(schema.questions)
      .set({ status: 'sent' })
      .where(eq(schema.questions.status, 'queued'));
    expect(await counts()).toEqual({ sent: 2, drafting: 1, drafted: 1 });

    await db.delete(schema.questions).where(eq(schema.questions.id, only([fourth]).id));
    expect(await counts()).toEqual({ sent: 2, drafting: 1 });
    expect(await counts()).toEqual(await actual());
  });

  it('agree with the rows after writers race each other', async () => {
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        db.insert(schema.questions).values(ask(i % 2 === 0 ? 'queued' : 'failed')),
      ),
    );
    await Promise.all([
      db
        .update(schema.questions)
        .set({ status: 'discarded' })
        .where(eq(schema.questions.status, 'failed')),
      db.insert(schema.questions).values([ask('failed'), ask('failed')]),
    ]);
    expect(await counts()).toEqual(await actual());
    const total = Object.values(await counts()).reduce((sum, n) => sum + n, 0);
    const { n } = only(
      (await pool.query<{ n: number }>('select count(*)::int as n from questions')).rows,
    );
    expect(total).toBe(n);
  });

  it('are counted from the questions already stored when the migration runs', async () => {
    // A database that had questions before the triggers: the migration fills the counts.
    const url = await server.createDatabase('desk_counts_backfill');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`create table questions (status text not null)`);
      await client.query(
        `create table question_status_counts (status text primary key, count integer not null)`,
      );
      await client.query(`insert into questions values ('queued'), ('queued'), ('sent')`);
      const statements = readFileSync(
        join(process.cwd(), 'drizzle-postgres/0001_question_status_counts.sql'),
        'utf8',
      ).split('--> statement-breakpoint');
      for (const statement of statements) await client.query(statement);
      const { rows } = await client.query(
        'select status, count from question_status_counts order by status',
      );
      expect(rows).toEqual([
        { status: 'queued', count: 2 },
        { status: 'sent', count: 1 },
      ]);
    } finally {
      await client.end();
    }
  });
});

describe('knowledge search', () => {
  const search = async (words: string) => {
    const { rows } = await pool.query<{ title: string }>(
      `select title from knowledge_entries, websearch_to_tsquery('english', $1) q
        where enabled and search @@ q
        order by ts_rank(search, q) desc, id`,
      [words],
    );
    return rows.map((r) => r.title);
  };

  beforeAll(async () => {
    const at = new Date();
    const entry = (title: string, answer: string, tags: string[]) => ({
      title,
      answer,
      tags,
      createdAt: at,
      updatedAt: at,
    });
    // The answer's match is stored first, so its place is the ranking's doing, not the id's.
    await db
      .insert(schema.knowledgeEntries)
      .values([
        entry('Delivery', 'We deliver bread and croissants within five miles.', ['delivery']),
        entry('Payment', 'Cards and cash.', ['payment']),
        entry('Breakfast boxes', 'Pastries for the office.', ['croissant', 'catering']),
        entry('Croissant pre-orders', 'Order by 4 pm the day before.', ['orders']),
      ]);
  });

  it('finds entries by a stemmed word, the title above tags above the answer', async () => {
    expect(await search('croissants')).toEqual([
      'Croissant pre-orders',
      'Breakfast boxes',
      'Delivery',
    ]);
    expect(await search('cards')).toEqual(['Payment']);
  });

  it('follows an entry when it changes', async () => {
    await db
      .update(schema.knowledgeEntries)
      .set({ answer: 'Cards, cash, and croissant vouchers.' })
      .where(eq(schema.knowledgeEntries.title, 'Payment'));
    expect(await search('croissant')).toContain('Payment');
    await db.delete(schema.knowledgeEntries).where(eq(schema.knowledgeEntries.title, 'Delivery'));
    expect(await search('croissant')).not.toContain('Delivery');
  });
});
