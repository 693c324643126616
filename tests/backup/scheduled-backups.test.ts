import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countTableRows, inspectDeskDatabase, restoreDatabase } from '@/db/backup';
import { latestBackupRun, setBackupTime } from '@/db/backup-runs';
import { closeDb, getDb } from '@/db/client';
import { zonedInstant } from '@/lib/agent/bakery/calendar';
import { isDeskBackupName } from '@/lib/backup/schedule';
import { resetEnvForTests } from '@/lib/env';
import { runDueBackup, startBackupSchedule } from '@/server/backup-schedule';
import { databaseAtMigration, journal, loadRows, releaseFixtures } from '../support/migrations';
import { killGroup, spawnInGroup, waitUntil } from '../support/processes';
import { queueApiQuestions } from '../support/queued-questions';
import { sqlRun, sqlValue } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

const ZONE = 'Europe/Berlin';
const at = (date: string, time: string) => zonedInstant(date, time, ZONE);
const ours = (dir: string) => readdirSync(dir).filter(isDeskBackupName).sort();

describe('the daily backup, with the clock moved on instead of waited for', () => {
  let cleanup: () => Promise<void>;
  let dir: string;

  beforeEach(async () => {
    const temp = await useTempDatabase();
    cleanup = temp.cleanup;
    dir = join(temp.path, '..', 'backups');
    process.env.BACKUP_KEEP = '3';
    delete process.env.BACKUP_DIR;
    resetEnvForTests();
  });
  afterEach(async () => {
    delete process.env.BACKUP_KEEP;
    await cleanup();
  });

  it('is taken once a day from the owner’s time, keeps BACKUP_KEEP of its own, and restores whole', async () => {
    await getDb();
    await sqlRun('update bakery set timezone = ?', ZONE);
    expect((await setBackupTime({ time: '04:30', by: null, now: new Date() })).changed).toBe(true);
    // A new database needed no backup before its migrations.
    expect(() => readdirSync(dir)).toThrow();
    // Files the desk did not make are never pruned.
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'notes.txt'), 'the owner’s own');
    writeFileSync(join(dir, 'desk-before-moving.db'), 'a copy made by hand');

    expect(await runDueBackup({ now: at('2026-03-25', '04:29') })).toEqual({
      kind: 'not-due',
      day: '2026-03-25',
    });
    const days = ['2026-03-25', '2026-03-26', '2026-03-27', '2026-03-28', '2026-03-29'];
    for (const [n, day] of days.entries()) {
      await queueApiQuestions(n + 1);
      expect((await runDueBackup({ now: at(day, '04:10') })).kind).toBe('not-due');
      const taken = await runDueBackup({ now: at(day, '04:31') });
      expect(taken).toMatchObject({ kind: 'taken', day, ok: true, problem: null });
      expect(await runDueBackup({ now: at(day, '18:00') })).toEqual({
        kind: 'already-taken',
        day,
      });
    }
    const kept = ours(dir);
    expect(kept).toHaveLength(3);
    expect(kept.every((name) => name.endsWith('-daily.db'))).toBe(true);
    expect(kept[0]).toContain('20260327');
    expect(readdirSync(dir)).toEqual(
      expect.arrayContaining(['notes.txt', 'desk-before-moving.db']),
    );

    const last = await latestBackupRun();
    expect(last).toMatchObject({ reason: 'daily', day: '2026-03-29', ok: true, problem: null });
    expect(last?.file).toBe(join(dir, kept.at(-1) as string));
    expect(last?.sizeBytes).toBeGreaterThan(0);
    const questions = await sqlValue<number>('select count(*) from questions');
    expect(last?.tableRows?.questions).toBe(questions);

    // The newest backup restored over a fresh file holds the rows its check counted.
    const restored = join(dir, '..', 'restored.db');
    await restoreDatabase({ source: last?.file as string, target: restored });
    expect(inspectDeskDatabase(restored)).toMatchObject({ ok: true, latest: true });
    expect(countTableRows(restored)).toEqual(last?.tableRows);
  });

  it('catches up at start on a day the desk was down at the backup time', async () => {
    await getDb();
    await sqlRun('update bakery set timezone = ?', ZONE);
    const lines: string[] = [];
    const schedule = startBackupSchedule({
      now: () => at('2026-04-02', '11:15'),
      log: (line) => lines.push(line),
    });
    try {
      await expect.poll(() => lines.length).toBe(1);
    } finally {
      schedule?.stop();
    }
    expect(lines[0]).toContain('daily backup for 2026-04-02 written to');
    expect(ours(dir)).toEqual([expect.stringMatching(/^desk-20260402-091500000Z-daily\.db$/)]);
  });

  it('is not scheduled at all when the operator turns it off', async () => {
    await getDb();
    vi.stubEnv('DAILY_BACKUP', 'off');
    resetEnvForTests();
    try {
      const schedule = startBackupSchedule({ now: () => at('2026-04-02', '11:15') });
      expect(schedule).toBeNull();
    } finally {
      vi.unstubAllEnvs();
      resetEnvForTests();
    }
    expect(await latestBackupRun()).toBeNull();
  });

  it('is never taken by `npm run worker`: the web server alone schedules it', async () => {
    await getDb();
    // Due from midnight: a process that scheduled the backup would take it at once.
    await sqlRun("update bakery set backup_time = '00:00'");
    await closeDb();
    const worker = spawnInGroup(
      ['--conditions=react-server', '--import', 'tsx', 'scripts/worker.ts'],
      { DATABASE_PATH: join(dir, '..', 'desk.db'), DATABASE_URL: '', DRAFT_MODEL: 'offline' },
    );
    try {
      await waitUntil('the worker has started', () => worker.output().includes('drafting with'));
      // Its sweepers have run their first pass by now.
      await new Promise((done) => setTimeout(done, 500));
      expect(() => readdirSync(dir)).toThrow();
    } finally {
      killGroup(worker, 'SIGTERM');
      await worker.exited;
    }
  });

  it('records a failed backup with its reason, for the data page and the metrics', async () => {
    await getDb();
    process.env.BACKUP_DIR = join(dir, '..', 'desk.db');
    resetEnvForTests();
    try {
      const outcome = await runDueBackup({ now: new Date(Date.UTC(2026, 5, 1, 12)) });
      expect(outcome).toMatchObject({ kind: 'taken', ok: false });
      const last = await latestBackupRun();
      expect(last).toMatchObject({ ok: false, sizeBytes: null, tableRows: null });
      expect(last?.problem).toMatch(/EEXIST|ENOTDIR|exists|not a directory/);
    } finally {
      delete process.env.BACKUP_DIR;
    }
  });
});

