import { expect, type Locator, type Page } from '@playwright/test';

/** `/t/<token>`: the customer's own page, the conversation and the form to write back. */
export class TicketPage {
  constructor(readonly page: Page) {}

  async open(path: string) {
    await this.page.goto(path);
    await expect(this.page.getByRole('heading', { name: 'Your question' })).toBeVisible();
  }

  messages(): Locator {
    return this.page.getByTestId('ticket-message');
  }

  /** Each message as [author, text], in the order the page shows them. */
  async thread(): Promise<[string, string][]> {
    const items = await this.messages().all();
    return Promise.all(
      items.map(async (item) => {
        const author = (await item.getAttribute('data-author')) ?? '';
        const text = await item
          .getByTestId(author === 'bakery' ? 'ticket-reply' : 'ticket-question')
          .textContent();
        return [author, (text ?? '').trim()] as [string, string];
      }),
    );
  }

  /** A reply from the bakery with exactly this text. */
  reply(text: string): Locator {
    return this.page.getByTestId('ticket-reply').filter({ hasText: text });
  }

  /** What the page's live region says when a reply arrives (read by screen readers). */
  announcement(): Locator {
    return this.page.getByTestId('ticket-announcement');
  }

  /** Marks this very page, so a later check can tell it was never reloaded. */
  async markThisPage() {
    await this.page.evaluate(() => {
      (window as unknown as { stillThisPage: boolean }).stillThisPage = true;
    });
  }

  async isStillThisPage(): Promise<boolean> {
    return this.page.evaluate(
      () => (window as unknown as { stillThisPage?: boolean }).stillThisPage === true,
    );
  }

  async writeBack(text: string) {
    const before = await this.messages().count();
    await this.page.getByRole('textbox', { name: 'Write back' }).fill(text);
    await this.page.getByRole('button', { name: 'Send message' }).click();
    await expect(this.messages()).toHaveCount(before + 1);
  }
}
