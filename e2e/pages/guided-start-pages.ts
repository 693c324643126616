import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The guided start after setup (/admin/start) and the page an invite link opens (/join/…), for
 * any journey: each form is sent from the keyboard (focus, then Enter), as a person without a
 * mouse would.
 */

/** Focuses the button and presses Enter, then waits for its server action to answer. */
export async function pressAction(page: Page, button: Locator): Promise<void> {
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && !!response.request().headers()['next-action'],
  );
  await button.focus();
  await page.keyboard.press('Enter');
  await answered;
}

// The sizes and the check every page's accessibility is held to.
export { desktop, expectAccessibleAtBothSizes, phone } from './accessibility-tour';

export type GuidedStepTitle =
  | 'Your bakery'
  | 'Weekly hours'
  | 'Menu'
  | 'Staff'
  | 'Email and a model'
  | 'Example questions';

export class GuidedStartPage {
  constructor(readonly page: Page) {}

  async goto(step?: string) {
    await this.page.goto(step ? `/admin/start?step=${step}` : '/admin/start');
  }

  /** Waits for a step's own heading ("Step 2 of 6: Weekly hours"). */
  async expectStep(title: GuidedStepTitle) {
    await expect(
      this.page.getByRole('heading', { level: 1, name: new RegExp(`^Step \\d of \\d: ${title}$`) }),
    ).toBeVisible();
  }

  /** The link to the next step, followed from the keyboard. */
  async continue() {
    const link = this.page.getByRole('link', { name: /^(Continue|Leave as it is): / });
    await link.focus();
    await this.page.keyboard.press('Enter');
  }

  // Step 1: the bakery.

  get timezone(): Locator {
    return this.page.getByRole('combobox', { name: 'Time zone' });
  }

  /** Types part of a zone's name, then moves down the list to `zone` and takes it with Enter. */
  async chooseTimezone(typed: string, zone: string) {
    await this.timezone.focus();
    await this.page.keyboard.press('ControlOrMeta+a');
    await this.page.keyboard.type(typed);
    const list = this.page.getByRole('listbox', { name: 'Time zones' });
    await expect(list).toBeVisible();
    const names = await list.getByRole('option').allTextContents();
    const index = names.indexOf(zone.replace(/_/g, ' '));
    expect(index, `${zone} among ${names.join(', ')}`).toBeGreaterThanOrEqual(0);
    for (let i = 0; i < index; i++) await this.page.keyboard.press('ArrowDown');
    await expect(list.getByRole('option', { selected: true })).toHaveText(zone.replace(/_/g, ' '));
    await this.page.keyboard.press('Enter');
    await expect(list).toBeHidden();
    await expect(this.timezone).toHaveValue(zone);
  }

  async fillBakery(details: { name: string; contact: string; locale: string; currency: string }) {
    await this.page.getByLabel('Bakery name').fill(details.name);
    await this.page.getByLabel('Contact line').fill(details.contact);
    await this.page.getByLabel('Language and region').selectOption(details.locale);
    await this.page.getByLabel('Currency').selectOption(details.currency);
  }

  async saveBakery() {
    await pressAction(this.page, this.page.getByRole('button', { name: 'Save and continue' }));
    await this.expectStep('Weekly hours');
  }

  // Step 3: the menu.

  /** Chooses a CSV file by name and content, then imports what it filled in. */
  async importCsv(file: { name: string; rows: string[] }) {
    await this.page.getByLabel('Spreadsheet file (CSV)').setInputFiles({
      name: file.name,
      mimeType: 'text/csv',
      buffer: Buffer.from(file.rows.join('\r\n')),
    });
    await expect(this.page.getByLabel('The rows to import')).toHaveValue(file.rows.join('\n'));
    await pressAction(this.page, this.page.getByRole('button', { name: 'Import the menu' }));
  }

  /** The rows refused, each "Row n: why". */
  get csvProblems(): Locator {
    return this.page.getByTestId('csv-problems').getByRole('listitem');
  }

  get menuImported(): Locator {
    return this.page.getByRole('form', { name: 'Import a menu' }).getByRole('status');
  }

  // Step 4: staff.

  get colleagueForm(): Locator {
    return this.page.getByRole('form', { name: 'Add a staff member' });
  }

  /** Adds a colleague by invite link and returns the link shown once. */
  async inviteColleague(person: { name: string; email: string }): Promise<string> {
    await this.colleagueForm.getByLabel('Name').fill(person.name);
    await this.colleagueForm.getByLabel('Email').fill(person.email);
    await this.colleagueForm.getByRole('radio', { name: /^An invite link/ }).check();
    await pressAction(this.page, this.colleagueForm.getByRole('button', { name: 'Add them' }));
    // The answer names them: a link still shown from an earlier invite is not theirs.
    const answer = this.colleagueForm.getByRole('status').filter({ hasText: person.email });
    const link = answer.getByTestId('invite-link');
    await expect(link).toBeVisible();
    return ((await link.textContent()) ?? '').trim();
  }

  get openInvites(): Locator {
    return this.page.getByTestId('open-invites');
  }

  async takeBackInvite(name: string) {
    await pressAction(
      this.page,
      this.page.getByRole('button', { name: `Take back the invite for ${name}` }),
    );
  }

  // Step 6: the example questions.

  get exampleCount(): Locator {
    return this.page.getByTestId('example-count');
  }

  async removeExamples(): Promise<Locator> {
    await pressAction(
      this.page,
      this.page.getByRole('button', { name: 'Remove the example questions' }),
    );
    return this.page.getByRole('form', { name: 'Example questions' }).getByRole('status');
  }

  async finish() {
    await this.page.getByRole('button', { name: 'Finish the guided start' }).focus();
    await this.page.keyboard.press('Enter');
    await expect(this.page).toHaveURL(/\/admin$/);
  }

  async skip() {
    await this.page.getByRole('button', { name: 'Skip the guided start' }).focus();
    await this.page.keyboard.press('Enter');
    await expect(this.page).toHaveURL(/\/admin$/);
  }
}

/** The link back to the guided start every owner page shows until it is finished or skipped. */
export function guidedStartBanner(page: Page): Locator {
  return page.getByRole('link', { name: 'Continue the guided start' });
}

/** What an invite link opens: choose a password, or why the link does not open. */
export class JoinPage {
  constructor(readonly page: Page) {}

  async choosePassword(password: string, again = password) {
    await this.page.getByLabel('Choose a password').fill(password);
    await this.page.getByLabel('The same password again').fill(again);
    await pressAction(
      this.page,
      this.page.getByRole('button', { name: 'Choose password and sign in' }),
    );
  }

  get closed(): Locator {
    return this.page.getByTestId('invite-closed');
  }
}
