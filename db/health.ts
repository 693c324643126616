import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb } from './client';

export type DatabaseHealth = { ok: true; migrations: number } | { ok: false; reason: string };

/** Opens (and migrates) the database if needed and proves it answers a query. */
export async function checkDatabase(): Promise<DatabaseHealth> {
  try {
    const db = await getDb();
    // Raw SQL through drizzle answers each row as its values, in select order.
    const [row] = await db.all<[number]>(sql`select count(*) as n from __drizzle_migrations`);
    return { ok: true, migrations: row?.[0] ?? 0 };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
