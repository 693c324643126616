import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';

/**
 * Databases as earlier releases left them, for checking that an upgrade keeps everything a
 * bakery stored. A release is named by the index of its last migration in drizzle's journal.
 */

const MIGRATIONS = join(process.cwd(), 'drizzle');
const FIXTURES = join(process.cwd(), 'tests', 'migrations', 'fixtures');

type JournalEntry = { idx: number; tag: string; when: number };
type Journal = { entries: JournalEntry[] } & Record<string, unknown>;

export function journal(): Journal {
  return JSON.parse(readFileSync(join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as Journal;
}

/** Creates a database at `path` with only the migrations up to and including `lastIdx`. */
export function databaseAtMigration(path: string, lastIdx: number): void {
  const folder = mkdtempSync(join(tmpdir(), 'bakery-desk-migrations-'));
  try {
    const full = journal();
    const entries = full.entries.filter((entry) => entry.idx <= lastIdx);
    if (entries.length === 0) throw new Error(`No migration has index ${lastIdx}.`);
    cpSync(MIGRATIONS, folder, { recursive: true });
    writeFileSync(
      join(folder, 'meta', '_journal.json'),
      JSON.stringify({ ...full, entries }, null, 2),
    );
    const sqlite = new Database(path);
    try {
      sqlite.pragma('journal_mode = WAL');
      migrate(drizzle({ client: sqlite }), { migrationsFolder: folder });
    } finally {
      sqlite.close();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Every stored release's data: `release-<idx>.sql` holds the rows a release whose last
 * migration was <idx> wrote (the seed, accounts, sessions, drafted, failed, sent and
 * discarded questions, audit rows), dumped from a database that release's own code filled.
 */
export function releaseFixtures(): { idx: number; sql: string; file: string }[] {
  return readdirSync(FIXTURES)
    .map((file) => /^release-(\d{4})\.sql$/.exec(file))
    .filter((match) => match !== null)
    .map((match) => ({
      idx: Number(match[1]),
      file: match[0],
      sql: readFileSync(join(FIXTURES, match[0]), 'utf8'),
    }))
    .sort((a, b) => a.idx - b.idx);
}

export function readFixtureJson<T>(file: string): T {
  return JSON.parse(readFileSync(join(FIXTURES, file), 'utf8')) as T;
}

/**
 * A fixture's statements with the questions' first: the dump lists its tables by name, and the
 * triggers that keep the dashboard's figures count a message or a run through its question, as
 * the release did when it wrote them.
 */
function questionsFirst(sql: string): string {
  const statements = sql.split(/^(?=INSERT INTO ")/m);
  const isQuestion = (statement: string) => statement.startsWith('INSERT INTO "questions" ');
  return [...statements.filter(isQuestion), ...statements.filter((s) => !isQuestion(s))].join('');
}

/** Loads a release's rows as that release wrote them (foreign keys checked at the end). */
export function loadRows(path: string, sql: string): void {
  const sqlite = new Database(path);
  try {
    sqlite.pragma('foreign_keys = OFF');
    sqlite.transaction(() => sqlite.exec(questionsFirst(sql)))();
    const broken = sqlite.pragma('foreign_key_check') as unknown[];
    if (broken.length > 0)
      throw new Error(`The fixture breaks foreign keys: ${JSON.stringify(broken)}`);
  } finally {
    sqlite.close();
  }
}

export type Snapshot = Record<string, Record<string, Record<string, unknown>>>;

const BOOKKEEPING = new Set(['__drizzle_migrations', 'data_migrations']);

/** Every row of every table the bakery's data lives in, keyed by table and rowid. */
export function snapshot(path: string): Snapshot {
  const sqlite = new Database(path, { readonly: true });
  try {
    const tables = sqlite
      .prepare(
        "select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
      )
      .all() as { name: string; sql: string | null }[];
    const result: Snapshot = {};
    for (const { name: table, sql } of tables.filter(({ name }) => !BOOKKEEPING.has(name))) {
      // Full-text search keeps some of its own tables WITHOUT ROWID: their rows are their keys.
      const withoutRowid = /without\s+rowid/i.test(sql ?? '');
      const rows = sqlite
        .prepare(
          `select ${withoutRowid ? 'null as __rowid, ' : 'rowid as __rowid, '}* from "${table}"`,
        )
        .all() as Record<string, unknown>[];
      result[table] = Object.fromEntries(
        rows.map(({ __rowid, ...row }) => [String(__rowid ?? JSON.stringify(row)), row]),
      );
    }
    return result;
  } finally {
    sqlite.close();
  }
}

export function appliedDataMigrations(path: string): string[] {
  const sqlite = new Database(path, { readonly: true });
  try {
    const exists = sqlite
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'data_migrations'")
      .get();
    if (!exists) return [];
    return sqlite
      .prepare('select name from data_migrations order by name')
      .pluck()
      .all() as string[];
  } finally {
    sqlite.close();
  }
}

/** How a data migration is allowed to change a stored value: `table.column` to its new value. */
export type DeclaredChanges = Record<string, Record<string, (before: unknown) => unknown>>;

/** Blobs (full-text search keeps its index in them) are equal by their bytes. */
function sameValue(a: unknown, b: unknown): boolean {
  return Buffer.isBuffer(a) && Buffer.isBuffer(b) ? a.equals(b) : a === b;
}

/**
 * Everything in `before` is still in `after`: every table, every row, every column with the
 * same value, except where a data migration that ran in between declares the change.
 * New tables, rows and columns are fine. Returns what was lost, for a readable failure.
 */
export function lostInUpgrade(
  before: Snapshot,
  after: Snapshot,
  changes: Record<string, (before: unknown) => unknown> = {},
): string[] {
  const lost: string[] = [];
  for (const [table, rows] of Object.entries(before)) {
    const later = after[table];
    if (!later) {
      lost.push(`table ${table}`);
      continue;
    }
    for (const [rowid, row] of Object.entries(rows)) {
      const now = later[rowid];
      if (!now) {
        lost.push(`${table} row ${rowid}`);
        continue;
      }
      for (const [column, value] of Object.entries(row)) {
        if (!(column in now)) {
          lost.push(`${table}.${column}`);
          continue;
        }
        const change = changes[`${table}.${column}`];
        const expected = change ? change(value) : value;
        if (!sameValue(now[column], expected)) {
          lost.push(
            `${table} row ${rowid} ${column}: ${JSON.stringify(value)} became ${JSON.stringify(now[column])}`,
          );
        }
      }
    }
  }
  return lost;
}

/**
 * A copy of a migrations folder (`drizzle` or `drizzle-postgres`) under `root` with one more
 * migration after its newest, a day later, as a newer release would ship: applied by drizzle, it
 * leaves a database that this release must refuse.
 */
export function folderWithNewerMigration(source: string, root: string, sql: string): string {
  const folder = mkdtempSync(join(root, 'newer-migrations-'));
  cpSync(source, folder, { recursive: true });
  const path = join(folder, 'meta', '_journal.json');
  const full = JSON.parse(readFileSync(path, 'utf8')) as Journal;
  const last = full.entries.at(-1);
  if (!last) throw new Error(`${source} has no migrations.`);
  const tag = `${String(last.idx + 1).padStart(4, '0')}_from_a_newer_release`;
  writeFileSync(join(folder, `${tag}.sql`), sql);
  full.entries.push({ ...last, idx: last.idx + 1, when: last.when + 86_400_000, tag });
  writeFileSync(path, JSON.stringify(full, null, 2));
  return folder;
}
