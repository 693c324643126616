import { expect, type Locator, type Page } from '@playwright/test';

/** The owner's audit log: each entry a sentence, the filter form above, pages below. */
export class AuditLogPage {
  constructor(readonly page: Page) {}

  async goto(query = '') {
    await this.page.goto(`/admin/audit${query}`);
    await expect(this.page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  }

  get entries(): Locator {
    return this.page.getByTestId('audit-entry');
  }

  get filter(): Locator {
    return this.page.getByRole('search').getByRole('form', { name: 'Filter the audit log' });
  }

  /** Chooses a kind by keyboard and submits the form with Enter, as a keyboard user would. */
  async showKind(kind: string) {
    const select = this.filter.getByLabel('Kind');
    await select.focus();
    await select.selectOption({ label: kind });
    await this.filter.getByRole('button', { name: 'Show' }).press('Enter');
    await this.page.waitForURL(/[?&]kind=/);
  }
}
