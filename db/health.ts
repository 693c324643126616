import 'server-only';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import {
  type MigrationStanding,
  migrationStanding,
  parseJournal,
} from '@/lib/backup/migration-standing';
import { type Db, engineOf, getDb } from './client';
import { MIGRATIONS_FOLDER } from './migrations-folder';
import { POSTGRES_MIGRATIONS_FOLDER } from './postgres-migrate';

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

/**
 * Whether the database answers one trivial statement now (opening it first if this process has
 * not yet). Throws what the driver threw when it does not.
 */
export async function pingDatabase(): Promise<void> {
  const db = await getDb();
  if (engineOf(db) === 'postgres') {
    await (db as unknown as NodePgDatabase).execute(sql`select 1`);
  } else {
    await db.all(sql`select 1`);
  }
}

/**
 * Where the database stands against the migrations this code ships: `current` when it has had
 * the newest, `behind` when another process is still to apply some, `ahead` when a newer
 * release migrated it.
 */
export async function migrationsStanding(): Promise<MigrationStanding> {
  const db = await getDb();
  const postgres = engineOf(db) === 'postgres';
  const folder = postgres ? POSTGRES_MIGRATIONS_FOLDER : MIGRATIONS_FOLDER;
  const journal = parseJournal(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8'));
  return migrationStanding({ newestApplied: await newestApplied(db, postgres), journal });
}

async function newestApplied(db: Db, postgres: boolean): Promise<number | null> {
  if (postgres) {
    const { rows } = await (db as unknown as NodePgDatabase).execute<{ newest: string | null }>(
      sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
    );
    const newest = rows[0]?.newest;
    return newest === null || newest === undefined ? null : Number(newest);
  }
  const [row] = await db.all<[number | null]>(
    sql`select max(created_at) from __drizzle_migrations`,
  );
  const newest = row?.[0];
  return newest === null || newest === undefined ? null : Number(newest);
}
