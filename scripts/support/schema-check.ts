// Imported right after the configuration check by `npm start` and `npm run worker`: a database
// that a newer release of the desk has migrated is refused before any build, server or worker,
// with one line and exit status 1 (opening it would refuse too, less plainly, in the middle of a
// server's start). PostgreSQL's is checked when it is opened (db/postgres-migrate.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { aheadMessage, migrationStanding, parseJournal } from '@/lib/backup/migration-standing';
import { env } from '@/lib/env';

/** The line that refuses the SQLite database at DATABASE_PATH, or null when it may be opened. */
function databaseAheadProblem(cwd = process.cwd()): string | null {
  const { DATABASE_URL, DATABASE_PATH } = env();
  if (DATABASE_URL) return null;
  const path = resolve(cwd, DATABASE_PATH);
  if (!existsSync(path)) return null;
  let newest: number | null = null;
  const sqlite = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const table = sqlite
      .prepare("select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'")
      .get();
    const value = table
      ? sqlite.prepare('select max(created_at) from __drizzle_migrations').pluck().get()
      : null;
    newest = value === null || value === undefined ? null : Number(value);
  } finally {
    sqlite.close();
  }
  const standing = migrationStanding({
    newestApplied: newest,
    journal: parseJournal(readFileSync(join(cwd, 'drizzle', 'meta', '_journal.json'), 'utf8')),
  });
  return standing.kind === 'ahead' ? aheadMessage(path, standing) : null;
}

const problem = databaseAheadProblem();
if (problem) {
  console.error(problem);
  process.exit(1);
}
