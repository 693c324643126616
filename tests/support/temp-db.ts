import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { closeDb } from '@/db/client';
import { resetEnvForTests } from '@/lib/env';
import { createSeededDatabase } from './postgres-template';

export type TempDatabase = {
  /** The SQLite file (on PostgreSQL, a folder name nothing is written to). */
  path: string;
  /** On PostgreSQL, the fresh database's URL. */
  url?: string;
  cleanup: () => Promise<void>;
};

/** Whether this test run is the one on PostgreSQL (`npm run test:unit:postgres`). */
export const onPostgres = (): boolean => process.env.DATABASE_URL !== undefined;

/**
 * Points the process's database at a fresh one, as its first open leaves it (migrated, the
 * example bakery seeded): a new SQLite file, which that first open makes, or on PostgreSQL a new
 * database on the run's throwaway server (POSTGRES_ADMIN_URL), a copy of a desk opened once per
 * run (`postgres-template.ts`). `empty` gives PostgreSQL an empty database instead, for tests of
 * what the first open itself does. The cleanup removes it.
 */
export async function useTempDatabase({ empty = false } = {}): Promise<TempDatabase> {
  await closeDb();
  const dir = mkdtempSync(join(tmpdir(), 'bakery-desk-test-'));
  const path = join(dir, 'desk.db');
  const admin = process.env.POSTGRES_ADMIN_URL;
  if (onPostgres() && admin) {
    const name = `desk_${process.pid}_${randomBytes(6).toString('hex')}`;
    const url = empty
      ? await createEmptyDatabase(admin, name)
      : await createSeededDatabase(admin, name);
    process.env.DATABASE_URL = url;
    resetEnvForTests();
    return {
      path,
      url,
      cleanup: async () => {
        await closeDb();
        await adminQuery(admin, `drop database if exists ${name} with (force)`);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  if (onPostgres()) throw new Error('POSTGRES_ADMIN_URL is not set: run through with-postgres.ts.');
  process.env.DATABASE_PATH = path;
  resetEnvForTests();
  return {
    path,
    cleanup: async () => {
      await closeDb();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function createEmptyDatabase(admin: string, name: string): Promise<string> {
  await adminQuery(admin, `create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
