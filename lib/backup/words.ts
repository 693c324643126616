import { formatWhen } from '../format-time';
import type { BackupReason } from './schedule';

/** A backup's record as the data page shows it (db/backup-runs.ts stores it). */
export type BackupRecord = {
  reason: BackupReason;
  startedAt: Date;
  finishedAt: Date | null;
  file: string;
  sizeBytes: number | null;
  ok: boolean | null;
  problem: string | null;
  tableRows: Record<string, number> | null;
};

/** "512 KB", "3.4 MB": a file's size as people read it. */
export function wordSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}

const WHY: Record<BackupReason, string> = {
  daily: 'the daily backup',
  migration: 'taken before the database was changed for a new release',
  upgrade: 'taken before an upgrade',
};

const plural = (n: number, word: string) =>
  `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/**
 * The newest backup in plain words: when, why, where, how big, and whether its check passed
 * (with the rows it holds) or why not.
 */
export function describeBackup(
  record: BackupRecord,
  timeZone: string,
): { headline: string; details: string[] } {
  const when = formatWhen(record.startedAt, timeZone);
  const why = WHY[record.reason];
  if (record.ok === null) {
    return {
      headline: `A backup started ${when} (${why}) has not finished.`,
      details: [
        `File: ${record.file}`,
        'If the desk was stopped while it ran, the next backup replaces it.',
      ],
    };
  }
  if (!record.ok) {
    return {
      headline: `The last backup, ${when} (${why}), failed: ${record.problem ?? 'no reason was recorded'}.`,
      details: [`File: ${record.file} (not kept)`],
    };
  }
  const rows = record.tableRows ?? {};
  const tables = Object.keys(rows).length;
  const total = Object.values(rows).reduce((sum, n) => sum + n, 0);
  const questions = rows.questions;
  return {
    headline: `The last backup, ${when} (${why}), is intact.`,
    details: [
      `File: ${record.file}${record.sizeBytes === null ? '' : `, ${wordSize(record.sizeBytes)}`}`,
      `Checked: SQLite’s integrity check passed; it holds ${plural(total, 'row')} in ${plural(tables, 'table')}${questions === undefined ? '' : `, ${plural(questions, 'question')} among them`}.`,
    ],
  };
}
