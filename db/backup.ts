import 'server-only';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { type BackupReason, backupFileName, backupsToPrune } from '@/lib/backup/schedule';
import type { BackupRecord } from '@/lib/backup/words';
import { MIGRATIONS_FOLDER } from './migrations-folder';

/**
 * Backups and restores of the desk's SQLite file. A backup uses SQLite's online backup (through
 * better-sqlite3's `backup()`), which copies a consistent snapshot while other processes keep
 * writing; a restore accepts only a desk database at a migration this release knows.
 */

type KnownMigration = { idx: number; tag: string; hash: string };

/** The migrations this release ships, with the hash drizzle records for each. */
export function knownMigrations(folder = MIGRATIONS_FOLDER): KnownMigration[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  return journal.entries.map(({ idx, tag }) => ({
    idx,
    tag,
    hash: createHash('sha256')
      .update(readFileSync(join(folder, `${tag}.sql`)).toString())
      .digest('hex'),
  }));
}

export type Inspection =
  | { ok: true; migration: KnownMigration; latest: boolean; questions: number }
  | { ok: false; problem: string };

const SQLITE_HEADER = 'SQLite format 3\0';

function startsLikeSqlite(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(SQLITE_HEADER.length);
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    return read === buffer.length && buffer.toString('latin1') === SQLITE_HEADER;
  } finally {
    closeSync(fd);
  }
}

/**
 * Whether `path` is an intact desk database, and at which of this release's migrations. The
 * full integrity check reads every page; `thorough: false` skips it for the live database,
 * whose copy is checked instead.
 */
export function inspectDeskDatabase(path: string, { thorough = true } = {}): Inspection {
  if (!existsSync(path)) return { ok: false, problem: `${path} does not exist.` };
  if (!statSync(path).isFile()) return { ok: false, problem: `${path} is not a file.` };
  if (!startsLikeSqlite(path)) return { ok: false, problem: `${path} is not an SQLite database.` };
  let sqlite: Database.Database;
  try {
    sqlite = new Database(path, { readonly: true, fileMustExist: true });
  } catch (error) {
    return { ok: false, problem: `${path} cannot be opened: ${(error as Error).message}` };
  }
  try {
    if (thorough) {
      const integrity = sqlite.pragma('integrity_check', { simple: true });
      if (integrity !== 'ok') return { ok: false, problem: `${path} is damaged: ${integrity}` };
    }
    const table = (name: string) =>
      sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(name);
    if (!table('__drizzle_migrations') || !table('bakery') || !table('questions')) {
      return { ok: false, problem: `${path} is not a Bakery Desk database.` };
    }
    const last = sqlite
      .prepare('select hash from __drizzle_migrations order by created_at desc, id desc limit 1')
      .get() as { hash: string } | undefined;
    const known = knownMigrations();
    const migration = known.find((m) => m.hash === last?.hash);
    if (!migration) {
      return {
        ok: false,
        problem: `${path} is at a migration this release does not know (from a newer or altered release); restore it with the release that wrote it.`,
      };
    }
    if (!sqlite.prepare('select 1 from bakery where id = 1').get()) {
      return { ok: false, problem: `${path} has no bakery in it.` };
    }
    const questions = sqlite.prepare('select count(*) from questions').pluck().get() as number;
    const latest = migration.idx === Math.max(...known.map((m) => m.idx));
    return { ok: true, migration, latest, questions };
  } finally {
    sqlite.close();
  }
}

/**
 * Copies the live database at `source` to `target` with SQLite's online backup: readers and
 * writers in other processes carry on, and the copy is one consistent moment. The copy is
 * written beside the target and renamed into place, so a half-written file never has its name.
 */
