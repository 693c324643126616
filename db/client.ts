import 'server-only';
import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle as drizzleSync } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { drizzle, type SqliteRemoteDatabase } from 'drizzle-orm/sqlite-proxy';
import {
  aheadMessage,
  DatabaseAheadError,
  migrationStanding,
  parseJournal,
} from '@/lib/backup/migration-standing';
import { backupFolder } from '@/lib/backup/schedule';
import type { BackupRecord } from '@/lib/backup/words';
import { env } from '@/lib/env';
import { takeBackup } from './backup';
import { recordBackupRun } from './backup-record';
import { applyDataMigrations } from './data-migrations';
import './driver-errors';
import { MIGRATIONS_FOLDER } from './migrations-folder';
import { PostgresConnection } from './postgres-connection';
import { migratePostgres } from './postgres-migrate';
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

type Opened = { where: string; db: Promise<Db>; closed: boolean };

// One handle per process: survives Next's dev reloads, and every module shares it.
const cache = globalThis as unknown as { __bakeryDb?: Opened };

// Each Next.js bundle has its own copy of this module, but they share the handle on globalThis:
// its connection is found through a key every copy knows.
const CONNECTION = Symbol.for('bakery-desk.sqlite-connection');
type WithConnection = { [CONNECTION]?: SqliteConnection | PostgresConnection };

export { MIGRATIONS_FOLDER };

/** Where the desk's own backups go and how many are kept (BACKUP_DIR, BACKUP_KEEP). */
export type BackupPlace = { dir: string; keep: number };

/**
 * Opens the SQLite file (creating its folder), turns on WAL, foreign keys and a busy
 * timeout, applies pending migrations and seeds the example bakery into an empty database.
 * A database a newer release migrated is refused (`DatabaseAheadError`, one line). With
 * `backupBeforeMigrating`, a database with migrations to apply is backed up first (a new one
 * needs none), and a failed backup leaves it unmigrated.
 */
