import { expect, type Locator, type Page } from '@playwright/test';
import { submitAction } from './account-pages';

/** The owner's menu page: the add form, and each item's edit form and buttons. */
export class MenuAdminPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/admin/menu');
    await expect(this.page.getByRole('heading', { name: 'Menu', exact: true })).toBeVisible();
  }

  get addForm(): Locator {
    return this.page.getByRole('form', { name: 'Add a menu item' });
  }

  get list(): Locator {
    return this.page.getByTestId('menu-list');
  }

  async fillNewItem(item: {
    name: string;
    price: string;
    noticeDays: string;
    description?: string;
  }) {
    const form = this.addForm;
    await form.getByLabel('Name').fill(item.name);
    await form.getByLabel(/^Price \(/).fill(item.price);
    await form.getByLabel('Days of notice').fill(item.noticeDays);
    await form.getByLabel('Description (optional)').fill(item.description ?? '');
  }

  /** Submits the add form; `reachesServer` false when the form's own check should stop it. */
  async submitNewItem({ reachesServer = true } = {}) {
    const button = this.addForm.getByRole('button', { name: 'Add item' });
    if (reachesServer) await submitAction(this.page, button);
    else await button.click();
  }

  async addItem(item: { name: string; price: string; noticeDays: string; description?: string }) {
    await this.fillNewItem(item);
    await this.submitNewItem();
    await expect(this.addForm.getByRole('status')).toHaveText(`Added ${item.name}.`);
    await expect(this.list).toContainText(item.name);
  }

  /** Opens an item's edit form (folded under "Edit <name>") and returns it. */
  async openEditForm(name: string): Promise<Locator> {
    await this.page.getByText(`Edit ${name}`, { exact: true }).click();
    const form = this.page.getByRole('form', { name: `Edit ${name}` });
    await expect(form).toBeVisible();
    return form;
  }

  /** Saves an item's edit form as it stands and returns the status beside its button. */
  async saveEditForm(form: Locator): Promise<Locator> {
    await submitAction(this.page, form.getByRole('button', { name: 'Save item' }));
    return form.getByRole('status');
  }
}

export class HoursAdminPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/admin/hours');
    await expect(this.page.getByRole('heading', { name: 'Weekly hours' })).toBeVisible();
  }

  async setDay(day: string, hours: { opens: string; closes: string }) {
    await this.page.getByLabel(`${day} opens`).fill(hours.opens);
    await this.page.getByLabel(`${day} closes`).fill(hours.closes);
  }

  async save({ reachesServer = true } = {}) {
    const button = this.page.getByRole('button', { name: 'Save hours' });
    if (reachesServer) await submitAction(this.page, button);
    else await button.click();
  }
}

export class ExceptionsAdminPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/admin/exceptions');
    await expect(
      this.page.getByRole('heading', { name: 'Holidays & special hours' }),
    ).toBeVisible();
  }

  get addForm(): Locator {
    return this.page.getByRole('form', { name: 'Add a holiday or special hours' });
  }

  get list(): Locator {
    return this.page.getByTestId('exception-list');
  }

  async closeDate(date: string, note: string) {
    await this.addForm.getByLabel('Date').fill(date);
    await this.addForm.getByLabel('Closed').check();
    await this.addForm.getByLabel('Note (optional)').fill(note);
    await submitAction(this.page, this.addForm.getByRole('button', { name: 'Add date' }));
    await expect(this.addForm.getByRole('status')).toHaveText(`Saved ${date}.`);
    await expect(this.list).toContainText(date);
  }

  async remove(date: string) {
    await submitAction(this.page, this.page.getByRole('button', { name: `Remove ${date}` }));
    await expect(this.list).not.toContainText(date);
  }
}

