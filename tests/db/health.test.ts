// @module-tag postgres: the health check against the database.
import { readdirSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkDatabase } from '@/db/health';
import { onPostgres, useTempDatabase } from '../support/temp-db';

let database: Awaited<ReturnType<typeof useTempDatabase>>;
beforeEach(async () => {
  // Empty on PostgreSQL too: the check counts the migrations its own first open applies.
  database = await useTempDatabase({ empty: true });
});
afterEach(() => database.cleanup());

/** The engine's schema migrations, as its folder holds them. */
function migrationFiles(): number {
  const folder = onPostgres() ? 'drizzle-postgres' : 'drizzle';
  return readdirSync(folder).filter((name) => name.endsWith('.sql')).length;
}

describe('the health check', () => {
  it('opens a fresh database and counts every migration it applied', async () => {
    const health = await checkDatabase();
    expect(health).toEqual({ ok: true, migrations: migrationFiles() });
    expect(migrationFiles()).toBeGreaterThan(0);
  });
});
