import 'server-only';
import type { BackupRecord } from '@/lib/backup/words';
import type { Db } from './client';
import { backupRuns } from './schema';

/**
 * Keeps the record of a backup taken outside the daily schedule (before a migration, before an
 * upgrade): written after the fact, since the table may only exist once the migration ran.
 * Apart from `db/backup-runs.ts` so that opening the database can write it.
 */
export async function recordBackupRun(db: Db, record: BackupRecord): Promise<void> {
  await db.insert(backupRuns).values({ ...record, day: null });
}
