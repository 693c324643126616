import { dirname, join, resolve } from 'node:path';
import { zonedParts } from '../agent/bakery/calendar';

/**
 * Backups the desk takes of its SQLite file by itself: daily at the owner's time, before a
 * migration changes the schema, and before an upgrade. Their names say when and why, so the
 * desk prunes only the files it made and never anything else in the folder.
 */

export const backupReasons = ['daily', 'migration', 'upgrade'] as const;
export type BackupReason = (typeof backupReasons)[number];

/**
 * Which of the bakery's days the daily backup at `time` is for as of `now`, and whether it is
 * due: from `time` on that day (a time skipped by a clock change counts as passed).
 */
export function dailyBackupDue({
  now,
  timeZone,
  time,
}: {
  now: Date;
  timeZone: string;
  time: string;
}): { day: string; due: boolean } {
  const local = zonedParts(now, timeZone);
  // Zero-padded HH:MM strings order as times do.
  return { day: local.date, due: local.time >= time };
}

const NAME = /^desk-(\d{8})-(\d{6})(\d{3})Z-(daily|migration|upgrade)\.db$/;

/** `desk-20261202-030000123Z-daily.db`: the instant in UTC (to the millisecond) and the reason. */
export function backupFileName(at: Date, reason: BackupReason): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace('T', '-')
    .replace('.', '')
    .replace(/Z$/, '');
  return `desk-${stamp}Z-${reason}.db`;
}

/** Whether a file name is one the desk gave a backup. */
export function isDeskBackupName(name: string): boolean {
  return NAME.test(name);
}

/**
 * The desk's own backups beyond the `keep` newest, oldest last: what pruning removes. Any other
 * file in the folder is never listed.
 */
export function backupsToPrune(names: readonly string[], keep: number): string[] {
  const ours = names.filter(isDeskBackupName).sort().reverse();
  return ours.slice(Math.max(0, keep));
}

/**
 * The folder the desk's backups go to: BACKUP_DIR (relative to the project folder, as
 * DATABASE_PATH is), else `backups` beside the database (data/backups for data/bakery.db).
 */
export function backupFolder(
  config: { BACKUP_DIR?: string | undefined; DATABASE_PATH: string },
  cwd = process.cwd(),
): string {
  if (config.BACKUP_DIR) return resolve(cwd, config.BACKUP_DIR);
  return join(dirname(resolve(cwd, config.DATABASE_PATH)), 'backups');
}
