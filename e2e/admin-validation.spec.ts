import type { Page } from '@playwright/test';
import { HoursAdminPage, MenuAdminPage, SettingsAdminPage } from './pages/admin-pages';
import { AuditLogPage } from './pages/audit-page';
import { expectNoAxeViolations } from './support/axe';
import { withDeskDatabase } from './support/database';
import { expect, test } from './support/fixtures';
import { signInReusingSession } from './support/reused-sessions';

// Staff get 403 and the "Not for your account" heading from every admin page: checked over
// HTTP for every page in tests/access/matrix.ts by e2e/access-matrix.spec.ts; one refused
// page is rendered in the browser by e2e/staff-admin.spec.ts.

/** Everything an invalid save could touch: the facts, their version and the audit log. */
function factsSnapshot(): Promise<string> {
  return withDeskDatabase(async (db) => {
    const tables = ['bakery', 'menu_items', 'weekly_hours', 'date_exceptions', 'audit_log'];
    const rows = [];
    for (const table of tables) rows.push(await db.rows(`select * from ${table} order by 1`));
    return JSON.stringify(rows);
  });
}

test.describe('invalid entries show their errors beside the field and change nothing', () => {
  test.beforeEach(async ({ page, owner }) => {
    await signInReusingSession(page, owner);
  });

  test('a price of "abc" and 99 days of notice', async ({ page }) => {
    const menu = new MenuAdminPage(page);
    await menu.goto();
    const before = await factsSnapshot();
    await menu.fillNewItem({ name: 'Croissants', price: 'abc', noticeDays: '99' });
    await menu.submitNewItem({ reachesServer: false });
    const price = menu.addForm.getByLabel('Price (USD)');
    await expect(page.locator('#new-price-error')).toContainText('as a number');
    await expect(price).toHaveAttribute('aria-describedby', /new-price-error/);
    await expect(price).toHaveAttribute('aria-invalid', 'true');
    // The first field in error takes the focus, however far down the page it is.
    await expect(price).toBeFocused();
    await expect(menu.addForm.getByRole('status')).toHaveText('Not saved: 2 fields need a change.');
    await expect(page.locator('#new-noticeDays-error')).toContainText('at most 30');
    await expect(price).toHaveValue('abc');
    await expect(menu.addForm.getByLabel('Name')).toHaveValue('Croissants');
    expect(await factsSnapshot()).toBe(before);
  });

  test('a name already on the menu in other capitals', async ({ page }) => {
    const menu = new MenuAdminPage(page);
    await menu.goto();
    const before = await factsSnapshot();
    await menu.fillNewItem({ name: '  RYE LOAF ', price: '9.50', noticeDays: '1' });
    await menu.submitNewItem();
    await expect(page.locator('#new-name-error')).toHaveText(
      'The menu already has an item with this name.',
    );
    await expect(menu.addForm.getByLabel('Name')).toHaveAttribute(
      'aria-describedby',
      'new-name-error',
    );
    await expect(menu.addForm.getByLabel('Name')).toBeFocused();
    await expect(menu.addForm.getByLabel('Price (USD)')).toHaveValue('9.50');
    expect(await factsSnapshot()).toBe(before);
  });

  test('closing before opening', async ({ page }) => {
    const hours = new HoursAdminPage(page);
    await hours.goto();
    const before = await factsSnapshot();
    await hours.setDay('Saturday', { opens: '13:00', closes: '08:00' });
    await hours.save({ reachesServer: false });
    await expect(page.locator('#closes6-error')).toHaveText('Closing must be after opening.');
    await expect(page.getByLabel('Saturday closes')).toHaveAttribute(
      'aria-describedby',
      'closes6-error',
    );
    await expect(page.getByLabel('Saturday closes')).toBeFocused();
    await expect(page.getByLabel('Saturday opens')).toHaveValue('13:00');
    expect(await factsSnapshot()).toBe(before);
  });

  test('an unknown timezone', async ({ page }) => {
    const settings = new SettingsAdminPage(page);
    await settings.goto();
    const before = await factsSnapshot();
    await settings.timezone.fill('Mars/Olympus_Mons');
    await settings.save({ reachesServer: false });
    await expect(page.locator('#timezone-error')).toContainText('is not a timezone');
    await expect(settings.timezone).toHaveAttribute('aria-describedby', /timezone-error/);
    await expect(settings.timezone).toHaveValue('Mars/Olympus_Mons');
    await expect(settings.timezone).toBeFocused();
    expect(await factsSnapshot()).toBe(before);
  });
});

async function setPrice(page: Page, item: string, price: string) {
  const menu = new MenuAdminPage(page);
  await menu.goto();
  const form = await menu.openEditForm(item);
  await form.getByLabel(/^Price \(/).fill(price);
  await expect(await menu.saveEditForm(form)).toHaveText(`Saved ${item}.`);
}

test('a good save is audited as a sentence saying who and what, newest first; the log narrows by kind', async ({
  page,
  owner,
}) => {
  await signInReusingSession(page, owner);
  const hours = new HoursAdminPage(page);
  await hours.goto();
  await hours.setDay('Friday', { opens: '07:00', closes: '16:00' });
  await hours.save();
  // The result beside the button, below the whole week, takes the focus.
  await expect(page.getByRole('status')).toHaveText('Hours saved.');
  await expect(page.getByRole('status')).toBeFocused();
  await setPrice(page, 'cinnamon buns', '4.25');

  const audit = new AuditLogPage(page);
  await audit.goto();
  await expect(audit.entries.first()).toContainText(
    `${owner.name} changed the price of cinnamon buns from $4.00 to $4.25.`,
  );
  await expect(audit.entries.nth(1)).toContainText(
    `${owner.name} changed Friday’s hours from 7 am–3 pm to 7 am–4 pm.`,
  );
  await audit.showKind('Hours');
  await expect(audit.entries.first()).toContainText('Friday’s hours from 7 am–3 pm to 7 am–4 pm');
  await expect(audit.entries.filter({ hasText: 'price of cinnamon buns' })).toHaveCount(0);
  for (const size of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page);
  }
  // A mistyped address says what is wrong beside the field, and is no error page.
  await audit.goto('?from=2026-13-01');
  await expect(audit.filter.getByText('Choose a day, as YYYY-MM-DD.')).toBeVisible();
  await expect(audit.filter.getByLabel('From')).toHaveAttribute('aria-invalid', 'true');
  await expect(audit.entries).toHaveCount(0);

  // Back to the seed's facts for the specs after this one.
  await setPrice(page, 'cinnamon buns', '4.00');
  await hours.goto();
  await hours.setDay('Friday', { opens: '07:00', closes: '15:00' });
  await hours.save();
  await expect(page.getByRole('status')).toHaveText('Hours saved.');
});
