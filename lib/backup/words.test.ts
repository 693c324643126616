import { describe, expect, it } from 'vitest';
import { type BackupRecord, describeBackup, wordSize } from './words';

const base: BackupRecord = {
  reason: 'daily',
  startedAt: new Date('2026-12-02T02:00:00Z'),
  finishedAt: new Date('2026-12-02T02:00:01Z'),
  file: '/srv/bakery-desk/data/backups/desk-20261202-020000000Z-daily.db',
  sizeBytes: 524_288,
  ok: true,
  problem: null,
  tableRows: { questions: 1012, bakery: 1, weekly_hours: 7 },
};

describe('the last backup in plain words', () => {
  it('says when, why, where, how big, and what the check found', () => {
    expect(describeBackup(base, 'Europe/Berlin')).toEqual({
      headline: 'The last backup, Dec 2, 2026, 3:00 AM (the daily backup), is intact.',
      details: [
        'File: /srv/bakery-desk/data/backups/desk-20261202-020000000Z-daily.db, 512 KB',
        'Checked: SQLite’s integrity check passed; it holds 1,020 rows in 3 tables, 1,012 questions among them.',
      ],
    });
  });

  it('says why one failed, and that one never finished', () => {
    const failed = describeBackup(
      { ...base, reason: 'migration', ok: false, problem: 'the disk is full', sizeBytes: null },
      'UTC',
    );
    expect(failed.headline).toBe(
      'The last backup, Dec 2, 2026, 2:00 AM (taken before the database was changed for a new release), failed: the disk is full.',
    );
    const running = describeBackup({ ...base, ok: null, finishedAt: null }, 'UTC');
    expect(running.headline).toBe(
      'A backup started Dec 2, 2026, 2:00 AM (the daily backup) has not finished.',
    );
  });

  it('words sizes as people read them', () => {
    expect(wordSize(900)).toBe('900 bytes');
    expect(wordSize(1536)).toBe('1.5 KB');
    expect(wordSize(3_565_158)).toBe('3.4 MB');
    expect(wordSize(52 * 1024 * 1024)).toBe('52 MB');
  });
});