export async function backupDatabase({
  source,
  target,
}: {
  source: string;
  target: string;
}): Promise<Inspection> {
  // A scheduled backup into a dated folder should not fail for want of the folder.
  mkdirSync(dirname(resolve(target)), { recursive: true });
  const from = new Database(resolve(source), { readonly: true, fileMustExist: true });
  from.pragma('busy_timeout = 5000');
  const partial = join(dirname(resolve(target)), `.${basename(target)}.partial-${process.pid}`);
  try {
    await from.backup(partial);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    from.close();
  }
  // The copy holds password hashes, authenticator secrets and customers' words: owner only.
  chmodSync(partial, 0o600);
  const checked = inspectDeskDatabase(partial);
  if (!checked.ok) {
    rmSync(partial, { force: true });
    return checked;
  }
  renameSync(partial, resolve(target));
  return checked;
}

/**
 * Writes the backup at `source` over the database at `target`, through SQLite's backup too,
 * so the target's own journal stays consistent. Stop the server and workers first.
 */
export async function restoreDatabase({
  source,
  target,
}: {
  source: string;
  target: string;
}): Promise<void> {
  const from = new Database(resolve(source), { readonly: true, fileMustExist: true });
  try {
    await from.backup(resolve(target));
  } finally {
    from.close();
  }
}

/** Whether a database file already holds a desk (so a restore over it needs confirming). */
export function holdsData(path: string): boolean {
  if (!existsSync(path) || statSync(path).size === 0) return false;
  try {
    const sqlite = new Database(path, { readonly: true, fileMustExist: true });
    try {
      return (
        sqlite.prepare("select count(*) from sqlite_master where type = 'table'").pluck().get() !==
        0
      );
    } finally {
      sqlite.close();
    }
  } catch {
    return true;
  }
}

/** The rows in each of a database file's tables (SQLite's own tables left out), by name. */
export function countTableRows(path: string): Record<string, number> {
  const sqlite = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const tables = sqlite
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
      )
      .pluck()
      .all() as string[];
    return Object.fromEntries(
      tables.map((name) => [
        name,
        sqlite
          .prepare(`select count(*) from "${name.replaceAll('"', '""')}"`)
          .pluck()
          .get() as number,
      ]),
    );
  } finally {
    sqlite.close();
  }
}

/** Removes the desk's own backups in `dir` beyond the `keep` newest; never any other file. */
export function pruneBackups(dir: string, keep: number): string[] {
  if (!existsSync(dir)) return [];
  const doomed = backupsToPrune(readdirSync(dir), keep);
  for (const name of doomed) rmSync(join(dir, name), { force: true });
  return doomed;
}

/** Where a backup taken at `at` for `reason` goes. */
export function backupPath(dir: string, at: Date, reason: BackupReason): string {
  return join(resolve(dir), backupFileName(at, reason));
}

/**
 * Takes one of the desk's own backups of the SQLite file at `source` into `dir`, checks it
 * (SQLite's integrity check, a desk at a known migration, the rows in each table) and prunes
 * the folder to the `keep` newest. It never throws: a failure is the record's `problem`.
 */
export async function takeBackup({
  source,
  dir,
  reason,
  keep,
  at,
}: {
  source: string;
  dir: string;
  reason: BackupReason;
  keep: number;
  at: Date;
}): Promise<BackupRecord> {
  const file = backupPath(dir, at, reason);
  const began = Date.now();
  const finishedAt = () => new Date(at.getTime() + (Date.now() - began));
  const failed = (problem: string): BackupRecord => ({
    reason,
    startedAt: at,
    finishedAt: finishedAt(),
    file,
    sizeBytes: null,
    ok: false,
    problem,
    tableRows: null,
  });
  try {
    mkdirSync(resolve(dir), { recursive: true, mode: 0o700 });
    const checked = await backupDatabase({ source, target: file });
    if (!checked.ok) return failed(`the copy failed its check and was removed: ${checked.problem}`);
    const record: BackupRecord = {
      reason,
      startedAt: at,
      finishedAt: finishedAt(),
      file,
      sizeBytes: statSync(file).size,
      ok: true,
      problem: null,
      tableRows: countTableRows(file),
    };
    pruneBackups(dir, keep);
    return record;
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error));
  }
}
