import 'server-only';
import { resolve } from 'node:path';
import Database from 'better-sqlite3';
import { asc, type Column, getTableColumns, getTableName, gt, sql } from 'drizzle-orm';
import { type BetterSQLite3Database, drizzle as drizzleSqlite } from 'drizzle-orm/better-sqlite3';
import { drizzle as drizzlePostgres, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import pg from 'pg';
import { withoutPassword } from '@/lib/copy/args';
import { TableChecksum } from '@/lib/copy/canonical';
import { inspectDeskDatabase } from './backup';
import { migratePostgres } from './postgres-migrate';
import * as postgresSchema from './schema-postgres';
import * as sqliteSchema from './schema-sqlite';

/*
 * Moving a desk from its SQLite file to PostgreSQL (`npm run db:copy`). Every table's rows go
 * into an empty PostgreSQL database in one transaction, with their ids, read from the file
 * through SQLite's drizzle tables and written through PostgreSQL's, so each value is what the
 * desk itself reads on either engine. Before the commit each table is read back and compared
 * with the source: row counts and a checksum of every row's values in key order.
 */

/** One desk table as each engine's drizzle schema has it. */
export type DeskTable = { sqlite: SQLiteTable; postgres: PgTable };

const both = (sqlite: unknown, postgres: unknown): DeskTable => ({
  sqlite: sqlite as SQLiteTable,
  postgres: postgres as PgTable,
});

/**
 * Every table the desk keeps its rows in, parents before children: PostgreSQL checks each
 * reference as a row goes in. `question_status_counts`, `dashboard_quarter_hours` and
 * `first_replies` are left out: PostgreSQL's triggers count the questions, messages, runs and
 * replies as they go in, and what they kept is checked instead.
 */
export const COPIED_TABLES: readonly DeskTable[] = [
  both(sqliteSchema.bakery, postgresSchema.bakery),
  both(sqliteSchema.weeklyHours, postgresSchema.weeklyHours),
  both(sqliteSchema.dateExceptions, postgresSchema.dateExceptions),
  both(sqliteSchema.menuItems, postgresSchema.menuItems),
  both(sqliteSchema.knowledgeEntries, postgresSchema.knowledgeEntries),
  both(sqliteSchema.factChanges, postgresSchema.factChanges),
  both(sqliteSchema.users, postgresSchema.users),
  both(sqliteSchema.questions, postgresSchema.questions),
  both(sqliteSchema.agentRuns, postgresSchema.agentRuns),
  both(sqliteSchema.toolCalls, postgresSchema.toolCalls),
  both(sqliteSchema.replies, postgresSchema.replies),
  both(sqliteSchema.messages, postgresSchema.messages),
  both(sqliteSchema.ticketTokens, postgresSchema.ticketTokens),
  both(sqliteSchema.replacedTicketLinks, postgresSchema.replacedTicketLinks),
  both(sqliteSchema.emailOutbox, postgresSchema.emailOutbox),
  both(sqliteSchema.inboundEmails, postgresSchema.inboundEmails),
  both(sqliteSchema.inboundEmailAttempts, postgresSchema.inboundEmailAttempts),
  both(sqliteSchema.mailChannels, postgresSchema.mailChannels),
  both(sqliteSchema.connections, postgresSchema.connections),
  both(sqliteSchema.sessions, postgresSchema.sessions),
  both(sqliteSchema.staffInvites, postgresSchema.staffInvites),
  both(sqliteSchema.signInChallenges, postgresSchema.signInChallenges),
  both(sqliteSchema.recoveryCodes, postgresSchema.recoveryCodes),
  both(sqliteSchema.signInFailures, postgresSchema.signInFailures),
  both(sqliteSchema.rateLimitHits, postgresSchema.rateLimitHits),
  both(sqliteSchema.conversationNotes, postgresSchema.conversationNotes),
  both(sqliteSchema.replyFeedback, postgresSchema.replyFeedback),
  both(sqliteSchema.snippets, postgresSchema.snippets),
  both(sqliteSchema.labels, postgresSchema.labels),
  both(sqliteSchema.conversationLabels, postgresSchema.conversationLabels),
  both(sqliteSchema.auditLog, postgresSchema.auditLog),
  both(sqliteSchema.dataMigrations, postgresSchema.dataMigrations),
  both(sqliteSchema.backupRuns, postgresSchema.backupRuns),
];

/** Kept by each engine from the copied rows: checked, never copied. */
export const DERIVED_TABLES: readonly DeskTable[] = [
  both(sqliteSchema.questionStatusCounts, postgresSchema.questionStatusCounts),
  both(sqliteSchema.dashboardQuarterHours, postgresSchema.dashboardQuarterHours),
  both(sqliteSchema.firstReplies, postgresSchema.firstReplies),
];

/** SQLite's own bookkeeping: its migrations' journal and the knowledge search's FTS5 tables. */
const SQLITE_ONLY = /^(__drizzle_migrations|knowledge_search(_[a-z]+)?|sqlite_.*)$/;

/** A refusal before anything was written, in words for the operator. */
export class CopyRefused extends Error {}

export type TableResult = {
  table: string;
  sourceRows: number;
  targetRows: number;
  sourceChecksum: string;
  targetChecksum: string;
  same: boolean;
};

export type DerivedResult = { what: string; source: string; target: string; same: boolean };

export type CopyReport = {
  tables: TableResult[];
  derived: DerivedResult[];
  /** Whether every table and derived figure agreed; only then was the copy committed. */
  committed: boolean;
};

export type CopyProgress = { table: string; copied: number; total: number };

const PAGE_ROWS = 500;
// Inbound emails carry their whole MIME: fewer at a time keeps the memory small.
const PAGE_ROWS_WITH_BYTES = 50;

/**
 * Whether the SQLite file at `path` can be copied: an intact desk database at this release's
 * latest migration, holding no table this copy does not know.
 */
export function checkCopySource(path: string): void {
  const inspected = inspectDeskDatabase(path);
  if (!inspected.ok) throw new CopyRefused(inspected.problem);
  if (!inspected.latest) {
    throw new CopyRefused(
      `${path} is at migration ${inspected.migration.tag}, behind this release. Bring it up to date first: DATABASE_PATH=${path} npm run db:migrate (with DATABASE_URL unset), then copy again.`,
    );
  }
  const sqlite = openSource(path);
  try {
    const names = sqlite
      .prepare("select name from sqlite_master where type = 'table' order by name")
      .pluck()
      .all() as string[];
    const known = new Set(deskTableNames());
    const unknown = names.filter((name) => !known.has(name) && !SQLITE_ONLY.test(name));
    if (unknown.length > 0) {
      throw new CopyRefused(
        `${path} holds tables this release does not know (${unknown.join(', ')}); nothing was copied.`,
      );
    }
  } finally {
    sqlite.close();
  }
}

function openSource(path: string): Database.Database {
  const sqlite = new Database(resolve(path), { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  return sqlite;
}

/** Every desk table's name, as both engines call it. */
function deskTableNames(): string[] {
  return [...COPIED_TABLES, ...DERIVED_TABLES].map((table) => getTableName(table.postgres));
}

/** The tables of the target's schema, and how many rows each desk table there holds. */
async function inspectTarget(
  client: pg.Client,
): Promise<{ tables: string[]; deskRows: Map<string, number> }> {
  const tables = (
    await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables
       where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
    )
  ).rows.map((row) => row.name);
  const deskRows = new Map<string, number>();
  for (const name of deskTableNames()) {
    if (!tables.includes(name)) continue;
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from ${pg.escapeIdentifier(name)}`,
    );
    deskRows.set(name, Number(rows[0]?.n ?? 0));
  }
  return { tables, deskRows };
}

/** The refusal for a target that holds rows, or undefined for an empty desk. */
function nonEmptyProblem(deskRows: Map<string, number>): string | undefined {
  const held = [...deskRows].filter(([, n]) => n > 0);
  if (held.length === 0) return undefined;
  const named = held.slice(0, 4).map(([name, n]) => `${name}: ${n}`);
  if (held.length > named.length) named.push(`${held.length - named.length} more tables`);
  return `The target database already holds a desk's rows (${named.join(', ')}). Copy into an empty database; nothing was written.`;
}

/**
 * Makes the database at `url` ready to take a desk: migrated when it has no tables yet (or an
 * empty desk brought up to date), refused when it holds rows or tables that are not a desk's.
 */
export async function prepareCopyTarget(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw new CopyRefused(
      `Cannot reach the PostgreSQL database at ${withoutPassword(url)}: ${(error as Error).message}`,
    );
  }
  try {
    const { tables, deskRows } = await inspectTarget(client);
    const problem = nonEmptyProblem(deskRows);
    if (problem) throw new CopyRefused(problem);
    if (tables.length > 0) {
      const desk = new Set(deskTableNames());
      const others = tables.filter((name) => !desk.has(name));
      const migrated = (
        await client.query(
          "select 1 from information_schema.tables where table_schema = 'drizzle' and table_name = '__drizzle_migrations'",
        )
      ).rows.length;
      if (others.length > 0 || migrated === 0) {
        throw new CopyRefused(
          `The target database holds tables that are not a desk's (${(
            others.length > 0 ? others : tables
          ).join(', ')}). Copy into an empty database; nothing was written.`,
        );
      }
    }
  } finally {
    await client.end();
  }
  await migratePostgres(url);
}

/** Every desk table the migrated target lacks (its migrations' journal says more than it has). */
async function missingTables(client: pg.Client): Promise<string[]> {
  const { tables } = await inspectTarget(client);
  return deskTableNames().filter((name) => !tables.includes(name));
}

type Sqlite = BetterSQLite3Database;
type Postgres = NodePgDatabase;

/** A table's key column on each engine, with its property name in drizzle's rows. */
function keyOf(table: SQLiteTable | PgTable): { property: string; column: Column } {
  const entry = Object.entries(getTableColumns(table)).find(([, column]) => column.primary);
  if (!entry) throw new Error(`${getTableName(table)} has no single key column.`);
  return { property: entry[0], column: entry[1] };
}

function pageRows(table: SQLiteTable | PgTable): number {
  const columns = Object.values(getTableColumns(table));
  return columns.some((column) => column.getSQLType() === 'blob' || column.getSQLType() === 'bytea')
    ? PAGE_ROWS_WITH_BYTES
    : PAGE_ROWS;
}

/**
 * The rows of a SQLite table in key order, a page at a time. Text keys are compared byte by
 * byte, as PostgreSQL's "C" collation compares them below, so both engines give one order.
 */
function* sqliteRows(db: Sqlite, table: SQLiteTable): Generator<Record<string, unknown>[]> {
  const key = keyOf(table);
  const size = pageRows(table);
  let last: unknown;
  for (;;) {
    const page = db
      .select()
      .from(table)
      .where(last === undefined ? undefined : gt(key.column, last))
      .orderBy(asc(key.column))
      .limit(size)
      .all() as Record<string, unknown>[];
    if (page.length === 0) return;
    yield page;
    last = page.at(-1)?.[key.property];
    if (page.length < size) return;
  }
}

async function* postgresRows(
  db: Postgres,
  table: PgTable,
): AsyncGenerator<Record<string, unknown>[]> {
  const key = keyOf(table);
  const size = pageRows(table);
  const byBytes = key.column.getSQLType() === 'text';
  const keySql = byBytes ? sql`${key.column} collate "C"` : sql`${key.column}`;
  let last: unknown;
  for (;;) {
    const page = (await db
      .select()
      .from(table)
      .where(last === undefined ? undefined : sql`${keySql} > ${last}`)
      .orderBy(keySql)
      .limit(size)) as Record<string, unknown>[];
    if (page.length === 0) return;
    yield page;
    last = page.at(-1)?.[key.property];
    if (page.length < size) return;
  }
}

/** Each status's questions, as a sorted list, for comparing what the two engines count. */
function describeCounts(rows: { status: string; count: number }[]): string {
  return (
    rows
      .filter((row) => row.count !== 0)
      .sort((a, b) => (a.status < b.status ? -1 : a.status > b.status ? 1 : 0))
      .map((row) => `${row.status} ${row.count}`)
      .join(', ') || 'none'
  );
}

/**
 * Copies the desk in the SQLite file `from` into the PostgreSQL database at `to`, in one
 * transaction with every table locked against other writers. `onVerified` sees the
 * comparison before the commit; any difference rolls everything back. The file is only read,
 * inside one read transaction, so a desk still running on it is copied as of one moment.
 */
export async function copyDesk({
  from,
  to,
  onProgress = () => undefined,
  onVerified = () => undefined,
}: {
  from: string;
  to: string;
  onProgress?: (progress: CopyProgress) => void;
  onVerified?: (report: CopyReport) => void;
}): Promise<CopyReport> {
  checkCopySource(from);
  await prepareCopyTarget(to);

  const sqlite = openSource(from);
  const client = new pg.Client({ connectionString: to });
  try {
    await client.connect();
    const source = drizzleSqlite({ client: sqlite });
    const target = drizzlePostgres({ client });
    sqlite.exec('begin');
    await client.query('begin');
    try {
      const report = await copyInTransaction({ sqlite, source, client, target, onProgress });
      onVerified(report);
      if (!report.committed) {
        await client.query('rollback');
        return report;
      }
      await moveIdentitySequences(client);
      await client.query('commit');
      return report;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      sqlite.exec('rollback');
    }
  } finally {
    sqlite.close();
    await client.end().catch(() => undefined);
  }
}

async function copyInTransaction({
  sqlite,
  source,
  client,
  target,
  onProgress,
}: {
  sqlite: Database.Database;
  source: Sqlite;
  client: pg.Client;
  target: Postgres;
  onProgress: (progress: CopyProgress) => void;
}): Promise<CopyReport> {
  const missing = await missingTables(client);
  if (missing.length > 0) {
    throw new CopyRefused(
      `The target database lacks the desk's tables ${missing.join(', ')} though its migrations say they were made. Copy into an empty database; nothing was written.`,
    );
  }
  // No other writer (a desk started too early, a second copy) gets in until the commit.
  const names = deskTableNames();
  await client.query(
    `lock table ${names.map((name) => pg.escapeIdentifier(name)).join(', ')} in exclusive mode`,
  );
  const { deskRows } = await inspectTarget(client);
  const problem = nonEmptyProblem(deskRows);
  if (problem) throw new CopyRefused(problem);

  const copied: { into: PgTable; name: string; rows: number; checksum: string }[] = [];
  for (const { sqlite: from, postgres: into } of COPIED_TABLES) {
    const name = getTableName(from);
    const total = sqlite.prepare(`select count(*) from "${name}"`).pluck().get() as number;
    const checksum = new TableChecksum();
    onProgress({ table: name, copied: 0, total });
    for (const page of sqliteRows(source, from)) {
      for (const row of page) checksum.add(row);
      await target.insert(into).values(page as PgTable['$inferInsert'][]);
      onProgress({ table: name, copied: checksum.rows, total });
    }
    if (checksum.rows !== total) {
      throw new Error(`${name}: ${total} rows counted but ${checksum.rows} read.`);
    }
    copied.push({ into, name, rows: total, checksum: checksum.digest() });
  }

  const tables: TableResult[] = [];
  for (const { into, name, rows, checksum } of copied) {
    const { rows: counted } = await client.query<{ n: string }>(
      `select count(*) as n from ${pg.escapeIdentifier(name)}`,
    );
    const readBack = new TableChecksum();
    for await (const page of postgresRows(target, into)) {
      for (const row of page) readBack.add(row);
    }
    const targetRows = Number(counted[0]?.n ?? 0);
    const targetChecksum = readBack.digest();
    tables.push({
      table: name,
      sourceRows: rows,
      targetRows,
      sourceChecksum: checksum,
      targetChecksum,
      same: rows === targetRows && readBack.rows === targetRows && checksum === targetChecksum,
    });
  }

  const derived = await checkDerived(sqlite, client);
  return {
    tables,
    derived,
    committed: tables.every((t) => t.same) && derived.every((d) => d.same),
  };
}

const FIRST_REPLIES = `select question_id, received_at, channel, sent_at, sent_by
  from first_replies order by question_id`;

/** Each question's kept first reply, and in brief. */
function describeFirstReplies(rows: Record<string, unknown>[]): { all: string; brief: string } {
  return {
    all: rows.map((row) => Object.values(row).map(String).join(' ')).join('\n'),
    brief: `${rows.length} answered questions`,
  };
}

const QUARTER_FIGURES = `select quarter, channel, questions, messages, runs, cost_usd,
  input_tokens, output_tokens, cache_read_tokens, cache_write_tokens from dashboard_quarter_hours`;

/**
 * The dashboard's kept figures, quarter by quarter (rows of nothing left out, money to a
 * millionth of a dollar, as sums kept in another order may differ below it), and in brief.
 */
function describeQuarters(rows: Record<string, unknown>[]): { all: string; brief: string } {
  const kept = rows
    .map((row) => Object.values(row).map((v) => (typeof v === 'number' ? Math.round(v * 1e6) : v)))
    .filter((values) => values.slice(2).some((v) => v !== 0))
    .map((values) => values.join(' '))
    .sort();
  const sum = (column: string) => rows.reduce((total, row) => total + Number(row[column]), 0);
  return {
    all: kept.join('\n'),
    brief: `${kept.length} quarter hours: ${sum('questions')} questions, ${sum('messages')} messages, ${sum('runs')} runs`,
  };
}

/**
 * What PostgreSQL keeps from the copied rows by itself: the status counts, the dashboard's
 * figures per quarter hour and first replies, the search column.
 */
async function checkDerived(
  sqlite: Database.Database,
  client: pg.Client,
): Promise<DerivedResult[]> {
  const questions = sqlite
    .prepare('select status, count(*) as count from questions group by status')
    .all() as { status: string; count: number }[];
  const kept = (
    await client.query<{ status: string; count: number }>(
      'select status, count from question_status_counts',
    )
  ).rows;
  const source = describeCounts(questions);
  const target = describeCounts(kept);
  const sourceQuarters = describeQuarters(
    sqlite.prepare(QUARTER_FIGURES).all() as Record<string, unknown>[],
  );
  const targetQuarters = describeQuarters((await client.query(QUARTER_FIGURES)).rows);
  const sourceFirst = describeFirstReplies(
    sqlite.prepare(FIRST_REPLIES).all() as Record<string, unknown>[],
  );
  const targetFirst = describeFirstReplies((await client.query(FIRST_REPLIES)).rows);

  const [search] = (
    await client.query<{ generated: string | null; missing: string | null }>(
      `select
         (select is_generated from information_schema.columns
          where table_schema = current_schema() and table_name = 'knowledge_entries'
            and column_name = 'search') as generated,
         (select count(*) from knowledge_entries where search is null)::text as missing`,
    )
  ).rows;
  const entries = sqlite.prepare('select count(*) from knowledge_entries').pluck().get() as number;
  const searchable =
    search?.generated === 'ALWAYS'
      ? `${entries - Number(search.missing ?? 0)} of ${entries} entries`
      : 'no generated search column';
  return [
    { what: 'question_status_counts', source, target, same: source === target },
    {
      what: 'dashboard_quarter_hours',
      source: sourceQuarters.brief,
      target: targetQuarters.brief,
      same: sourceQuarters.all === targetQuarters.all,
    },
    {
      what: 'first_replies',
      source: sourceFirst.brief,
      target: targetFirst.brief,
      same: sourceFirst.all === targetFirst.all,
    },
    {
      what: 'knowledge_entries.search',
      source: `${entries} of ${entries} entries`,
      target: searchable,
      same: searchable === `${entries} of ${entries} entries`,
    },
  ];
}

/**
 * Each identity column's sequence, moved past the ids the copy brought, so the desk's next row
 * gets the next id. Done last: a sequence moves even in a transaction that rolls back.
 */
async function moveIdentitySequences(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ table: string; column: string }>(
    `select table_name as table, column_name as column from information_schema.columns
     where table_schema = current_schema() and is_identity = 'YES'`,
  );
  for (const { table, column } of rows) {
    const id = pg.escapeIdentifier(column);
    await client.query(
      `select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${id}) from ${pg.escapeIdentifier(table)}), 0) + 1, false)`,
      [pg.escapeIdentifier(table), column],
    );
  }
}
