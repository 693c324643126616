import { existsSync } from 'node:fs';
import { expectAccessibleAtBothSizes } from './pages/accessibility-tour';
import { AppHeader, LoginPage, SetupPage } from './pages/account-pages';
import { test as base, expect } from './support/fixtures';
import { type OwnServer, startOwnServer } from './support/own-server';
import { readSetupCode, setupCodeFile, setupCodeFileMode } from './support/setup-code';
import { owner, userExists } from './support/users';

/** A desk just installed, its own each time the journey runs: nobody has an account yet. */
const test = base.extend<{ freshDesk: OwnServer }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
  freshDesk: async ({}, use) => {
    const desk = await startOwnServer({ name: 'first-run', env: { HOST: '127.0.0.1' } });
    try {
      await use(desk);
    } finally {
      await desk.stop();
    }
  },
  baseURL: async ({ freshDesk }, use) => use(freshDesk.url),
});

test('a fresh database leads to setup, then sign-in and sign-out that revokes the session @postgres', async ({
  page,
  context,
  freshDesk,
}) => {
  expect(await userExists(owner.email, freshDesk.database)).toBe(false);

  await page.goto('/');
  await expect(page.getByTestId('first-run-notice')).toBeVisible();

  // Every staff or owner page leads to /setup while there is no account.
  for (const path of ['/inbox', '/admin', '/admin/staff', '/login']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/setup$/);
  }

  // The server printed a one-time code at start and keeps it beside the database, for its
  // owner's eyes only: without it, reaching the port first is not enough to become the owner.
  const setupCode = readSetupCode(freshDesk.databasePath);
  expect(setupCodeFileMode(freshDesk.databasePath)).toBe(0o600);
  const setup = new SetupPage(page);
  await setup.createOwner({ ...owner, setupCode: 'WRNG-WRNG-WRNG' });
  await expect(page.locator('#setupCode-error')).toHaveText(
    'That is not the setup code printed where the desk was started.',
  );
  await expect(page.getByLabel('Email')).toHaveValue(owner.email);
  // A wrong code and a weak password are both said at once.
  await setup.createOwner({ ...owner, setupCode: 'WRNG-WRNG-WRNG', password: 'password1234' });
  await expect(page.locator('#setupCode-error')).toContainText('not the setup code');
  await expect(page.locator('#password-error')).toContainText('too easy to guess');
  // The one place /setup is seen: with its mistakes beside their fields, at both sizes.
  await expectAccessibleAtBothSizes(page, '/setup with its mistakes shown');

  await setup.createOwner({ ...owner, setupCode, password: 'short one' });
  await expect(page.locator('#password-error')).toContainText('at least 12 characters');
  await setup.createOwner({ ...owner, setupCode, password: 'password1234' });
  await expect(page.locator('#password-error')).toContainText('too easy to guess');
  await expect(page.locator('#password-error')).toContainText('commonly used password');
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-describedby', /password-error/);
  await expect(page.getByLabel('Email')).toHaveValue(owner.email);

  await setup.createOwner({ ...owner, setupCode });
  // A new desk walks its owner through the guided start (e2e/owner-from-browser.spec.ts goes through it).
  await expect(page).toHaveURL(/\/admin\/start$/);
  // Used once, and gone.
  expect(existsSync(setupCodeFile(freshDesk.databasePath))).toBe(false);
  const header = new AppHeader(page);
  await expect(header.signedInUser).toHaveText(`${owner.name} (owner)`);

  const cookie = (await context.cookies()).find((c) => c.name === 'bakery_session');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: false });
  // The session's absolute lifetime (SESSION_MAX_HOURS, 12 by default); idleness is the server's.
  expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 11.9 * 3600);
  expect(cookie?.expires).toBeLessThan(Date.now() / 1000 + 12.1 * 3600);

  await header.signOut();

  // Setup is gone for good.
  expect((await page.request.get('/setup', { maxRedirects: 0 })).status()).toBe(404);
  await page.goto('/');
  await expect(page.getByTestId('first-run-notice')).toHaveCount(0);

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin$/);
  const login = new LoginPage(page);
  await login.signIn({ email: owner.email, password: 'not the password' });
  await expect(login.message).toHaveText('That email and password do not match an account.');
  await expect(page.getByLabel('Email')).toHaveValue(owner.email);
  await login.signIn(owner);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin' })).toBeVisible();

  const token = (await context.cookies()).find((c) => c.name === 'bakery_session');
  if (!token) throw new Error('no session cookie after sign-in');
  await header.signOut();

  // The old cookie, replayed, no longer opens anything: sign-out deleted the session.
  await context.addCookies([token]);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login/);
});
