import { Secret, TOTP } from 'otpauth';
import {
  AccountPage,
  AppHeader,
  LoginPage,
  SignInCodePage,
  StaffAdminPage,
} from './pages/account-pages';
import { deskRows } from './support/database';
import { expect, test } from './support/fixtures';
import { ensureUser, testUser } from './support/users';

/** The code an authenticator app shows for `secret`, `offsetSeconds` from now. */
function appCode(secret: string, offsetSeconds = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + offsetSeconds * 1000,
  });
}

async function auditActions(email: string): Promise<string[]> {
  const rows = await deskRows<{ action: string }>(
    `select a.action from audit_log a join users u on u.id = a.user_id
     where u.email = ? and u.removed_at is null order by a.id`,
    email,
  );
  return rows.map((row) => row.action);
}

test('staff added with a temporary password choose their own at first sign-in', async ({
  page,
  browser,
  owner,
  signIn,
}) => {
  await signIn(page, owner);
  const admin = new StaffAdminPage(page);
  await admin.goto();
  const tess = { name: 'Tess Temporary', email: `tess-${Date.now()}@juniper.test` };
  const temporary = await admin.addStaff(tess);

  const context = await browser.newContext();
  const tessPage = await context.newPage();
  const login = new LoginPage(tessPage);
  await login.goto();
  await login.signIn({ email: tess.email, password: temporary });
  await expect(tessPage).toHaveURL(/\/account$/);
  await expect(tessPage.getByRole('heading', { name: 'Choose your own password' })).toBeVisible();

  // Nothing else opens until then, on the server: pages send her back, routes refuse.
  await tessPage.goto('/inbox');
  await expect(tessPage).toHaveURL(/\/account$/);
  // Even a page her role would refuse sends her there first, rather than to a 403.
  await tessPage.goto('/admin');
  await expect(tessPage).toHaveURL(/\/account$/);
  const feed = await context.request.get('/api/inbox/events', {
    headers: { accept: 'text/event-stream' },
  });
  expect(feed.status()).toBe(403);

  const account = new AccountPage(tessPage);
  await account.changePassword({
    current: 'not the temporary one',
    next: 'Tess rolls the rye early',
  });
  await expect(account.fieldError('currentPassword')).toHaveText(
    'That is not your current password.',
  );
  await account.changePassword({ current: temporary, next: 'password1234' });
  await expect(account.fieldError('newPassword')).toContainText('too easy to guess');
  await expect(account.fieldError('newPassword')).toContainText('commonly used password');
  // Each try costs a full check of the current password first; the other rules of a new
  // password are tested on passwordProblem itself (lib/auth/password-policy.test.ts: "wants at
  // least 12 characters"), and this one shows their errors reach the form.
  await account.changePassword({
    current: temporary,
    next: 'Tess rolls the rye early',
    again: 'Tess rolls the rye later',
  });
  await expect(account.fieldError('confirmPassword')).toHaveText('The two new passwords differ.');

  await account.changePassword({ current: temporary, next: 'Tess rolls the rye early' });
  await expect(tessPage).toHaveURL(/\/inbox$/);
  await expect(tessPage.getByRole('heading', { name: 'Inbox' })).toBeVisible();
  expect(await auditActions(tess.email)).toContain('password.change');

  await new AppHeader(tessPage).signOut();
  await login.signIn({ email: tess.email, password: temporary });
  await expect(login.message).toHaveText('That email and password do not match an account.');
  await login.signIn({ email: tess.email, password: 'Tess rolls the rye early' });
  await expect(tessPage).toHaveURL(/\/inbox$/);
  await context.close();
});