describe('a backup before every migration that changes the schema', () => {
  let root: string;
  // The newest stored release that is behind this one: its database has migrations to apply.
  const latest = Math.max(...journal().entries.map((entry) => entry.idx));
  const release = releaseFixtures()
    .filter((fixture) => fixture.idx < latest)
    .at(-1);
  if (!release) throw new Error('No release fixture.');

  beforeEach(async () => {
    await closeDb();
    root = mkdtempSync(join(tmpdir(), 'bakery-desk-premigrate-'));
  });
  afterEach(async () => {
    await closeDb();
    for (const name of ['DATABASE_PATH', 'BACKUP_DIR']) delete process.env[name];
    resetEnvForTests();
    rmSync(root, { recursive: true, force: true });
  });

  /** A desk as the last stored release left it: its migrations and its own rows. */
  function earlierDesk(): { path: string; rows: Record<string, number> } {
    const path = join(root, 'desk.db');
    databaseAtMigration(path, release?.idx as number);
    loadRows(path, release?.sql as string);
    return { path, rows: countTableRows(path) };
  }

  it('is taken when the server or db:migrate opens an earlier release’s database, and only then', async () => {
    const { path, rows } = earlierDesk();
    process.env.DATABASE_PATH = path;
    process.env.BACKUP_DIR = join(root, 'elsewhere');
    resetEnvForTests();
    await getDb();
    const [file, ...more] = ours(join(root, 'elsewhere'));
    expect(more).toEqual([]);
    expect(file).toMatch(/-migration\.db$/);
    const copy = join(root, 'elsewhere', file as string);
    // The copy is the database as it was before: the earlier migration and all its rows.
    expect(inspectDeskDatabase(copy)).toMatchObject({
      ok: true,
      migration: { idx: release?.idx },
    });
    expect(countTableRows(copy)).toEqual(rows);
    expect(await latestBackupRun()).toMatchObject({
      reason: 'migration',
      day: null,
      ok: true,
      file: copy,
      tableRows: rows,
    });
    // Opened again, it has nothing to apply: no second backup.
    await closeDb();
    await getDb();
    expect(ours(join(root, 'elsewhere'))).toHaveLength(1);
  });

  it('leaves the database unmigrated when the backup cannot be taken', async () => {
    const { path } = earlierDesk();
    writeFileSync(join(root, 'not-a-folder'), '');
    process.env.DATABASE_PATH = path;
    process.env.BACKUP_DIR = join(root, 'not-a-folder');
    resetEnvForTests();
    await expect(getDb()).rejects.toThrow(/Could not back up .* before changing it/);
    expect(inspectDeskDatabase(path)).toMatchObject({ ok: true, latest: false });
  });

  it('is taken by `npm run db:migrate` as a process', async () => {
    const { path, rows } = earlierDesk();
    const migrate = spawnInGroup(
      ['--conditions=react-server', '--import', 'tsx', 'scripts/migrate.ts'],
      {
        DATABASE_PATH: path,
        DATABASE_URL: '',
        BACKUP_DIR: '',
      },
    );
    expect(await migrate.exited, migrate.output()).toBe(0);
    const [file] = ours(join(root, 'backups'));
    expect(file).toMatch(/-migration\.db$/);
    expect(countTableRows(join(root, 'backups', file as string))).toEqual(rows);
    expect(inspectDeskDatabase(path)).toMatchObject({ ok: true, latest: true });
  });
});
