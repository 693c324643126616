import { expect, type Page } from '@playwright/test';

/** The public /ask form and the ticket page it leads to. */
export class AskPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/ask');
    await expect(this.page.getByRole('heading', { name: 'Ask a question' })).toBeVisible();
  }

  async ask(input: { name: string; email?: string; text: string }) {
    await this.page.getByLabel('Your name').fill(input.name);
    // The form asks for an address only while replies go out by email.
    if (input.email !== undefined) await this.page.getByLabel(/^Email/).fill(input.email);
    await this.page.getByLabel('Your question').fill(input.text);
    await this.page.getByRole('button', { name: 'Send question' }).click();
  }

  /** Asks and waits for the ticket page; returns its path. */
  async askAndOpenTicket(input: { name: string; email?: string; text: string }): Promise<string> {
    await this.ask(input);
    await this.page.waitForURL(/\/t\/[A-Za-z0-9_-]+$/);
    return new URL(this.page.url()).pathname;
  }

  status() {
    return this.page.getByTestId('form-message');
  }
}