test('changing the password at /account ends every other session', async ({
  page,
  browser,
  signIn,
}) => {
  const [user, elsewhere] = await Promise.all([
    ensureUser(testUser('changing-password')),
    browser.newContext(),
  ]);
  const elsewherePage = await elsewhere.newPage();
  // The two sessions are made side by side: each sign-in is a full password check.
  await Promise.all([signIn(page, user), signIn(elsewherePage, user)]);

  const account = new AccountPage(page);
  await account.goto();
  await expect(account.thisSession).toContainText('this browser');
  await expect(account.otherSessions).toHaveCount(1);
  // Staff have no two-factor section; it is for owners.
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toHaveCount(0);

  const next = 'Poppy seeds on the bloomer';
  await account.changePassword({ current: user.password, next });
  await expect(account.passwordChanged).toContainText('One other session was signed out.');
  await expect(account.otherSessions).toHaveCount(0);

  await elsewherePage.goto('/inbox');
  await expect(elsewherePage).toHaveURL(/\/login\?next=%2Finbox$/);
  await page.goto('/inbox');
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();

  const old = await elsewhere.request.post('/api/auth/sign-in', {
    data: { email: user.email, password: user.password },
  });
  expect(old.status()).toBe(401);
  const fresh = await elsewhere.request.post('/api/auth/sign-in', {
    data: { email: user.email, password: next },
  });
  expect(fresh.status()).toBe(200);
  await elsewhere.close();
});

test('a person signs out one other session, then everywhere', async ({ page, browser, signIn }) => {
  const [user, phone] = await Promise.all([
    ensureUser(testUser('signing-out')),
    browser.newContext(),
  ]);
  const phonePage = await phone.newPage();
  await Promise.all([signIn(page, user), signIn(phonePage, user)]);

  const account = new AccountPage(page);
  await account.goto();
  await expect(account.otherSessions).toHaveCount(1);
  await account.signOutOtherSession();
  await phonePage.goto('/inbox');
  await expect(phonePage).toHaveURL(/\/login\?next=%2Finbox$/);

  await signIn(phonePage, user);
  await account.goto();
  await expect(account.otherSessions).toHaveCount(1);
  await account.signOutEverywhere();
  expect(await auditActions(user.email)).toContain('sessions.end');

  for (const target of [page, phonePage]) {
    await target.goto('/inbox');
    await expect(target).toHaveURL(/\/login\?next=%2Finbox$/);
  }
  await phone.close();
});

test('an owner turns on two-factor sign-in and signs in with a code, then a recovery code', async ({
  page,
  signIn,
}) => {
  const owner = await ensureUser(testUser('two-factor-owner', 'owner'));
  await signIn(page, owner);
  const account = new AccountPage(page);
  await account.goto();
  const secret = await account.startTwoFactor();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const recoveryCodes = await account.confirmTwoFactor(appCode(secret));
  expect(recoveryCodes).toHaveLength(10);
  expect(await auditActions(owner.email)).toContain('twoFactor.enable');

  // A password alone no longer signs in, by the form or by the API.
  const api = await page.request.post('/api/auth/sign-in', {
    data: { email: owner.email, password: owner.password },
  });
  expect(api.status()).toBe(401);
  expect(await api.json()).toMatchObject({ error: 'codeRequired' });

  const header = new AppHeader(page);
  const login = new LoginPage(page);
  const codeStep = new SignInCodePage(page);
  await page.goto('/account');
  await header.signOut();
  await login.signIn(owner);
  await codeStep.expectShown();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin$/);

  await login.signIn(owner);
  await codeStep.expectShown();
  await codeStep.enter('000 000x');
  await expect(codeStep.error).toContainText('That code is not right');
  // The next step's code: the one that confirmed enrolment cannot be used again.
  await codeStep.enter(appCode(secret, 30));
  await expect(page).toHaveURL(/\/admin$/);
  await expect(header.signedInUser).toHaveText(`${owner.name} (owner)`);

  const [first, second, third] = recoveryCodes as [string, string, string];
  await header.signOut();
  await login.signIn(owner);
  await codeStep.enter(first.toUpperCase());
  await expect(page).toHaveURL(/\/admin$/);
  expect(await auditActions(owner.email)).toContain('twoFactor.recoveryCodeUsed');

  await header.signOut();
  await login.signIn(owner);
  await codeStep.enter(first);
  await expect(codeStep.error).toContainText('That code is not right');
  await codeStep.enter(second);
  await expect(page).toHaveURL(/\/admin$/);

  await account.goto();
  await expect(account.twoFactorStatus).toContainText('8 unused recovery codes left');
  await page.getByLabel('Your password').fill(owner.password);
  await page.getByLabel('Code from the app, or a recovery code').fill(third);
  await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
  await expect(page.getByRole('button', { name: 'Turn on two-factor sign-in' })).toBeVisible();
  expect(await auditActions(owner.email)).toContain('twoFactor.disable');

  await header.signOut();
  await login.signIn(owner);
  await expect(page).toHaveURL(/\/admin$/);
});
