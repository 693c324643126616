import 'server-only';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle as drizzleSync } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { drizzle, type SqliteRemoteDatabase } from 'drizzle-orm/sqlite-proxy';
import { env } from '@/lib/env';
import { applyDataMigrations } from './data-migrations';
import './driver-errors';
import * as schema from './schema';
import { seedIfEmpty } from './seed';
import { SqliteConnection } from './sqlite-connection';

/**
 * The database as every query function sees it: asynchronous, so the same functions can run on
 * an engine reached over the network. On SQLite each statement still runs synchronously inside
 * its promise; `immediate` and `snapshot` keep a transaction's statements apart from the rest of
 * the process's (see `SqliteConnection`).
 */
export type Db = SqliteRemoteDatabase<typeof schema> & { $client: Database.Database };

type Opened = { path: string; db: Promise<Db>; closed: boolean };

// One handle per process: survives Next's dev reloads, and every module shares it.
const cache = globalThis as unknown as { __bakeryDb?: Opened };

// Each Next.js bundle has its own copy of this module, but they share the handle on globalThis:
// its connection is found through a key every copy knows.
const CONNECTION = Symbol.for('bakery-desk.sqlite-connection');
type WithConnection = { [CONNECTION]?: SqliteConnection };

export const MIGRATIONS_FOLDER = join(process.cwd(), 'drizzle');

/**
 * Opens the SQLite file (creating its folder), turns on WAL, foreign keys and a busy
 * timeout, applies pending migrations and seeds the example bakery into an empty database.
 */
export async function openDatabase({
  path,
  seed = true,
}: {
  path: string;
  seed?: boolean;
}): Promise<Db> {
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
  withBusyRetry(() =>
    migrate(drizzleSync({ client: sqlite }), { migrationsFolder: MIGRATIONS_FOLDER }),
  );
  const db = wrapSqlite(sqlite);
  await withBusyRetryAsync(() => applyDataMigrations(db));
  if (seed) await seedIfEmpty(db);
  return db;
}

/** The asynchronous drizzle handle over an open better-sqlite3 connection. */
export function wrapSqlite(sqlite: Database.Database): Db {
  const connection = new SqliteConnection(sqlite);
  const db = drizzle(
    // A 'get' answers one row (itself an array), 'all' and 'values' an array of rows.
    (text, params, method) =>
      connection.execute(text, params, method) as Promise<{ rows: unknown[] }>,
    { schema },
  ) as Db;
  db.$client = sqlite;
  (db as WithConnection)[CONNECTION] = connection;
  return db;
}

/** Two processes starting together may race to migrate; the loser waits and finds it done. */
function withBusyRetry(work: () => unknown): void {
  for (let attempt = 1; ; attempt++) {
    try {
      work();
      return;
    } catch (error) {
      if (!isBusy(error) || attempt >= 20) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50 * attempt);
    }
  }
}

async function withBusyRetryAsync(work: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await work();
      return;
    } catch (error) {
      if (!isBusy(error) || attempt >= 20) throw error;
      await new Promise((done) => setTimeout(done, 50 * attempt));
    }
  }
}

function isBusy(error: unknown): boolean {
  return ((error as { code?: string }).code ?? '').startsWith('SQLITE_BUSY');
}

/** The process's database, at DATABASE_PATH, opened (migrated, seeded) on first use. */
export function getDb(): Promise<Db> {
  const path = resolve(env().DATABASE_PATH);
  if (cache.__bakeryDb?.path !== path) {
    closeDb();
    const opened: Opened = { path, db: openDatabase({ path }), closed: false };
    opened.db.then(
      (db) => {
        openedNow.set(opened.db, db);
        // Closed while it was opening: nobody holds it any more.
        if (opened.closed) db.$client.close();
      },
      // A failed open is not kept: the next call tries again (after the operator's fix).
      () => {
        if (cache.__bakeryDb === opened) cache.__bakeryDb = undefined;
      },
    );
    cache.__bakeryDb = opened;
  }
  return cache.__bakeryDb.db;
}

/**
 * SQLite's count of commits made through other connections to this database file (another
 * process, another server): constant-time, so it can be read every fraction of a second. Writes
 * through this process's own connection do not move it; they announce themselves in-process.
 */
export async function otherConnectionsCommitCount(): Promise<number> {
  return connectionOf(await getDb()).dataVersion();
}

/** Closes the process's database: at once when it is open, or as soon as it finishes opening. */
export function closeDb(): void {
  const opened = cache.__bakeryDb;
  cache.__bakeryDb = undefined;
  if (!opened) return;
  opened.closed = true;
  const db = openedNow.get(opened.db);
  if (db?.$client.open) db.$client.close();
}

// The handle behind each settled open, so closing needs no await.
const openedNow = new WeakMap<Promise<Db>, Db>();

function connectionOf(db: Db): SqliteConnection {
  const connection = (db as WithConnection)[CONNECTION];
  if (!connection) throw new Error('Not a database opened by db/client.');
  return connection;
}

/**
 * Runs `work` in a BEGIN IMMEDIATE transaction: the write lock is taken up front, so two
 * processes can never both read-then-write the same rows (claiming, sending). Statements the
 * rest of this process issues meanwhile wait until it ends; a transaction begun inside one
 * joins it.
 */
export function immediate<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return connectionOf(db).transaction('begin immediate', db, work);
}

/** Runs `work`'s reads in one transaction, so they all see the database as of one moment. */
export function snapshot<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return connectionOf(db).transaction('begin', db, work);
}
