import { describe, expect, it } from 'vitest';
import { zonedInstant } from '../agent/bakery/calendar';
import { backupTimeInput } from './backup-time';
import {
  backupFileName,
  backupFolder,
  backupsToPrune,
  dailyBackupDue,
  isDeskBackupName,
} from './schedule';

describe('when the daily backup is due', () => {
  const zone = 'Europe/Berlin';
  const due = (date: string, time: string, backupTime: string) =>
    dailyBackupDue({ now: zonedInstant(date, time, zone), timeZone: zone, time: backupTime });

  it('is from the owner’s time on, in the bakery’s day', () => {
    expect(due('2026-06-01', '02:59', '03:00')).toEqual({ day: '2026-06-01', due: false });
    expect(due('2026-06-01', '03:00', '03:00')).toEqual({ day: '2026-06-01', due: true });
    expect(due('2026-06-01', '23:59', '03:00')).toEqual({ day: '2026-06-01', due: true });
    // Half past midnight in Berlin is still the day before in UTC: the bakery's day counts.
    expect(due('2026-06-02', '00:30', '00:15')).toEqual({ day: '2026-06-02', due: true });
  });

  it('counts a time the clock change skips as passed', () => {
    // 2026-03-29: Berlin's clocks go from 02:00 to 03:00; 02:30 never happens.
    expect(due('2026-03-29', '01:59', '02:30').due).toBe(false);
    expect(due('2026-03-29', '03:00', '02:30')).toEqual({ day: '2026-03-29', due: true });
  });
});

describe('the desk’s backup files', () => {
  it('are named by their instant and reason, and only those are pruned', () => {
    const name = backupFileName(new Date('2026-12-02T03:00:00.123Z'), 'daily');
    expect(name).toBe('desk-20261202-030000123Z-daily.db');
    expect(isDeskBackupName(name)).toBe(true);
    const names = [
      'desk-20261201-030000000Z-daily.db',
      'notes.txt',
      'desk-20261203-030000000Z-daily.db',
      'desk-20261202-101500000Z-migration.db',
      'desk-20261202-030000000Z-daily.db.partial',
      'desk-by-hand.db',
      'desk-20261204-080000000Z-upgrade.db',
    ];
    expect(backupsToPrune(names, 2)).toEqual([
      'desk-20261202-101500000Z-migration.db',
      'desk-20261201-030000000Z-daily.db',
    ]);
    expect(backupsToPrune(names, 14)).toEqual([]);
  });

  it('go beside the database unless BACKUP_DIR says where, from the project folder', () => {
    expect(backupFolder({ DATABASE_PATH: 'data/bakery.db' }, '/srv/desk')).toBe(
      '/srv/desk/data/backups',
    );
    expect(backupFolder({ DATABASE_PATH: '/var/lib/desk/desk.db' }, '/srv/desk')).toBe(
      '/var/lib/desk/backups',
    );
    expect(
      backupFolder({ DATABASE_PATH: 'data/bakery.db', BACKUP_DIR: 'copies' }, '/srv/desk'),
    ).toBe('/srv/desk/copies');
    expect(
      backupFolder({ DATABASE_PATH: 'data/bakery.db', BACKUP_DIR: '/mnt/usb' }, '/srv/desk'),
    ).toBe('/mnt/usb');
  });
});

describe('the Settings form’s backup time', () => {
  it('takes HH:MM and says what is wrong with anything else', () => {
    expect(backupTimeInput.parse({ backupTime: '04:30' })).toEqual({ backupTime: '04:30' });
    expect(backupTimeInput.parse({ backupTime: '4:30' })).toEqual({ backupTime: '04:30' });
    const wrong = backupTimeInput.safeParse({ backupTime: '25:00' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toBe(
      'Enter the time of the daily backup as HH:MM, 24-hour, from 00:00 to 23:59.',
    );
    expect(backupTimeInput.safeParse({ backupTime: '' }).error?.issues[0]?.message).toBe(
      'Enter the time of the daily backup as HH:MM.',
    );
  });
});
