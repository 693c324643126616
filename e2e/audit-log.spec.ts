import type { Page } from '@playwright/test';
import { submitAction } from './pages/account-pages';
import { HoursAdminPage, openMenuItemEditor } from './pages/admin-pages';
import { AuditLogPage } from './pages/audit-page';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { signInReusingSession } from './support/reused-sessions';

async function setPrice(page: Page, item: string, price: string) {
  await page.goto('/admin/menu');
  const form = await openMenuItemEditor(page, item);
  await form.getByLabel(/^Price \(/).fill(price);
  await submitAction(page, form.getByRole('button', { name: 'Save item' }));
  await expect(form.getByRole('status')).toHaveText(`Saved ${item}.`);
}

test('the audit log reads as sentences and narrows by kind', async ({ page, owner }) => {
  await signInReusingSession(page, owner);
  const hours = new HoursAdminPage(page);
  await hours.goto();
  await hours.setDay('Friday', { opens: '07:00', closes: '16:00' });
  await hours.save();
  await expect(page.getByRole('status')).toHaveText('Hours saved.');
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
  await expect(audit.filter.getByLabel('Kind')).toHaveValue('hours');
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
