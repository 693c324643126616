import 'server-only';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import {
  aheadMessage,
  DatabaseAheadError,
  migrationStanding,
  parseJournal,
} from '@/lib/backup/migration-standing';

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
    await refuseIfAhead(client);
    await migrate(drizzle({ client }), { migrationsFolder: POSTGRES_MIGRATIONS_FOLDER });
  } finally {
    // Ending the session releases the lock, whatever happened.
    await client.end();
  }
}

/** A database a newer release migrated is not touched: one line saying so (`DatabaseAheadError`). */
async function refuseIfAhead(client: pg.Client): Promise<void> {
  const found = await client.query<{ table: string | null }>(
    "select to_regclass('drizzle.__drizzle_migrations')::text as table",
  );
  const newest = found.rows[0]?.table
    ? (
        await client.query<{ newest: string | null }>(
          'select max(created_at)::text as newest from drizzle.__drizzle_migrations',
        )
      ).rows[0]?.newest
    : null;
  const standing = migrationStanding({
    newestApplied: newest === null || newest === undefined ? null : Number(newest),
    journal: parseJournal(
      readFileSync(join(POSTGRES_MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
    ),
  });
  if (standing.kind === 'ahead') {
    throw new DatabaseAheadError(aheadMessage('DATABASE_URL', standing));
  }
}
