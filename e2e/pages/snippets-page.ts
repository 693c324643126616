import { expect, type Locator, type Page } from '@playwright/test';

/** `/inbox/snippets`: a person's saved replies and the shared ones. */
export class SnippetsPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/inbox/snippets');
    await expect(this.page.getByRole('heading', { name: 'Snippets', exact: true })).toBeVisible();
  }

  snippet(title: string): Locator {
    return this.page
      .getByTestId('snippet')
      .filter({ has: this.page.getByRole('heading', { name: title }) });
  }

  async add(input: { title: string; text: string; shared?: boolean }) {
    const form = this.page.getByRole('form', { name: 'New snippet' });
    await form.getByLabel('Title').fill(input.title);
    await form.getByLabel('Text').fill(input.text);
    if (input.shared) await form.getByLabel('Shared with all staff').check();
    await form.getByRole('button', { name: 'Save snippet' }).click();
    await expect(form.getByRole('status')).toContainText(`Saved “${input.title}”`);
    await expect(this.snippet(input.title)).toBeVisible();
  }
}

/** A question page's staff notes and its snippet menu, beside `QuestionPage`. */
export class TeamTools {
  constructor(readonly page: Page) {}

  notes(): Locator {
    return this.page.getByTestId('thread-note');
  }

  async addNote(text: string) {
    const panel = this.page.getByTestId('note-panel');
    if ((await panel.getAttribute('open')) === null) {
      await panel.getByText('Add a note for staff').click();
    }
    await panel.getByRole('textbox', { name: 'Note (staff only)' }).fill(text);
    await panel.getByRole('button', { name: 'Add note' }).click();
    await expect(panel.getByRole('status')).toContainText('Note added');
  }

  /** The `/` menu's list of snippets. */
  snippetOptions(): Locator {
    return this.page.getByRole('listbox', { name: 'Snippets' }).getByRole('option');
  }
}
