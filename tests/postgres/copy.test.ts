import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { getTableName } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COPIED_TABLES, DERIVED_TABLES } from '@/db/copy';
import { migratePostgres } from '@/db/postgres-migrate';
import * as postgresSchema from '@/db/schema-postgres';
import { inboxGroups } from '@/lib/inbox/groups';
import { main as copyMain } from '../../scripts/db-copy';
import { runInProcess } from '../support/command';
import { freePort } from '../support/dovecot';
import { databaseAtMigration, loadRows, releaseFixtures } from '../support/migrations';
import {
  type Postgres,
  startPostgres,
  withPostgresClient as withClient,
} from '../support/postgres';
import { fillWholeDesk } from '../support/whole-desk';

/**
 * `npm run db:copy` (its `main` in this process, and once as the real process the operator runs),
 * from real SQLite files into a throwaway PostgreSQL started here: a busy desk copies whole and
 * the desk reads the same inbox from it; a target with anything in it, a source that is no desk
 * or is behind, and a copy that reads back differently are all refused with nothing written.
 */

const PASSWORD = 'pa55-w0rd-never-shown';
const QUESTIONS_IN_A_WEEK = 7 * 40;

let server: Postgres;
let dir: string;
let source: string;

/** A fresh database on the server, its URL carrying a password (trust ignores it). */
async function freshDatabase(name: string): Promise<string> {
  await server.createDatabase(name);
  return `postgres://postgres:${PASSWORD}@127.0.0.1:${server.port}/${name}`;
}

/** `npm run db:copy` as the operator runs it: a real process. */
async function cliProcess(args: string[]) {
  const { DATABASE_URL: _desk, ...env } = process.env;
  const result = await new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
    execFile(
      process.execPath,
      ['--conditions=react-server', '--import', 'tsx', 'scripts/db-copy.ts', ...args],
      { cwd: process.cwd(), env: { ...env, NODE_ENV: 'production' }, timeout: 120_000 },
      (error, out, err) =>
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : null) : 0,
          out,
          err,
        }),
    ),
  );
  // Whatever happened, the password never shows.
  expect(result.out + result.err).not.toContain(PASSWORD);
  return result;
}

/** The same command's `main`, called in this process with its lines collected. */
async function cli(args: string[]) {
  const result = await runInProcess(copyMain, args, { name: 'db:copy' });
  const { stdout: out, stderr: err } = result;
  expect(out + err).not.toContain(PASSWORD);
  return { code: result.code, out, err };
}

