import { expect, type Locator, type Page } from '@playwright/test';
import type { TestUser } from '../support/users';

/** Clicks a form's submit button and waits for its server action to answer. */
export async function submitAction(page: Page, button: Locator): Promise<void> {
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && !!response.request().headers()['next-action'],
  );
  await button.click();
  await answered;
}

export class LoginPage {
  constructor(readonly page: Page) {}

  async goto(next?: string) {
    await this.page.goto(next ? `/login?next=${encodeURIComponent(next)}` : '/login');
  }

  async signIn({ email, password }: Pick<TestUser, 'email' | 'password'>) {
    const button = this.page.getByRole('button', { name: 'Sign in' });
    // After an answer React resets the form's fields; fill only once the last one has settled.
    await expect(button).toBeEnabled();
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password').fill(password);
    await expect(this.page.getByLabel('Password')).toHaveValue(password);
    await submitAction(this.page, button);
  }

  /** The form-level message: wrong password, too many attempts. */
  get message(): Locator {
    return this.page.getByTestId('form-message');
  }
}

export class SetupPage {
  constructor(readonly page: Page) {}

  async createOwner({
    name,
    email,
    password,
    setupCode,
  }: Pick<TestUser, 'name' | 'email' | 'password'> & { setupCode: string }) {
    await this.page.getByLabel('Setup code').fill(setupCode);
    await this.page.getByLabel('Your name').fill(name);
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password').fill(password);
    await submitAction(
      this.page,
      this.page.getByRole('button', { name: 'Create the owner account' }),
    );
  }
}

/** The header every staff and owner page shares (app/_shell/app-shell.tsx). */
export class AppHeader {
  constructor(readonly page: Page) {}

  get signedInUser(): Locator {
    return this.page.getByTestId('signed-in-user');
  }

  async signOut() {
    // On a phone the header's links and Sign out are behind its Menu.
    const menu = this.page.getByRole('button', { name: 'Menu', exact: true });
    if (await menu.isVisible()) await menu.click();
    await this.page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(this.page).toHaveURL(/\/login$/);
  }
}

export class StaffAdminPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/admin/staff');
    await expect(this.page.getByRole('heading', { name: 'Staff', exact: true })).toBeVisible();
  }

  get list(): Locator {
    return this.page.getByTestId('staff-list');
  }

  async fillNewStaff({ name, email }: { name: string; email: string }) {
    await this.page.getByLabel('Name').fill(name);
    await this.page.getByLabel('Email').fill(email);
  }

  async submitNewStaff() {
    await submitAction(this.page, this.page.getByRole('button', { name: 'Add staff member' }));
  }

  /** Adds a staff member and returns the temporary password the page shows once. */
  async addStaff(person: { name: string; email: string }): Promise<string> {
    await this.fillNewStaff(person);
    await this.submitNewStaff();
    const shown = this.page.getByTestId('temporary-password');
    await expect(shown).toBeVisible();
    return (await shown.textContent())?.trim() ?? '';
  }

  async remove(name: string) {
    await this.page.getByRole('button', { name: `Remove ${name}` }).click();
    await expect(this.list).not.toContainText(name);
  }
}

/** /account: password, sessions, and an owner's two-factor sign-in. */
export class AccountPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/account');
    await expect(this.page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  }

  /** Fills and submits the password form (the same form at first sign-in). */
  async changePassword({
    current,
    next,
    again = next,
  }: {
    current: string;
    next: string;
    again?: string;
  }) {
    await this.page.getByLabel(/^(Current|Temporary) password$/).fill(current);
    await this.page.getByLabel('New password', { exact: true }).fill(next);
    await this.page.getByLabel('New password again').fill(again);
    await submitAction(this.page, this.page.getByRole('button', { name: 'Change password' }));
  }

  /** The error shown beside one of the password form's fields. */
  fieldError(field: 'currentPassword' | 'newPassword' | 'confirmPassword'): Locator {
    return this.page.locator(`#${field}-error`);
  }

  get passwordChanged(): Locator {
    return this.page.getByRole('status').filter({ hasText: 'Password changed' });
  }

  get thisSession(): Locator {
    return this.page.getByTestId('this-session');
  }

  get otherSessions(): Locator {
    return this.page.getByTestId('other-session');
  }

  async signOutOtherSession(index = 0) {
    const row = this.otherSessions.nth(index);
    const before = await this.otherSessions.count();
    await submitAction(this.page, row.getByRole('button', { name: /^Sign out session/ }));
    await expect(this.otherSessions).toHaveCount(before - 1);
  }

  async signOutEverywhere() {
    await this.page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(this.page).toHaveURL(/\/login$/);
  }

  /** Starts enrolment and returns the secret shown beside the QR code (spaces removed). */
  async startTwoFactor(): Promise<string> {
    await submitAction(
      this.page,
      this.page.getByRole('button', { name: 'Turn on two-factor sign-in' }),
    );
    await expect(
      this.page.getByRole('img', { name: 'QR code of the authenticator secret' }),
    ).toBeVisible();
    const secret = (await this.page.getByTestId('totp-secret').textContent()) ?? '';
    return secret.replace(/\s+/g, '');
  }

  /** Confirms enrolment with a code and returns the recovery codes shown once. */
  async confirmTwoFactor(code: string): Promise<string[]> {
    await this.page.getByLabel('Code from the app').fill(code);
    await submitAction(this.page, this.page.getByRole('button', { name: 'Confirm and turn on' }));
    const list = this.page.getByTestId('recovery-codes');
    await expect(list).toBeVisible();
    return (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
  }

  get twoFactorStatus(): Locator {
    return this.page.getByTestId('two-factor-status');
  }
}

/** /login/code: the second step of a sign-in with two-factor on. */
export class SignInCodePage {
  constructor(readonly page: Page) {}

  async expectShown() {
    await expect(this.page).toHaveURL(/\/login\/code(\?|$)/);
    await expect(this.page.getByRole('heading', { name: 'Enter your sign-in code' })).toBeVisible();
  }

  async enter(code: string) {
    await this.page.getByLabel('Code', { exact: true }).fill(code);
    await submitAction(this.page, this.page.getByRole('button', { name: 'Continue' }));
  }

  get error(): Locator {
    return this.page.locator('#code-error');
  }
}
