import 'server-only';
import { resolve } from 'node:path';
import { backupPath, takeBackup } from '@/db/backup';
import { claimDailyBackup, finishBackupRun, getBackupSchedule } from '@/db/backup-runs';
import { type BackupPlace, backupPlace } from '@/db/client';
import { onPostgres } from '@/db/schema';
import { dailyBackupDue } from '@/lib/backup/schedule';
import { env } from '@/lib/env';
import { type Log, logger, logTo } from './log';

const LOOK_EVERY_MS = 60_000;

export type DailyBackupOutcome =
  | { kind: 'not-due'; day: string }
  | { kind: 'already-taken'; day: string }
  | { kind: 'taken'; day: string; ok: boolean; file: string; problem: string | null };

/**
 * Takes the daily backup when it is due at `now` (the owner's time has passed in the bakery's
 * time zone) and nobody took that day's yet: claimed first, so two servers on one database take
 * it once; then checked, recorded and the folder pruned to BACKUP_KEEP.
 */
export async function runDueBackup({
  now,
  source = resolve(env().DATABASE_PATH),
  place = backupPlace(),
}: {
  now: Date;
  source?: string;
  place?: BackupPlace;
}): Promise<DailyBackupOutcome> {
  const { timeZone, time } = await getBackupSchedule();
  const { day, due } = dailyBackupDue({ now, timeZone, time });
  if (!due) return { kind: 'not-due', day };
  const id = await claimDailyBackup({ day, file: backupPath(place.dir, now, 'daily'), at: now });
  if (id === null) return { kind: 'already-taken', day };
  const record = await takeBackup({ source, ...place, reason: 'daily', at: now });
  await finishBackupRun({ id, record });
  return { kind: 'taken', day, ok: record.ok === true, file: record.file, problem: record.problem };
}

/**
 * The daily backup of a SQLite desk, looked at once a minute (and at start, so a day missed
 * while the desk was down is taken at once). Started by the web server only, never by
 * `npm run worker`: one scheduler per desk. On PostgreSQL it does nothing (the README gives
 * pg_dump). `now` is the clock, for tests.
 */
export function startBackupSchedule({
  now = () => new Date(),
  log = logTo(logger('backup')),
}: {
  now?: () => Date;
  log?: Log;
} = {}): { stop: () => void } | null {
  if (onPostgres || env().DAILY_BACKUP === 'off') return null;
  let running = false;
  const look = async () => {
    if (running) return;
    running = true;
    try {
      const outcome = await runDueBackup({ now: now() });
      if (outcome.kind === 'taken') {
        const { day, file, problem } = outcome;
        if (outcome.ok)
          log(`daily backup for ${day} written to ${file} and checked`, { day, file });
        else log(`daily backup for ${day} failed: ${problem}`, { level: 'error', day, file });
      }
    } catch (error) {
      log('could not take the daily backup', { level: 'error', err: error });
    } finally {
      running = false;
    }
  };
  void look();
  const timer = setInterval(() => void look(), LOOK_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
