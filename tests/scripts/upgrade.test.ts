import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countTableRows, inspectDeskDatabase } from '@/db/backup';
import { closeDb, openDatabase } from '@/db/client';
import { isDeskBackupName } from '@/lib/backup/schedule';
import { main as upgrade } from '../../scripts/upgrade';
import { runInProcess } from '../support/command';
import { databaseAtMigration, journal, loadRows, releaseFixtures } from '../support/migrations';
import { spawnInGroup } from '../support/processes';
import { sqlRows } from '../support/sql';

/**
 * `npm run upgrade`: back up, npm ci, migrate, build. npm is a stand-in that records what it
 * was asked to do (and migrates for real when asked to), so no dependency is installed here.
 */
const latest = Math.max(...journal().entries.map((entry) => entry.idx));
const release = releaseFixtures()
  .filter((fixture) => fixture.idx < latest)
  .at(-1);
if (!release) throw new Error('No release fixture behind this one.');

describe('npm run upgrade', () => {
  let root: string;
  let path: string;
  let before: Record<string, number>;
  const backups = () => join(root, 'backups');
  const ours = () => readdirSync(backups()).filter(isDeskBackupName).sort();

  beforeEach(async () => {
    await closeDb();
    root = mkdtempSync(join(tmpdir(), 'bakery-desk-upgrade-'));
    path = join(root, 'desk.db');
    databaseAtMigration(path, release.idx);
    loadRows(path, release.sql);
    before = countTableRows(path);
  });
  afterEach(async () => {
    await closeDb();
    rmSync(root, { recursive: true, force: true });
  });

  /** npm as the upgrade runs it: each command recorded; the migration really applied. */
  function fakeNpm(failing?: string) {
    const calls: string[] = [];
    const run = async (args: string[]) => {
      const command = args.join(' ');
      calls.push(command);
      if (command === failing) return 7;
      if (command === 'run db:migrate') {
        (
          await openDatabase({ path, backupBeforeMigrating: { dir: backups(), keep: 14 } })
        ).$client.close();
      }
      return 0;
    };
    return { calls, run };
  }

  const env = () => ({ DATABASE_PATH: path, DATABASE_URL: '', BACKUP_DIR: '' });

  it('backs up first, then installs, migrates and builds, and keeps the backup’s record', async () => {
    const npm = fakeNpm();
    const result = await runInProcess((argv, io) => upgrade(argv, io, npm.run), [], {
      name: 'upgrade',
      env: env(),
    });
    expect(result, result.stderr).toMatchObject({ code: 0, stderr: '' });
    expect(npm.calls).toEqual(['ci', 'run db:migrate', 'run build']);
    expect(result.stdout).toContain('1/4 Backup: ');
    expect(result.stdout).toContain('Upgraded. Start the desk again');
    const [upgradeCopy, migrationCopy] = [
      ours().find((name) => name.endsWith('-upgrade.db')),
      ours().find((name) => name.endsWith('-migration.db')),
    ];
    expect(upgradeCopy && migrationCopy).toBeTruthy();
    // The backup is the database as the earlier release left it, every row.
    const copy = join(backups(), upgradeCopy as string);
    expect(inspectDeskDatabase(copy)).toMatchObject({ ok: true, migration: { idx: release.idx } });
    expect(countTableRows(copy)).toEqual(before);
    expect(inspectDeskDatabase(path)).toMatchObject({ ok: true, latest: true });
    process.env.DATABASE_PATH = path;
    try {
      const runs = await sqlRows<{ reason: string; ok: number; file: string }>(
        'select reason, ok, file from backup_runs order by id',
      );
      expect(runs).toEqual([
        { reason: 'migration', ok: 1, file: join(backups(), migrationCopy as string) },
        { reason: 'upgrade', ok: 1, file: copy },
      ]);
    } finally {
      delete process.env.DATABASE_PATH;
    }
  });

  it('stops at the first step that fails, saying what state it left', async () => {
    const npm = fakeNpm('ci');
    const result = await runInProcess((argv, io) => upgrade(argv, io, npm.run), [], {
      name: 'upgrade',
      env: env(),
    });
    expect(result.code).toBe(1);
    expect(npm.calls).toEqual(['ci']);
    expect(result.stderr).toMatch(
      /^upgrade: npm ci failed \(exit status 7\)\. The database is as it was; the backup is desk-\d{8}-\d{9}Z-upgrade\.db\.\n$/,
    );
    expect(inspectDeskDatabase(path)).toMatchObject({ ok: true, migration: { idx: release.idx } });

    const building = fakeNpm('run build');
    const failedBuild = await runInProcess((argv, io) => upgrade(argv, io, building.run), [], {
      name: 'upgrade',
      env: env(),
    });
    expect(failedBuild.code).toBe(1);
    expect(failedBuild.stderr).toContain(
      'npm run build failed (exit status 7). The database is migrated',
    );
  });

  it('on PostgreSQL asks for the operator’s pg_dump first, and refuses other arguments', async () => {
    const npm = fakeNpm();
    const refused = await runInProcess((argv, io) => upgrade(argv, io, npm.run), [], {
      name: 'upgrade',
      env: { ...env(), DATABASE_URL: 'postgres://desk@127.0.0.1:1/desk' },
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('pg_dump --format=custom');
    expect(refused.stderr).toContain('npm run upgrade -- --backed-up');
    const unknown = await runInProcess((argv, io) => upgrade(argv, io, npm.run), ['--yes'], {
      name: 'upgrade',
      env: env(),
    });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown option '--yes'");
    expect(npm.calls).toEqual([]);
  });

  it('runs as the process `npm run upgrade` starts, with npm from the PATH', async () => {
    const bin = join(root, 'bin');
    const log = join(root, 'npm.log');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(bin);
    writeFileSync(
      join(bin, 'npm'),
      `#!/bin/sh
echo "$*" >> "${log}"
if [ "$*" = "run db:migrate" ]; then
  exec "${process.execPath}" --conditions=react-server --import tsx scripts/migrate.ts
fi
exit 0
`,
    );
    chmodSync(join(bin, 'npm'), 0o755);
    const child = spawnInGroup(
      ['--conditions=react-server', '--import', 'tsx', 'scripts/upgrade.ts'],
      {
        ...env(),
        PATH: `${bin}:${process.env.PATH}`,
      },
    );
    expect(await child.exited, child.output()).toBe(0);
    expect(readFileSync(log, 'utf8')).toBe('ci\nrun db:migrate\nrun build\n');
    expect(child.output()).toContain('Upgraded.');
    expect(ours().some((name) => name.endsWith('-upgrade.db'))).toBe(true);
    expect(inspectDeskDatabase(path)).toMatchObject({ ok: true, latest: true });
  });
});
