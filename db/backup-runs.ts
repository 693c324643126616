import 'server-only';
import { desc, eq } from 'drizzle-orm';
import type { BackupRecord } from '@/lib/backup/words';
import { writeAudit } from './audit';
import { getDb, immediate } from './client';
import { type BackupRun, backupRuns, bakery } from './schema';

/**
 * The record of the desk's backups (`backup_runs`) and the owner's daily backup time. The
 * newest record is what /admin/data shows and what the metrics read (`latestBackupRun`).
 */

/** The newest backup the desk took or began (by when it began), or null before the first. */
export async function latestBackupRun(): Promise<BackupRun | null> {
  const [row] = await (await getDb())
    .select()
    .from(backupRuns)
    .orderBy(desc(backupRuns.startedAt), desc(backupRuns.id))
    .limit(1);
  return row ?? null;
}

/** What the daily backup needs to know: the bakery's time zone and the owner's time. */
export async function getBackupSchedule(): Promise<{ timeZone: string; time: string }> {
  const [row] = await (await getDb())
    .select({ timeZone: bakery.timezone, time: bakery.backupTime })
    .from(bakery)
    .limit(1);
  if (!row) throw new Error('The bakery has not been set up: the database has no bakery row.');
  return row;
}

/**
 * Claims the daily backup of the bakery's `day`: a record that it began, or null when a process
 * already took (or is taking) that day's. One per day, whichever process gets there first.
 */
export async function claimDailyBackup({
  day,
  file,
  at,
}: {
  day: string;
  file: string;
  at: Date;
}): Promise<number | null> {
  const rows = await (await getDb())
    .insert(backupRuns)
    .values({ reason: 'daily', day, startedAt: at, file })
    .onConflictDoNothing()
    .returning({ id: backupRuns.id });
  return rows[0]?.id ?? null;
}

/** How a claimed daily backup went. */
export async function finishBackupRun({
  id,
  record,
}: {
  id: number;
  record: BackupRecord;
}): Promise<void> {
  const { finishedAt, sizeBytes, ok, problem, tableRows } = record;
  await (await getDb())
    .update(backupRuns)
    .set({ finishedAt, sizeBytes, ok, problem, tableRows })
    .where(eq(backupRuns.id, id));
}

/** The owner's daily backup time (HH:MM in the bakery's time zone), audited. */
export async function setBackupTime({
  time,
  by,
  now,
}: {
  time: string;
  by: number | null;
  now: Date;
}): Promise<{ changed: boolean }> {
  const db = await getDb();
  return immediate(db, async (tx) => {
    const [row] = await tx.select({ time: bakery.backupTime }).from(bakery).limit(1);
    if (!row) throw new Error('The bakery has not been set up: the database has no bakery row.');
    if (row.time === time) return { changed: false };
    await tx.update(bakery).set({ backupTime: time }).where(eq(bakery.id, 1));
    await writeAudit(tx, {
      userId: by,
      at: now,
      action: 'settings.backupTime',
      entity: 'bakery',
      entityId: '1',
      before: { backupTime: row.time },
      after: { backupTime: time },
    });
    return { changed: true };
  });
}
