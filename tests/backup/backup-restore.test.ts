import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDb, openDatabase } from '@/db/client';
import { main as backup } from '../../scripts/db-backup';
import { main as restore } from '../../scripts/db-restore';
import { runInProcess } from '../support/command';
import { databaseAtMigration, loadRows, releaseFixtures, snapshot } from '../support/migrations';
import { killGroup, type Spawned, spawnInGroup, waitUntil } from '../support/processes';

const commands = { 'db-backup': backup, 'db-restore': restore };

/**
 * `npm run db:backup` or `db:restore` as the operator would run it, its main called in this
 * process (tests/scripts/commands.test.ts runs the scripts as processes).
 */
async function cli(script: 'db-backup' | 'db-restore', args: string[], databasePath: string) {
  const result = await runInProcess(commands[script], args, {
    name: script.replace('-', ':'),
    env: { DATABASE_PATH: databasePath },
  });
  return { code: result.code, out: result.stdout, err: result.stderr };
}

function count(path: string, sql: string): number {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare(sql).pluck().get() as number;
  } finally {
    db.close();
  }
}

describe('backing up and restoring the database', () => {
  let dir: string;
  let live: string;
  let writer: Spawned | undefined;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bakery-desk-backup-'));
    live = join(dir, 'live.db');
    (await openDatabase({ path: live })).$client.close();
  });
  afterEach(async () => {
    if (writer) {
      killGroup(writer, 'SIGKILL');
      await writer.exited;
      writer = undefined;
    }
    await closeDb();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies a consistent database while another process writes, and restores it whole', async () => {
    writer = spawnInGroup(['--import', 'tsx', 'tests/support/write-load.ts', live], {});
    const written = () => Number(writer?.output().trim().split('\n').at(-1) ?? 0);
    await waitUntil('the writer has written', () => written() >= 200);
    const before = written();

    // Into a folder that does not exist yet, as a nightly job's first run would.
    const backup = join(dir, 'nightly', 'backup.db');
    const made = await cli('db-backup', [backup], live);
    expect(made.err).toBe('');
    expect(made.code).toBe(0);
    expect(made.out).toContain('Backed up');
    // It holds password hashes and customers' words: readable by its owner only.
    expect(statSync(backup).mode & 0o777).toBe(0o600);
    // The writer kept going through the backup.
    await waitUntil('the writer has written more', () => written() > before + 200);

    // The copy is intact, and holds each of the writer's groups whole or not at all.
    const copy = new Database(backup, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.pragma('foreign_key_check')).toEqual([]);
      const loads = copy
        .prepare("select count(*) from questions where text like 'load %'")
        .pluck()
        .get() as number;
      expect(loads).toBeGreaterThanOrEqual(before);
      const broken = copy
        .prepare(
          `select q.id from questions q left join agent_runs r on r.id = q.draft_run_id
           left join tool_calls c on c.run_id = r.id
           where q.text like 'load %' group by q.id having count(c.id) <> 3`,
        )
        .all();
      expect(broken).toEqual([]);
      // Every group up to the last one copied: none skipped.
      expect(
        copy
          .prepare(
            "select max(cast(substr(text, 6) as integer)) from questions where text like 'load %'",
          )
          .pluck()
          .get(),
      ).toBe(loads);
    } finally {
      copy.close();
    }

    killGroup(writer, 'SIGKILL');
    await writer.exited;
    writer = undefined;

    const restoredPath = join(dir, 'restored.db');
    const restored = await cli('db-restore', [backup], restoredPath);
    expect(restored.err).toBe('');
    expect(restored.code).toBe(0);
    expect(snapshot(restoredPath)).toEqual(snapshot(backup));
    expect(count(restoredPath, 'select count(*) from questions')).toBeGreaterThan(before);
  }, 120_000);

  it('restores a backup from the previous release and brings it up to date', async () => {
    const [previous] = releaseFixtures();
    if (!previous) throw new Error('no fixture');
    const old = join(dir, 'old.db');
    databaseAtMigration(old, previous.idx);
    loadRows(old, previous.sql);
    const target = join(dir, 'target.db');
    const result = await cli('db-restore', [old], target);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/backup was at migration 0000_init, now 00\d\d_/);
    expect(count(target, 'select count(*) from questions')).toBe(
      count(old, 'select count(*) from questions'),
    );
    expect(count(target, 'select count(*) from data_migrations')).toBeGreaterThan(0);
  });

  it('refuses what is not a desk backup, and says why', async () => {
    const target = join(dir, 'target.db');
    const missing = await cli('db-restore', [join(dir, 'nope.db')], target);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('does not exist');

    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'shopping list: flour, butter');
    const notSqlite = await cli('db-restore', [text], target);
    expect(notSqlite.code).toBe(1);
    expect(notSqlite.err).toContain('is not an SQLite database');

    const other = join(dir, 'other.db');
    const otherDb = new Database(other);
    otherDb.exec('create table recipes (id integer primary key, name text)');
    otherDb.close();
    const notDesk = await cli('db-restore', [other], target);
    expect(notDesk.code).toBe(1);
    expect(notDesk.err).toContain('is not a Bakery Desk database');

    const future = join(dir, 'future.db');
    await cli('db-backup', [future], live);
    const futureDb = new Database(future);
    futureDb
      .prepare('insert into __drizzle_migrations (hash, created_at) values (?, ?)')
      .run('f'.repeat(64), 9_999_999_999_999);
    futureDb.close();
    const unknown = await cli('db-restore', [future], target);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('does not know');

    // Nothing was written where the database would go.
    expect(count(live, 'select count(*) from bakery')).toBe(1);
    expect(() => new Database(target, { fileMustExist: true })).toThrow();
  });

  it('will not overwrite a database or a file without --force', async () => {
    const backup = join(dir, 'backup.db');
    expect((await cli('db-backup', [backup], live)).code).toBe(0);
    const again = await cli('db-backup', [backup], live);
    expect(again.code).toBe(1);
    expect(again.err).toContain('already exists');
    expect((await cli('db-backup', [backup, '--force'], live)).code).toBe(0);

    const refused = await cli('db-restore', [backup], live);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('--force');
    const forced = await cli('db-restore', [backup, '--force'], live);
    expect(forced.err).toBe('');
    expect(forced.code).toBe(0);
  });

  it('explains bad arguments', async () => {
    for (const args of [[], ['a.db', 'b.db'], ['--overwrite', 'a.db']]) {
      const result = await cli('db-backup', args, live);
      expect(result.code).toBe(2);
      expect(result.err).toContain('Usage: npm run db:backup');
    }
    const noFile = await cli('db-restore', [], live);
    expect(noFile.code).toBe(2);
    expect(noFile.err).toContain('Name the backup file.');
    const self = await cli('db-backup', [live], live);
    expect(self.code).toBe(2);
    expect(self.err).toContain('must not be the database itself');
  });
});
