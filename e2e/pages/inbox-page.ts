import { expect, type Locator, type Page } from '@playwright/test';

/** `/inbox`: the tabs, the search and the rows. */
export class InboxPage {
  constructor(readonly page: Page) {}

  async open(query = '') {
    await this.page.goto(`/inbox${query}`);
    await expect(this.page.getByRole('heading', { name: 'Inbox', exact: true })).toBeVisible();
    await this.waitUntilLive();
  }

  tab(group: 'needsReview' | 'inProgress' | 'failed' | 'sent' | 'discarded'): Locator {
    return this.page.getByTestId(`tab-${group}`);
  }

  rows(): Locator {
    return this.page.getByTestId('inbox-row');
  }

  row(text: string | RegExp): Locator {
    return this.rows().filter({ hasText: text });
  }

  /** The live feed is connected: changes from now on show without a reload. */
  async waitUntilLive() {
    await expect(this.page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  }
}

/** `/inbox/<id>`: the question, the draft editor, the actions and the trace. */
export class QuestionPage {
  constructor(readonly page: Page) {}

  async open(id: number) {
    await this.page.goto(`/inbox/${id}`);
    await expect(this.questionText).toBeVisible();
    // Buttons answer once the page is hydrated; an open question's live badge connecting says so.
    if ((await this.page.getByTestId('live-status').count()) > 0) await this.waitUntilLive();
  }

  get questionText(): Locator {
    return this.page.getByTestId('question-text');
  }

  get editor(): Locator {
    return this.page.getByRole('textbox', { name: /Reply to the customer|Your text \(not sent\)/ });
  }

  get trace(): Locator {
    return this.page.getByTestId('trace');
  }

  /** What the draft rests on: knowledge entries and menu items, each with when it was edited. */
  get sources(): Locator {
    return this.page.getByTestId('draft-sources');
  }

  toolCalls(tool: string): Locator {
    return this.trace.locator(`[data-testid="tool-call"][data-tool="${tool}"]`);
  }

  /** The trace's one line ("3 lookups, 1 not on the menu"): a phone opens the trace by it. */
  get traceSummary(): Locator {
    return this.page.getByTestId('trace-summary');
  }

  /** Unfolds what a step was asked and answered, by keyboard. */
  async openStepData(step: Locator) {
    const summary = step.getByTestId('tool-details').locator('summary');
    await summary.focus();
    await summary.press('Enter');
    await expect(step.getByTestId('tool-details')).toHaveAttribute('open', '');
  }

  get ok(): Locator {
    return this.page.getByTestId('action-ok');
  }

  get error(): Locator {
    return this.page.getByTestId('action-error');
  }

  /** The stale-draft notice; it holds its own Redraft button. */
  get staleNotice(): Locator {
    return this.page.getByTestId('stale-draft');
  }

  async waitUntilLive() {
    await expect(this.page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  }

  /** Opens the confirmation; returns its dialog, which shows exactly what will be sent. */
  async startSending(): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Send…' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Send this reply to the customer?' });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  confirmButton(): Locator {
    return this.page.getByRole('button', { name: 'Send to customer' });
  }

  async send() {
    await this.startSending();
    await this.confirmButton().click();
  }

  /** Where each emailed reply's email stands (queued, sent at, failed with the server's words). */
  emailDeliveries(): Locator {
    return this.page.getByTestId('email-delivery');
  }

  async resendEmail(delivery: Locator) {
    await delivery.getByRole('button', { name: 'Resend' }).click();
  }

  /** Where each emailed message came from: subject, attachments, the original's link. */
  emailDetails(): Locator {
    return this.page.getByTestId('email-details');
  }

  /** Downloads an emailed message's original MIME (the first, unless given) and returns its bytes. */
  async downloadOriginal(index = 0): Promise<{ bytes: Buffer; href: string }> {
    const link = this.emailDetails().nth(index).getByTestId('email-original');
    const href = (await link.getAttribute('href')) ?? '';
    const [download] = await Promise.all([this.page.waitForEvent('download'), link.click()]);
    const path = await download.path();
    const { readFileSync } = await import('node:fs');
    return { bytes: readFileSync(path), href };
  }

  async saveEdit() {
    await this.page.getByRole('button', { name: 'Save edit' }).click();
  }
}

/** The question's id from its inbox page address. */
export function questionIdFromUrl(page: Page): number {
  const match = /\/inbox\/(\d+)/.exec(page.url());
  if (!match) throw new Error(`not a question page: ${page.url()}`);
  return Number(match[1]);
}
