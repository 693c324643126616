import 'server-only';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { env } from '@/lib/env';
import { applyDataMigrations } from './data-migrations';
import * as schema from './schema';
import { seedIfEmpty } from './seed';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

type Opened = { path: string; db: Db };

// One handle per process: survives Next's dev reloads, and every module shares it.
const cache = globalThis as unknown as { __bakeryDb?: Opened };

export const MIGRATIONS_FOLDER = join(process.cwd(), 'drizzle');

/**
 * Opens the SQLite file (creating its folder), turns on WAL, foreign keys and a busy
 * timeout, applies pending migrations and seeds the example bakery into an empty database.
 */
export function openDatabase({ path, seed = true }: { path: string; seed?: boolean }): Db {
  const fullPath = resolve(path);
  mkdirSync(dirname(fullPath), { recursive: true });
  const isNew = !existsSync(fullPath);
  const sqlite = new Database(fullPath);
  // It holds password hashes, authenticator secrets and customers' words: a new file is its
  // owner's alone, and SQLite gives the WAL and shared-memory files it makes the same mode.
  if (isNew) chmodSync(fullPath, 0o600);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // Erased customer text must not linger in free pages (or in the backups that copy them).
  sqlite.pragma('secure_delete = ON');
  const db = drizzle({ client: sqlite, schema });
  migrateWithRetry(db);
  withBusyRetry(() => applyDataMigrations(db));
  if (seed) seedIfEmpty(db);
  return db;
}

/** Two processes starting together may race to migrate; the loser waits and finds it done. */
function migrateWithRetry(db: Db): void {
  withBusyRetry(() => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }));
}

function withBusyRetry(work: () => unknown): void {
  for (let attempt = 1; ; attempt++) {
    try {
      work();
      return;
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (!code.startsWith('SQLITE_BUSY') || attempt >= 20) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50 * attempt);
    }
  }
}

/** The process's database, at DATABASE_PATH. */
export function getDb(): Db {
  const path = resolve(env().DATABASE_PATH);
  if (cache.__bakeryDb?.path !== path) {
    cache.__bakeryDb?.db.$client.close();
    cache.__bakeryDb = { path, db: openDatabase({ path }) };
  }
  return cache.__bakeryDb.db;
}

/**
 * SQLite's count of commits made through other connections to this database file (another
 * process, another server): constant-time, so it can be read every fraction of a second. Writes
 * through this process's own connection do not move it; they announce themselves in-process.
 */
export function otherConnectionsCommitCount(): number {
  return getDb().$client.pragma('data_version', { simple: true }) as number;
}

export function closeDb(): void {
  cache.__bakeryDb?.db.$client.close();
  cache.__bakeryDb = undefined;
}

/**
 * Runs `work` in a BEGIN IMMEDIATE transaction: the write lock is taken up front, so two
 * processes can never both read-then-write the same rows (claiming, sending).
 */
export function immediate<T>(db: Db, work: (tx: Db) => T): T {
  return runnerFor(db.$client).immediate(work, db) as T;
}

type Runner = Database.Transaction<(work: (tx: Db) => unknown, db: Db) => unknown>;

// better-sqlite3 builds a new wrapper for every transaction() call; one runner per connection
// takes the work as an argument instead, so a draft's two transactions build nothing.
const runners = new WeakMap<Database.Database, Runner>();

function runnerFor(sqlite: Database.Database): Runner {
  let runner = runners.get(sqlite);
  if (!runner) {
    runner = sqlite.transaction((work: (tx: Db) => unknown, db: Db) => work(db));
    runners.set(sqlite, runner);
  }
  return runner;
}