export async function openDatabase({
  path,
  seed = true,
  backupBeforeMigrating,
}: {
  path: string;
  seed?: boolean;
  backupBeforeMigrating?: BackupPlace;
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
  let backup: BackupRecord | null;
  try {
    backup = await backupIfBehind(sqlite, fullPath, backupBeforeMigrating);
  } catch (error) {
    sqlite.close();
    throw error;
  }
  withBusyRetry(() =>
    migrate(drizzleSync({ client: sqlite }), { migrationsFolder: MIGRATIONS_FOLDER }),
  );
  const db = wrapSqlite(sqlite);
  await withBusyRetryAsync(() => applyDataMigrations(db));
  if (backup) await recordBackupRun(db, backup);
  if (seed) await seedIfEmpty(db);
  return db;
}

/** The newest migration applied to an open SQLite file (drizzle's `created_at`), or null. */
function newestAppliedMigration(sqlite: Database.Database): number | null {
  const table = sqlite
    .prepare("select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'")
    .get();
  if (!table) return null;
  const newest = sqlite.prepare('select max(created_at) from __drizzle_migrations').pluck().get();
  return newest === null || newest === undefined ? null : Number(newest);
}

/**
 * Refuses a database ahead of this release; backs up one that is behind it (when asked) and
 * returns the backup's record, kept once the migrations have made its table.
 */
async function backupIfBehind(
  sqlite: Database.Database,
  path: string,
  place: BackupPlace | undefined,
): Promise<BackupRecord | null> {
  const standing = migrationStanding({
    newestApplied: newestAppliedMigration(sqlite),
    journal: parseJournal(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')),
  });
  if (standing.kind === 'ahead') throw new DatabaseAheadError(aheadMessage(path, standing));
  if (standing.kind !== 'behind' || !place) return null;
  const backup = await takeBackup({ source: path, ...place, reason: 'migration', at: new Date() });
  if (!backup.ok) {
    throw new Error(
      `Could not back up ${path} before changing it for this release (${backup.problem}); it was left as it was. Check BACKUP_DIR and the free space, then start again.`,
    );
  }
  return backup;
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

/**
 * The process's database, opened (migrated, seeded) on first use: PostgreSQL at DATABASE_URL
 * when it is set, else the SQLite file at DATABASE_PATH.
 */
export function getDb(): Promise<Db> {
  const { DATABASE_URL, DATABASE_PATH } = env();
  const where = DATABASE_URL ?? resolve(DATABASE_PATH);
  if (cache.__bakeryDb?.where !== where) {
    void closeDb();
    const db = DATABASE_URL
      ? openPostgres(DATABASE_URL)
      : openDatabase({ path: where, backupBeforeMigrating: backupPlace() });
    const opened: Opened = { where, db, closed: false };
    db.then(
      (handle) => {
        openedNow.set(db, handle);
        // Closed while it was opening: nobody holds it any more.
        if (opened.closed) void connectionOf(handle).close();
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

/** The configured place of the desk's own backups. */
export function backupPlace(): BackupPlace {
  const config = env();
  return { dir: backupFolder(config), keep: config.BACKUP_KEEP };
}

/**
 * Opens the PostgreSQL database at `url`: applies its pending migrations (drizzle-postgres/),
 * then the data migrations and, into an empty desk, the example bakery, as on SQLite.
 */
export async function openPostgres(url: string, { seed = true } = {}): Promise<Db> {
  await migratePostgres(url);
  const connection = new PostgresConnection(url);
  const db = connection.handle as unknown as Db;
  (db as WithConnection)[CONNECTION] = connection;
  try {
    await applyDataMigrations(db);
    if (seed) await seedIfEmpty(db);
  } catch (error) {
    await connection.close();
    throw error;
  }
  return db;
}

/**
 * A count that moves when another process commits to the database (another server, a worker):
 * read every fraction of a second by the workers and the live feed, so it costs nothing. SQLite
 * counts commits through other connections to the file (`PRAGMA data_version`); this process's
 * own writes announce themselves in-process. PostgreSQL announces every commit that changes the
 * desk's rows (LISTEN/NOTIFY), this process's own included.
 */
export async function otherConnectionsCommitCount(): Promise<number> {
  return connectionOf(await getDb()).commitCount();
}

/**
 * Closes the process's database: SQLite's at once when it is open, or as soon as it finishes
 * opening; PostgreSQL's pool once its connections are handed back.
 */
export async function closeDb(): Promise<void> {
  const opened = cache.__bakeryDb;
  cache.__bakeryDb = undefined;
  if (!opened) return;
  opened.closed = true;
  const db = openedNow.get(opened.db);
  if (db) await connectionOf(db).close();
}

// The handle behind each settled open, so closing needs no await.
const openedNow = new WeakMap<Promise<Db>, Db>();

function connectionOf(db: Db): SqliteConnection | PostgresConnection {
  const connection = (db as WithConnection)[CONNECTION];
  if (!connection) throw new Error('Not a database opened by db/client.');
  return connection;
}

/** Which engine a handle runs on, for the few queries each writes its own way (`db/dialect/`). */
export function engineOf(db: Db): 'sqlite' | 'postgres' {
  // Not instanceof: each Next.js bundle has its own copy of the classes.
  return connectionOf(db).engine;
}

/**
 * Runs `work` in a writing transaction that takes the database's write lock up front (SQLite's
 * BEGIN IMMEDIATE; on PostgreSQL the desk's advisory lock), so two processes can never both
 * read-then-write the same rows (claiming, sending). On SQLite, statements the rest of this
 * process issues meanwhile wait until it ends. A transaction begun inside one joins it.
 */
export function immediate<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return connectionOf(db).transaction('immediate', db, work);
}

/** Runs `work`'s reads in one transaction, so they all see the database as of one moment. */
export function snapshot<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return connectionOf(db).transaction('snapshot', db, work);
}
