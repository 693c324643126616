// @module-tag postgres
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  claimDailyBackup,
  finishBackupRun,
  getBackupSchedule,
  latestBackupRun,
  setBackupTime,
} from '@/db/backup-runs';
import { getDb } from '@/db/client';
import { sqlRows } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

describe('the record of the desk’s backups, on either engine', () => {
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    cleanup = (await useTempDatabase()).cleanup;
    await getDb();
  });
  afterEach(() => cleanup());

  it('lets one process claim a day’s backup, and keeps how it went', async () => {
    expect(await latestBackupRun()).toBeNull();
    const at = new Date(Date.UTC(2026, 11, 2, 2, 0));
    const [first, second] = await Promise.all([
      claimDailyBackup({ day: '2026-12-02', file: '/b/one.db', at }),
      claimDailyBackup({ day: '2026-12-02', file: '/b/two.db', at }),
    ]);
    expect([first, second].filter((id) => id !== null)).toHaveLength(1);
    const id = (first ?? second) as number;
    expect(await latestBackupRun()).toMatchObject({ id, ok: null, finishedAt: null });
    await finishBackupRun({
      id,
      record: {
        reason: 'daily',
        startedAt: at,
        finishedAt: new Date(at.getTime() + 1500),
        file: '/b/one.db',
        sizeBytes: 4096,
        ok: true,
        problem: null,
        tableRows: { questions: 12, bakery: 1 },
      },
    });
    expect(await latestBackupRun()).toMatchObject({
      id,
      reason: 'daily',
      day: '2026-12-02',
      ok: true,
      sizeBytes: 4096,
      finishedAt: new Date(at.getTime() + 1500),
      tableRows: { questions: 12, bakery: 1 },
    });
    // The next day's is a new claim.
    expect(await claimDailyBackup({ day: '2026-12-03', file: '/b/three.db', at })).not.toBeNull();
  });

  it('keeps the owner’s backup time, audited only when it changes', async () => {
    expect((await getBackupSchedule()).time).toBe('03:00');
    const now = new Date();
    expect(await setBackupTime({ time: '05:45', by: null, now })).toEqual({ changed: true });
    expect(await setBackupTime({ time: '05:45', by: null, now })).toEqual({ changed: false });
    expect((await getBackupSchedule()).time).toBe('05:45');
    const audit = await sqlRows<{ before: string; after: string }>(
      "select before, after from audit_log where action = 'settings.backupTime'",
    );
    expect(audit.map((row) => [JSON.parse(row.before), JSON.parse(row.after)])).toEqual([
      [{ backupTime: '03:00' }, { backupTime: '05:45' }],
    ]);
  });
});
