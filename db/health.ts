import 'server-only';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { type Db, engineOf, getDb } from './client';

export type DatabaseHealth = { ok: true; migrations: number } | { ok: false; reason: string };

/** Opens (and migrates) the database if needed and proves it answers a query. */
export async function checkDatabase(): Promise<DatabaseHealth> {
  try {
    return { ok: true, migrations: await appliedMigrations(await getDb()) };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * How many schema migrations the database has had. Drizzle's record of them is a table of the
 * main database on SQLite, and of its own `drizzle` schema on PostgreSQL.
 */
async function appliedMigrations(db: Db): Promise<number> {
  if (engineOf(db) === 'postgres') {
    const { rows } = await (db as unknown as NodePgDatabase).execute<{ n: number }>(
      sql`select count(*) as n from drizzle.__drizzle_migrations`,
    );
    return Number(rows[0]?.n ?? 0);
  }
  // Raw SQL through drizzle answers each row as its values, in select order.
  const [row] = await db.all<[number]>(sql`select count(*) as n from __drizzle_migrations`);
  return row?.[0] ?? 0;
}
