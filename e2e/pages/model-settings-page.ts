import { expect, type Locator, type Page } from '@playwright/test';
import { submitAction } from './account-pages';

/** The Settings page's "Drafting model" section: provider, key, model, address, Save and Test. */
export class ModelSettingsPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/admin/settings');
    await expect(this.page.getByRole('heading', { name: 'Drafting model' })).toBeVisible();
  }

  get form(): Locator {
    return this.page.getByRole('form', { name: 'Drafting model' });
  }

  /** "Drafts are written by …" */
  get drafter(): Locator {
    return this.page.getByTestId('drafter');
  }

  /** "Set, ends in …abcd", or that the saved key can't be read. */
  get keyState(): Locator {
    return this.page.getByTestId('model-key-state');
  }

  get unreadableKey(): Locator {
    return this.page.getByTestId('model-key-unreadable');
  }

  get verdict(): Locator {
    return this.page.getByTestId('model-check-verdict');
  }

  get saved(): Locator {
    return this.form.getByRole('status').filter({ hasText: /^(Saved|Nothing changed)/ });
  }

  /** The key's field: "API key", "API key (if needed)", or "New API key" after Replace. */
  get keyField(): Locator {
    return this.form.getByRole('textbox', { name: /^(New )?API key/ });
  }

  async chooseProvider(name: 'Offline drafter' | 'Claude (Anthropic)' | 'OpenAI-compatible') {
    await this.form.getByRole('radio', { name }).check();
  }

  async fillOpenAI({ key, model, baseUrl }: { key?: string; model?: string; baseUrl?: string }) {
    await this.chooseProvider('OpenAI-compatible');
    if (key !== undefined) await this.keyField.fill(key);
    if (model !== undefined) await this.form.getByLabel('Model', { exact: true }).fill(model);
    if (baseUrl !== undefined) {
      await this.form.getByLabel('Server address (base URL)').fill(baseUrl);
    }
  }

  /** Presses "Test the model" and waits for the verdict beside it. */
  async test(): Promise<Locator> {
    await submitAction(this.page, this.form.getByRole('button', { name: 'Test the model' }));
    await expect(this.verdict).toBeVisible();
    return this.verdict;
  }

  async save({ reachesServer = true } = {}) {
    const button = this.form.getByRole('button', { name: 'Save the model' });
    if (reachesServer) await submitAction(this.page, button);
    else await button.click();
  }
}
