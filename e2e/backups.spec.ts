import { desktop, phone } from './pages/accessibility-tour';
import { submitAction } from './pages/account-pages';
import { CustomerDataAdminPage, SettingsAdminPage } from './pages/admin-pages';
import { expectNoAxeViolations } from './support/axe';
import { deskValue, e2eOnPostgres, withDeskDatabase } from './support/database';
import { expect, signIn, test } from './support/fixtures';
import { ensureUser, owner } from './support/users';

/**
 * The owner's view of backups: the last one on the Customer data page in plain words, and the
 * daily time in Settings. The backup record is written as the server writes one, on a day far
 * ahead so it is the newest whatever the server took at its start; it is removed at the end,
 * and the time put back.
 */
const DAY = '2099-01-01';
const STARTED = Date.UTC(2099, 0, 1, 3, 0);
const FILE = '/srv/bakery-desk/data/backups/desk-20990101-030000000Z-daily.db';

test.describe('backups, as the owner sees them', () => {
  test('the data page shows the last backup, and Settings saves the daily time', async ({
    page,
  }) => {
    const timezone = await deskValue<string>('select timezone from bakery');
    const savedTime = await deskValue<string>('select backup_time from bakery');
    await withDeskDatabase((db) =>
      db.run(
        `insert into backup_runs (reason, day, started_at, finished_at, file, size_bytes, ok, problem, table_rows)
         values ('daily', ?, ?, ?, ?, ?, ?, null, ?)`,
        DAY,
        STARTED,
        STARTED + 1_200,
        FILE,
        3_565_158,
        true,
        JSON.stringify({ questions: 1_204, bakery: 1, messages: 2_310 }),
      ),
    );
    try {
      await signIn(page, await ensureUser(owner));
      const data = new CustomerDataAdminPage(page);
      for (const size of [desktop, phone]) {
        await page.setViewportSize(size);
        await data.goto();
        const section = page.getByTestId('backups');
        if (e2eOnPostgres()) {
          await expect(section).toContainText('backs it up with pg_dump');
        } else {
          const when = new Intl.DateTimeFormat('en-US', {
            dateStyle: 'medium',
            timeStyle: 'short',
            timeZone: timezone,
          }).format(new Date(STARTED));
          await expect(page.getByTestId('last-backup')).toHaveText(
            `The last backup, ${when} (the daily backup), is intact.`,
          );
          await expect(section).toContainText(`File: ${FILE}, 3.4 MB`);
          await expect(section).toContainText(
            'it holds 3,515 rows in 3 tables, 1,204 questions among them.',
          );
        }
        await expectNoAxeViolations(page);
      }

      const settings = new SettingsAdminPage(page);
      for (const size of [desktop, phone]) {
        await page.setViewportSize(size);
        await settings.goto();
        await expectNoAxeViolations(page);
      }
      if (e2eOnPostgres()) {
        await expect(page.getByTestId('backup-on-postgres')).toContainText('pg_dump');
        return;
      }
      await page.setViewportSize(desktop);
      const time = page.getByLabel('Time of the daily backup');
      await expect(time).toHaveValue(savedTime);
      const next = savedTime === '04:45' ? '05:15' : '04:45';
      await time.fill(next);
      await submitAction(page, page.getByRole('button', { name: 'Save backup time' }));
      await expect(
        page
          .getByRole('status')
          .filter({ hasText: `Saved. The desk backs itself up every day at ${next}.` }),
      ).toBeVisible();
      await page.reload();
      await expect(page.getByLabel('Time of the daily backup')).toHaveValue(next);
      expect(await deskValue<string>('select backup_time from bakery')).toBe(next);
      expect(
        await deskValue<number>(
          "select count(*) from audit_log where action = 'settings.backupTime' and after like ?",
          `%${next}%`,
        ),
      ).toBeGreaterThan(0);
      await data.goto();
      await expect(page.getByTestId('backups')).toContainText(`every day at ${next}`);
    } finally {
      await withDeskDatabase(async (db) => {
        await db.run('delete from backup_runs where day = ?', DAY);
        await db.run('update bakery set backup_time = ?', savedTime);
      });
    }
  });
});
