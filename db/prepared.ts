import 'server-only';
import { type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { type Db, engineOf } from './client';

const byConnection = new WeakMap<Db, Map<string, unknown>>();

/**
 * A statement built and prepared once per database connection, for the paths that run on every
 * request or draft: drizzle otherwise builds the SQL text and SQLite prepares it on every call,
 * which costs more than the write itself. Keyed by the connection, so a reopened database (a test
 * switching files, a restore) prepares afresh. Values go in as `sql.placeholder`s: an insert's
 * placeholders are encoded by their columns (dates to milliseconds), a where clause's are not.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db) => T): T {
  // PostgreSQL's round trip dwarfs building the text; and a statement built outside a
  // transaction would not run in it, so each is built afresh as it runs.
  if (engineOf(db) === 'postgres') return builtAsItRuns(db, build, []) as T;
  let statements = byConnection.get(db);
  if (!statements) {
    statements = new Map();
    byConnection.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    statements.set(name, statement);
  }
  return statement;
}

/**
 * A prepared statement's named value, for a where clause or an update's set: encoded as its
 * column stores it (a Date as milliseconds), as a literal value in a query would be.
 */
export function placeholderFor(name: string, column: SQLiteColumn): SQL {
  return sql`${sql.param(sql.placeholder(name), column as never)}`;
}

/**
 * A LIMIT written into the statement's text rather than bound: SQLite reads the first row of
 * an index in order several times faster under `limit 1` than under `limit ?`, which is how
 * drizzle writes a number.
 */
export function literalLimit(rows: number): number {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new Error(`not a row count: ${rows}`);
  // Drizzle writes an SQL object into the statement as it is; its type admits only numbers.
  return sql.raw(String(rows)) as unknown as number;
}

type PgStatement = { execute: (values?: Record<string, unknown>) => Promise<unknown[]> };

/**
 * PostgreSQL's statements in the shape `build` gives (one, or an object of them), each
 * answering as SQLite's prepared queries do (`get` one row, `all`, `run`) and built when it runs.
 */
function builtAsItRuns(db: Db, build: (db: Db) => unknown, path: string[]): unknown {
  const at = (built: unknown) =>
    path.reduce((part, key) => (part as Record<string, unknown>)[key], built);
  const sample = at(build(db));
  if (typeof (sample as Partial<PgStatement>).execute !== 'function') {
    return Object.fromEntries(
      Object.keys(sample as object).map((key) => [key, builtAsItRuns(db, build, [...path, key])]),
    );
  }
  const execute = (values?: Record<string, unknown>) =>
    (at(build(db)) as PgStatement).execute(values);
  return {
    get: async (values?: Record<string, unknown>) => (await execute(values))[0],
    all: execute,
    run: execute,
  };
}
