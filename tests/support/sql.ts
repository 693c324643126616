import type pg from 'pg';
import { getDb } from '@/db/client';
import { numbered } from './numbered-params';

/*
 * Raw SQL against the process's database, on either engine, for tests that look at or change
 * rows behind the desk's back. Write `?` for each value (numbered for PostgreSQL here) and
 * portable SQL: booleans as true/false, instants as milliseconds. Rows come back as objects
 * named by column; PostgreSQL's booleans are true/false where SQLite's are 1/0.
 */

export async function sqlRows<T = Record<string, unknown>>(
  text: string,
  ...params: unknown[]
): Promise<T[]> {
  const client = (await getDb()).$client as unknown;
  if (isPool(client)) return (await client.query(numbered(text), params)).rows as T[];
  const sqlite = (await getDb()).$client;
  const statement = sqlite.prepare(text);
  if (!statement.reader) {
    statement.run(...params);
    return [];
  }
  return statement.all(...params) as T[];
}

/** The first column of the first row (a count, one field). */
export async function sqlValue<T = number>(text: string, ...params: unknown[]): Promise<T> {
  const [row] = await sqlRows<Record<string, unknown>>(text, ...params);
  return (row === undefined ? undefined : Object.values(row)[0]) as T;
}

/** Runs a statement that answers no rows (update, delete, insert). */
export async function sqlRun(text: string, ...params: unknown[]): Promise<void> {
  await sqlRows(text, ...params);
}

function isPool(client: unknown): client is pg.Pool {
  return typeof (client as pg.Pool).query === 'function' && !('prepare' in (client as object));
}
