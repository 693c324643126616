// `npm run upgrade [-- --backed-up]`: run in the desk's folder once the new release's files are
// in place (git pull), with the server and workers stopped. It backs up the database (a SQLite
// desk: a checked copy in BACKUP_DIR; PostgreSQL: the operator's pg_dump, confirmed with
// --backed-up), then `npm ci`, `npm run db:migrate` and `npm run build`, stopping at the first
// step that fails and saying what state it left. Then start the service again.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { holdsData, takeBackup } from '@/db/backup';
import { recordBackupRun } from '@/db/backup-record';
import { backupPlace, closeDb, getDb } from '@/db/client';
import { parseUpgradeArgs, UPGRADE_USAGE } from '@/lib/backup/args';
import type { BackupRecord } from '@/lib/backup/words';
import { env } from '@/lib/env';
import { CommandExit, type CommandIo, runAsProcess } from './support/command';

/** Runs one npm command to its exit status; the process gives npm the terminal. */
export type RunNpm = (args: string[]) => Promise<number>;

const npm: RunNpm = async (args) =>
  spawnSync('npm', args, { stdio: 'inherit', env: process.env }).status ?? 1;

function fail(message: string): never {
  throw new CommandExit(1, `upgrade: ${message}`);
}

/** The backup first: a SQLite desk's own checked copy, or the operator's word on PostgreSQL. */
async function backUp(io: CommandIo, backedUp: boolean): Promise<BackupRecord | null> {
  const { DATABASE_URL, DATABASE_PATH } = env();
  if (DATABASE_URL) {
    if (!backedUp) {
      fail(
        'the desk cannot back up PostgreSQL itself. Take a backup first (pg_dump --format=custom --file=desk-before-upgrade.dump "$DATABASE_URL"), then run `npm run upgrade -- --backed-up`.',
      );
    }
    io.out('1/4 Backup: taken by you with pg_dump (--backed-up).');
    return null;
  }
  const source = resolve(DATABASE_PATH);
  if (!existsSync(source) || !holdsData(source)) {
    io.out(`1/4 Backup: no database at ${source} yet, nothing to back up.`);
    return null;
  }
  const backup = await takeBackup({ source, ...backupPlace(), reason: 'upgrade', at: new Date() });
  if (!backup.ok) fail(`the backup failed, so nothing was changed: ${backup.problem}`);
  io.out(`1/4 Backup: ${backup.file}, checked.`);
  return backup;
}

export async function main(argv: string[], io: CommandIo, run: RunNpm = npm): Promise<number> {
  const parsed = parseUpgradeArgs(argv);
  if (!parsed.ok) throw new CommandExit(2, `upgrade: ${parsed.message}\n${UPGRADE_USAGE}`);
  const backup = await backUp(io, parsed.backedUp);
  const restore = backup
    ? ` The database is as it was; the backup is ${basename(backup.file)}.`
    : ' The database is as it was.';
  const steps: { label: string; args: string[]; after: string }[] = [
    { label: '2/4 Installing the dependencies (npm ci)', args: ['ci'], after: restore },
    {
      label: '3/4 Migrating the database (npm run db:migrate)',
      args: ['run', 'db:migrate'],
      after: backup
        ? ` To go back: reinstall the earlier release, then npm run db:restore -- --force ${backup.file}.`
        : ' To go back: reinstall the earlier release and restore your own backup.',
    },
    {
      label: '4/4 Building the app (npm run build)',
      args: ['run', 'build'],
      after: ' The database is migrated; run npm run build again once the problem is fixed.',
    },
  ];
  for (const step of steps) {
    io.out(`${step.label}…`);
    const code = await run(step.args);
    if (code !== 0) fail(`npm ${step.args.join(' ')} failed (exit status ${code}).${step.after}`);
  }
  if (backup) {
    // Kept once the migrations have made sure the record's table exists.
    await recordBackupRun(await getDb(), backup);
    await closeDb();
  }
  io.out('Upgraded. Start the desk again (sudo systemctl restart bakery-desk).');
  return 0;
}

runAsProcess(import.meta.url, main, { name: 'upgrade' });
