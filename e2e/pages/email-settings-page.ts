import { expect, type Locator, type Page } from '@playwright/test';
import { submitAction } from './account-pages';

export type MailServerFields = {
  provider?: string;
  host: string;
  port: number;
  security: 'None (only for a server on this machine or network)' | string;
  user: string;
  password: string;
};

/**
 * Settings → Email: the "Replies by email" form (outgoing) and the "Customers’ emails" form
 * (incoming), each with its state box, its Save and its check, whose result shows beside it.
 */
export class EmailSettingsPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/admin/settings');
    await expect(this.page.getByRole('heading', { name: 'Email', exact: true })).toBeVisible();
  }

  get outgoing(): Locator {
    return this.page.getByRole('form', { name: 'Replies by email' });
  }

  get incoming(): Locator {
    return this.page.getByRole('form', { name: 'Customers’ emails' });
  }

  /** A channel's state box: `data-state` is its state. */
  channel(name: 'smtp' | 'imap'): Locator {
    return this.page.getByTestId(`mail-channel-${name}`);
  }

  /** Picks a provider from the list, as the owner would; it fills the server, port and security. */
  async choosePreset(form: Locator, provider: string) {
    await form.getByLabel('Your email provider').selectOption({ label: provider });
  }

  async fillServer(form: Locator, fields: MailServerFields) {
    if (fields.provider) await this.choosePreset(form, fields.provider);
    await form.getByLabel('Server', { exact: true }).fill(fields.host);
    await form.getByLabel('Port').fill(String(fields.port));
    await form.getByLabel('Security').selectOption({ label: fields.security });
    await form.getByLabel(/^User name/).fill(fields.user);
    await form.getByLabel(/^(New )?[Pp]assword$/).fill(fields.password);
  }

  async fillOutgoing(fields: MailServerFields & { from: string; publicAddress?: string }) {
    await this.fillServer(this.outgoing, fields);
    await this.outgoing.getByLabel('Replies come from').fill(fields.from);
    if (fields.publicAddress) {
      await this.outgoing.getByLabel('The desk’s public address').fill(fields.publicAddress);
    }
  }

  async fillIncoming(fields: MailServerFields & { folder?: string; doneFolder?: string }) {
    await this.fillServer(this.incoming, fields);
    await this.incoming.getByLabel('Folder to read').fill(fields.folder ?? 'INBOX');
    await this.incoming.getByLabel(/^Move handled emails to/).fill(fields.doneFolder ?? '');
  }

  /** Presses Save and waits for the server's answer, whatever it is. */
  async submit(form: Locator) {
    await submitAction(this.page, form.getByRole('button', { name: 'Save', exact: true }));
  }

  /** Saves a form and returns its success line. */
  async save(form: Locator): Promise<Locator> {
    await this.submit(form);
    const saved = form.getByRole('status').filter({ hasText: /saved|Nothing changed/ });
    await expect(saved).toBeVisible();
    return saved;
  }

  /** "Send a test email to me": the result beside the button. */
  async sendTestEmail(): Promise<Locator> {
    return this.check(this.outgoing, 'Send a test email to me', 'smtp-check');
  }

  /** "Check the mailbox": the result beside the button. */
  async checkMailbox(): Promise<Locator> {
    return this.check(this.incoming, 'Check the mailbox', 'imap-check');
  }

  private async check(form: Locator, button: string, testId: string): Promise<Locator> {
    await submitAction(this.page, form.getByRole('button', { name: button }));
    const result = form.getByTestId(testId);
    await expect(result).toHaveAttribute('data-ok', /true|false/, { timeout: 30_000 });
    return result;
  }

  /** "Set, ends in …abcd" where a password is saved. */
  passwordState(form: Locator): Locator {
    return form.getByTestId('password-state');
  }
}
