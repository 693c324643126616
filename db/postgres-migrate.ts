import 'server-only';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

export const POSTGRES_MIGRATIONS_FOLDER = join(process.cwd(), 'drizzle-postgres');

/** Any number, the same in every process: the desk's migrations take this advisory lock. */
const migrationLock = 0x6261_6b65;

/**
 * Applies the PostgreSQL migrations (drizzle-postgres/) that the database at `url` has not had.
 * Two processes starting together take turns on an advisory lock, so the second finds the work
 * done instead of racing it.
 */
export async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLock]);
    await migrate(drizzle({ client }), { migrationsFolder: POSTGRES_MIGRATIONS_FOLDER });
  } finally {
    // Ending the session releases the lock, whatever happened.
    await client.end();
  }
}
