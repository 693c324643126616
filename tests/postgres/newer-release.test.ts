import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratePostgres, POSTGRES_MIGRATIONS_FOLDER } from '@/db/postgres-migrate';
import { DatabaseAheadError } from '@/lib/backup/migration-standing';
import { folderWithNewerMigration } from '../support/migrations';
import { type Postgres, startPostgres } from '../support/postgres';

/**
 * A PostgreSQL database a newer release has migrated (this release's migrations and one more,
 * applied by drizzle from a journal with an extra entry) is refused, not migrated.
 */
let server: Postgres;
let root: string;

beforeAll(async () => {
  server = await startPostgres();
  root = mkdtempSync(join(tmpdir(), 'bakery-desk-pg-newer-'));
});
afterAll(() => {
  server?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('a PostgreSQL database from a newer release', () => {
  it('is refused with one line, and an earlier one is migrated as before', async () => {
    const folder = folderWithNewerMigration(
      POSTGRES_MIGRATIONS_FOLDER,
      root,
      'CREATE TABLE "pastry_robots" ("id" integer);\n',
    );

    const url = await server.createDatabase('desk_newer');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await migrate(drizzle({ client }), { migrationsFolder: folder });
    } finally {
      await client.end();
    }
    const refused = migratePostgres(url);
    await expect(refused).rejects.toBeInstanceOf(DatabaseAheadError);
    await expect(refused).rejects.toThrow(
      /^The database at DATABASE_URL was changed by a newer release of Bakery Desk \(a migration from .* UTC; this release knows up to \d{4}_\w+\)\. Run that release, or restore a backup taken before it\.$/,
    );

    const fresh = await server.createDatabase('desk_fresh');
    await expect(migratePostgres(fresh)).resolves.toBeUndefined();
    await expect(migratePostgres(fresh)).resolves.toBeUndefined();
  });
});
