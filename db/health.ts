import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb } from './client';

export type DatabaseHealth = { ok: true; migrations: number } | { ok: false; reason: string };

/** Opens (and migrates) the database if needed and proves it answers a query. */
export function checkDatabase(): DatabaseHealth {
  try {
    const db = getDb();
    const row = db.get<{ n: number }>(sql`select count(*) as n from __drizzle_migrations`);
    return { ok: true, migrations: row.n };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