export class SettingsAdminPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/admin/settings');
    await expect(this.page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  }

  async save({ reachesServer = true } = {}) {
    const button = this.page.getByRole('button', { name: 'Save settings' });
    if (reachesServer) await submitAction(this.page, button);
    else await button.click();
  }

  /** Presses "Test the model" and returns the verdict it shows. */
  async testModel(): Promise<Locator> {
    await submitAction(this.page, this.page.getByRole('button', { name: 'Test the model' }));
    const verdict = this.page.getByTestId('model-check-verdict');
    await expect(verdict).toBeVisible();
    return verdict;
  }

  get drafter(): Locator {
    return this.page.getByTestId('drafter');
  }

  /** A mail channel's box: `data-state` is its state; it shows the server, last answer and error. */
  mailChannel(name: 'smtp' | 'imap'): Locator {
    return this.page.getByTestId(`mail-channel-${name}`);
  }

  get dailyBudget(): Locator {
    return this.page.getByLabel('Daily model budget ($)');
  }

  get timezone(): Locator {
    return this.page.getByRole('combobox', { name: 'Time zone' });
  }

  /** Chooses how prices, dates and times are written, and the currency, then saves. */
  async chooseLocale(locale: string, currency: string) {
    await this.goto();
    await this.page.getByLabel('Language and region').selectOption(locale);
    await this.page.getByLabel('Currency', { exact: true }).selectOption(currency);
    await this.save();
    await expect(
      this.page.getByRole('status').filter({ hasText: 'Settings saved.' }),
    ).toBeFocused();
  }
}

/** Today's model spend, on every admin page while drafting with Claude. */
export function modelSpend(page: Page): Locator {
  return page.getByTestId('model-spend');
}

/** The owner's customer-data page: the retention period, its dry run and Erase now. */
export class CustomerDataAdminPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/admin/data');
    await expect(this.page.getByRole('heading', { name: 'Customer data' })).toBeVisible();
  }

  get retentionDays(): Locator {
    return this.page.getByLabel('Keep closed conversations for (days)');
  }

  get preview(): Locator {
    return this.page.getByTestId('erase-preview');
  }

  async save({ reachesServer = true } = {}) {
    const button = this.page.getByRole('button', { name: 'Save retention period' });
    if (reachesServer) await submitAction(this.page, button);
    else await button.click();
  }
}

/** The owner's knowledge page: the entries with their switches, the new-entry form, handover topics. */
export class KnowledgeAdminPage {
  constructor(readonly page: Page) {}

  async goto(query = '') {
    await this.page.goto(`/admin/knowledge${query}`);
    await expect(this.page.getByRole('heading', { name: 'Knowledge', exact: true })).toBeVisible();
  }

  get addForm(): Locator {
    return this.page.getByRole('form', { name: 'Write a knowledge entry' });
  }

  get list(): Locator {
    return this.page.getByTestId('knowledge-list');
  }

  entry(title: string): Locator {
    return this.page.getByTestId('knowledge-entry').filter({ hasText: title });
  }

  /** Fills and submits the new-entry form; `reachesServer` false when its own check stops it. */
  async add(
    entry: { title?: string; answer: string; tags?: string },
    { reachesServer = true } = {},
  ) {
    if (entry.title !== undefined) await this.addForm.getByLabel('Title').fill(entry.title);
    await this.addForm.getByLabel('The answer').fill(entry.answer);
    await this.addForm.getByLabel('Tags (optional)').fill(entry.tags ?? '');
    const button = this.addForm.getByRole('button', { name: 'Add entry' });
    if (reachesServer) await submitAction(this.page, button);
    else await button.click();
  }

  get handoverForm(): Locator {
    return this.page.getByRole('form', { name: 'Always for a person' });
  }

  /** Saves the topics always for a person, one a line; `reachesServer` as for `add`. */
  async saveHandover(topics: string, { reachesServer = true } = {}) {
    await this.handoverForm.getByLabel('Topics always for a person').fill(topics);
    const button = this.handoverForm.getByRole('button', { name: 'Save topics' });
    if (reachesServer) await submitAction(this.page, button);
    else await button.click();
  }

  async switchOff(title: string) {
    await submitAction(this.page, this.page.getByRole('button', { name: `Switch off ${title}` }));
    await expect(this.entry(title).getByTestId('entry-off')).toBeVisible();
  }

  async remove(title: string) {
    this.page.once('dialog', (dialog) => dialog.accept());
    await submitAction(this.page, this.page.getByRole('button', { name: `Remove ${title}` }));
    await expect(this.list).not.toContainText(title);
  }
}

/** One item's edit form on the menu page, opened from its disclosure. */
export async function openMenuItemEditor(page: Page, name: string): Promise<Locator> {
  await page.getByText(`Edit ${name}`, { exact: true }).click();
  const form = page.getByRole('form', { name: `Edit ${name}` });
  await expect(form).toBeVisible();
  return form;
}
