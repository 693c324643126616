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
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password').fill(password);
    await submitAction(this.page, this.page.getByRole('button', { name: 'Sign in' }));
  }

  /** The form-level message: wrong password, too many attempts. */
  get message(): Locator {
    return this.page.getByTestId('form-message');
  }
}

export class SetupPage {
  constructor(readonly page: Page) {}

  async createOwner({ name, email, password }: Pick<TestUser, 'name' | 'email' | 'password'>) {
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
    await this.page.getByRole('button', { name: 'Sign out' }).click();
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