/** Every table of the target's schema with a digest of all its rows, as PostgreSQL prints them. */
async function targetState(url: string): Promise<Record<string, string>> {
  return withClient(url, async (client) => {
    const { rows: tables } = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables
       where table_schema = 'public' order by table_name`,
    );
    const state: Record<string, string> = {};
    for (const { name } of tables) {
      const table = pg.escapeIdentifier(name);
      const { rows } = await client.query<{ n: string; digest: string | null }>(
        `select count(*) as n, md5(string_agg(t::text, '|' order by t::text)) as digest from ${table} t`,
      );
      state[name] = `${rows[0]?.n}:${rows[0]?.digest}`;
    }
    return state;
  });
}

const deskTables = () =>
  [...COPIED_TABLES, ...DERIVED_TABLES].map((table) => getTableName(table.postgres));

function sqliteCount(path: string, table: string): number {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare(`select count(*) from "${table}"`).pluck().get() as number;
  } finally {
    db.close();
  }
}

const fileDigest = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

/**
 * What the desk's own functions show on the engine `where` names: the tab counts, every tab's
 * first page and each listed conversation's page. The schema is chosen as a process starts,
 * so the desk's modules are loaded afresh for each engine.
 */
async function inboxAsShown(where: { DATABASE_URL: string } | { DATABASE_PATH: string }) {
  if ('DATABASE_URL' in where) process.env.DATABASE_URL = where.DATABASE_URL;
  else {
    delete process.env.DATABASE_URL;
    process.env.DATABASE_PATH = where.DATABASE_PATH;
  }
  vi.resetModules();
  const { closeDb } = await import('@/db/client');
  const inbox = await import('@/db/inbox');
  try {
    const counts = await inbox.countQuestionsByStatus({});
    const tabs: Record<string, unknown> = {};
    const details: Record<number, unknown> = {};
    for (const group of inboxGroups) {
      const rows = await inbox.listInbox({ group, page: 1, pageSize: 40 });
      tabs[group] = rows;
      for (const row of rows.slice(0, 8)) {
        const detail = await inbox.getQuestionDetail({ id: row.id });
        if (!detail) throw new Error(`Question ${row.id} is listed but has no page.`);
        // Where each fact last changed is read as a set (no order asked for): compared as one.
        const changes = [...detail.facts.changes].sort((a, b) =>
          a.key < b.key ? -1 : a.key > b.key ? 1 : 0,
        );
        details[row.id] = { ...detail, facts: { ...detail.facts, changes } };
      }
    }
    return { counts, tabs, details };
  } finally {
    await closeDb();
    delete process.env.DATABASE_URL;
  }
}

beforeAll(async () => {
  server = await startPostgres();
  dir = mkdtempSync(join(tmpdir(), 'bakery-desk-copy-'));
  source = join(dir, 'desk.db');
  await fillWholeDesk(source, { questions: QUESTIONS_IN_A_WEEK });
}, 120_000);

afterAll(() => {
  server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('db:copy', () => {
  it('copies every table of the desk, except what each engine keeps for itself', () => {
    const copied = COPIED_TABLES.map((table) => getTableName(table.postgres));
    const tables = Object.values(postgresSchema).map((table) => getTableName(table));
    expect([...deskTables()].sort()).toEqual([...tables].sort());
    expect(new Set(copied).size).toBe(copied.length);
    expect(copied).not.toContain('question_status_counts');
    expect(copied).not.toContain('dashboard_quarter_hours');
    expect(copied).not.toContain('first_replies');
  });

  it('moves a busy desk whole, and the desk shows the same inbox on PostgreSQL', async () => {
    // The source holds rows in every table it copies, conversations in every state among them.
    for (const table of COPIED_TABLES) {
      expect(
        sqliteCount(source, getTableName(table.sqlite)),
        getTableName(table.sqlite),
      ).toBeGreaterThan(0);
    }
    expect(sqliteCount(source, 'questions')).toBeGreaterThan(QUESTIONS_IN_A_WEEK);
    const sourceBefore = fileDigest(source);

    const url = await freshDatabase('copy_whole');
    const copy = await cli(['--from', source, '--to', url]);
    expect(copy.err).toBe('');
    expect(copy.code).toBe(0);
    expect(copy.out).toContain('postgres://postgres:***@127.0.0.1');
    expect(copy.out).toContain('Committed');

    // One line per table with the same rows and checksum on both sides.
    for (const table of COPIED_TABLES) {
      const name = getTableName(table.postgres);
      const rows = sqliteCount(source, name);
      const line = copy.out.split('\n').find((l) => l.startsWith(`${name} `));
      expect(line, name).toBeDefined();
      const [, sqliteRows, postgresRows, sqliteSum, postgresSum, verdict] = (line ?? '').split(
        /\s+/,
      );
      expect([sqliteRows, postgresRows, verdict], name).toEqual([
        String(rows),
        String(rows),
        'same',
      ]);
      expect(sqliteSum, name).toMatch(/^[0-9a-f]{16}$/);
      expect(postgresSum, name).toBe(sqliteSum);
    }
    expect(copy.out).toMatch(/question_status_counts: .*\(as on SQLite\)/);
    expect(copy.out).toMatch(/dashboard_quarter_hours: [1-9]\d* quarter hours: .*\(as on SQLite\)/);
    expect(copy.out).toMatch(/first_replies: [1-9]\d* answered questions \(as on SQLite\)/);
    expect(copy.out).toMatch(/knowledge_entries\.search: .*\(as on SQLite\)/);

    // The source was only read.
    expect(fileDigest(source)).toBe(sourceBefore);

    await withClient(url, async (client) => {
      for (const table of COPIED_TABLES) {
        const name = getTableName(table.postgres);
        const { rows } = await client.query(`select count(*)::int as n from "${name}"`);
        expect(rows[0]?.n, name).toBe(sqliteCount(source, name));
      }
      // The bytes of an email and its attachments' JSON came over exactly.
      const sqlite = new Database(source, { readonly: true });
      try {
        const emails = sqlite
          .prepare('select id, raw, attachments from inbound_emails order by id')
          .all() as { id: number; raw: Buffer; attachments: string }[];
        const { rows } = await client.query(
          'select id, raw, attachments from inbound_emails order by id',
        );
        expect(rows).toEqual(
          emails.map((e) => ({ id: e.id, raw: e.raw, attachments: JSON.parse(e.attachments) })),
        );
      } finally {
        sqlite.close();
      }
      // Every identity's next id comes after the copied ones.
      for (const table of ['questions', 'messages', 'agent_runs', 'users', 'inbound_emails']) {
        const { rows } = await client.query(
          `select coalesce(max(id), 0) + 1 as next from "${table}"`,
        );
        const sequence = await client.query(
          `select last_value::int as last_value, is_called from ${pg.escapeIdentifier(`${table}_id_seq`)}`,
        );
        expect(sequence.rows[0], table).toEqual({ last_value: rows[0]?.next, is_called: false });
      }
    });

    const onPostgres = await inboxAsShown({ DATABASE_URL: url });
    const onSqlite = await inboxAsShown({ DATABASE_PATH: source });
    expect(Object.values(onSqlite.counts).reduce((a, b) => a + (b ?? 0), 0)).toBe(
      sqliteCount(source, 'questions'),
    );
    expect(Object.keys(onSqlite.details).length).toBeGreaterThan(10);
    expect(onPostgres.counts).toEqual(onSqlite.counts);
    expect(onPostgres.tabs).toEqual(onSqlite.tabs);
    expect(onPostgres.details).toEqual(onSqlite.details);
  }, 180_000);

  it('refuses a target that holds anything, and leaves it as it was', async () => {
    const desk = await freshDatabase('copy_not_empty');
    await migratePostgres(desk);
    await withClient(desk, (client) =>
      client.query("insert into data_migrations (name, applied_at) values ('earlier', 0)"),
    );
    const deskBefore = await targetState(desk);
    const refused = await cli(['--from', source, '--to', desk]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('already holds');
    expect(refused.err).toContain('data_migrations: 1');
    expect(await targetState(desk)).toEqual(deskBefore);

    // Another application's database is no place for a desk: not even migrated.
    const other = await freshDatabase('copy_other_app');
    await withClient(other, (client) => client.query('create table recipes (id int, name text)'));
    const foreign = await cli(['--from', source, '--to', other]);
    expect(foreign.code).toBe(1);
    expect(foreign.err).toContain('not a desk');
    expect(Object.keys(await targetState(other))).toEqual(['recipes']);
  }, 60_000);

  it('refuses a source that is not a desk, or is behind this release', async () => {
    const url = await freshDatabase('copy_bad_sources');

    const missing = await cli(['--from', join(dir, 'nope.db'), '--to', url]);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('does not exist');

    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'flour, butter, eggs');
    const notSqlite = await cli(['--from', text, '--to', url]);
    expect(notSqlite.code).toBe(1);
    expect(notSqlite.err).toContain('is not an SQLite database');

    const recipes = join(dir, 'recipes.db');
    const other = new Database(recipes);
    other.exec('create table recipes (id integer primary key, name text)');
    other.close();
    const notDesk = await cli(['--from', recipes, '--to', url]);
    expect(notDesk.code).toBe(1);
    expect(notDesk.err).toContain('is not a Bakery Desk database');

    const [previous] = releaseFixtures();
    if (!previous) throw new Error('no fixture');
    const old = join(dir, 'old.db');
    databaseAtMigration(old, previous.idx);
    loadRows(old, previous.sql);
    const behind = await cli(['--from', old, '--to', url]);
    expect(behind.code).toBe(1);
    expect(behind.err).toContain('behind this release');
    expect(behind.err).toContain(`DATABASE_PATH=${old} npm run db:migrate`);

    // Nothing was written: the target was not even migrated.
    expect(await targetState(url)).toEqual({});

    const nowhere = `postgres://postgres:${PASSWORD}@127.0.0.1:${await freePort()}/desk`;
    const unreachable = await cli(['--from', source, '--to', nowhere]);
    expect(unreachable.code).toBe(1);
    expect(unreachable.err).toContain(
      'Cannot reach the PostgreSQL database at postgres://postgres:***@',
    );
  }, 60_000);

  it('rolls everything back when a table reads back differently', async () => {
    const url = await freshDatabase('copy_mismatch');
    await migratePostgres(url);
    // Something on the target (here a trigger) changes a price as it goes in.
    await withClient(url, (client) =>
      client.query(`
        create function nudge_price() returns trigger language plpgsql as $$
        begin new.price_cents := new.price_cents + 1; return new; end; $$;
        create trigger nudge_price before insert on menu_items
          for each row execute function nudge_price();`),
    );
    const before = await targetState(url);
    const copy = await cli(['--from', source, '--to', url]);
    expect(copy.code).toBe(1);
    expect(copy.err).toContain('differs from the source in menu_items');
    expect(copy.err).toContain('rolled back');
    const line = copy.out.split('\n').find((l) => l.startsWith('menu_items '));
    expect(line).toContain('DIFFERENT');
    // The other tables came over the same: only the changed one is named.
    expect(copy.out.split('\n').filter((l) => l.includes('DIFFERENT'))).toEqual([line]);
    expect(await targetState(url)).toEqual(before);
    for (const table of deskTables()) expect(before[table], table).toBe('0:null');
    // Not even the ids moved.
    await withClient(url, async (client) => {
      const { rows } = await client.query(
        'select last_value::int as last_value, is_called from questions_id_seq',
      );
      expect(rows[0]).toEqual({ last_value: 1, is_called: false });
    });
  }, 60_000);

  it('runs as its own process: a copy refused for its arguments exits 2, a refusal 1, never showing the password', async () => {
    const url = await freshDatabase('copy_as_a_process');
    // Side by side: each is mostly a process loading its modules.
    const [usage, missing] = await Promise.all([
      cliProcess(['--from', source]),
      cliProcess(['--from', join(dir, 'nowhere.db'), '--to', url]),
    ]);
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('Usage: npm run db:copy');
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('does not exist');
    expect(missing.out).toContain('postgres://postgres:***@127.0.0.1');
    expect(await targetState(url)).toEqual({});
  }, 120_000);

  it('answers bad arguments with its usage, and touches nothing', async () => {
    const url = await freshDatabase('copy_bad_arguments');
    for (const args of [
      [],
      ['--from', source],
      ['--to', url],
      ['--from', source, '--to', 'mysql://root:pw@127.0.0.1/desk'],
      ['--from', source, url],
      ['--from', source, '--to', url, '--force'],
    ]) {
      const result = await cli(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.err, args.join(' ')).toContain('Usage: npm run db:copy');
      expect(result.out).toBe('');
    }
    expect(await targetState(url)).toEqual({});
  }, 120_000);
});
