import type { Request } from '@playwright/test';
import { AccountPage, AppHeader, LoginPage, StaffAdminPage } from './pages/account-pages';
import { expect, test } from './support/fixtures';
import { signInReusingSession } from './support/reused-sessions';
import { ensureUser, testUser, userExists } from './support/users';

test('an owner adds staff with a temporary password shown once', async ({
  page,
  browser,
  owner,
}) => {
  await signInReusingSession(page, owner);
  const admin = new StaffAdminPage(page);
  await admin.goto();
  const newcomer = { name: 'Nina Newcomer', email: 'nina@juniper.test' };
  const password = await admin.addStaff(newcomer);
  expect(password).toMatch(/^\w{4}-\w{4}-\w{4}-\w{4}$/);
  await expect(admin.list).toContainText(newcomer.email);

  // Shown once: a reload no longer has it.
  await page.reload();
  await expect(page.getByTestId('temporary-password')).toHaveCount(0);

  // The same email again is refused beside the field, the typed values kept.
  await admin.fillNewStaff(newcomer);
  await admin.submitNewStaff();
  await expect(page.locator('#email-error')).toContainText('already');
  await expect(page.getByLabel('Name')).toHaveValue(newcomer.name);

  const ninaContext = await browser.newContext();
  const ninaPage = await ninaContext.newPage();
  const login = new LoginPage(ninaPage);
  await login.goto();
  await login.signIn({ email: newcomer.email, password });
  // A temporary password: Nina chooses her own before anything else.
  await expect(ninaPage).toHaveURL(/\/account$/);
  await new AccountPage(ninaPage).changePassword({
    current: password,
    next: 'Nina kneads the dough at 5',
  });
  await expect(ninaPage).toHaveURL(/\/inbox$/);
  await expect(new AppHeader(ninaPage).signedInUser).toHaveText('Nina Newcomer (staff)');
  await expect(ninaPage.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await ninaContext.close();
});

test('staff cannot open an admin page', async ({ page, staff }) => {
  await signInReusingSession(page, staff);
  await page.goto('/inbox');
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
  for (const path of ['/admin', '/admin/staff']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole('heading', { name: 'Not for your account' })).toBeVisible();
  }
});

/**
 * A server action is an HTTP POST to the page's URL with a `Next-Action` header naming the
 * action and the form's fields as multipart data. The id is not in the staff member's pages,
 * so it is captured from the owner's own submission (held back with route.abort, so it does
 * nothing), then the identical request is sent with the staff member's cookie. The same
 * replay with the owner's cookie succeeds, which proves the request is a real action call.
 */
test('staff cannot call an owner action directly', async ({ page, browser, owner, staff }) => {
  const target = testUser(`mallory-${Date.now()}`);
  await signInReusingSession(page, owner);
  const admin = new StaffAdminPage(page);
  await admin.goto();

  let captured: Request | undefined;
  await page.route('**/admin/staff', async (route) => {
    if (route.request().method() === 'POST' && route.request().headers()['next-action']) {
      captured = route.request();
      return route.abort();
    }
    return route.continue();
  });
  await admin.fillNewStaff(target);
  await page.getByRole('button', { name: 'Add staff member' }).click();
  await expect.poll(() => captured).toBeDefined();
  await page.unroute('**/admin/staff');
  if (!captured) throw new Error('no action request captured');
  const action = captured;
  expect(await userExists(target.email)).toBe(false);

  const replay = async (context: import('@playwright/test').BrowserContext) => {
    const headers = { ...(await action.allHeaders()) };
    for (const name of ['cookie', 'host', 'content-length']) delete headers[name];
    return context.request.post('/admin/staff', {
      headers,
      data: action.postDataBuffer() ?? Buffer.alloc(0),
      maxRedirects: 0,
    });
  };

  const staffContext = await browser.newContext();
  await signInReusingSession(await staffContext.newPage(), staff);
  const refused = await replay(staffContext);
  const refusedBody = await refused.text();
  expect(refusedBody).toContain('"status":403');
  expect(refusedBody).not.toContain('temporaryPassword');
  expect(await userExists(target.email)).toBe(false);
  await staffContext.close();

  const anonymousContext = await browser.newContext();
  const anonymous = await (await replay(anonymousContext)).text();
  expect(anonymous).toContain('"status":401');
  expect(await userExists(target.email)).toBe(false);
  await anonymousContext.close();

  const accepted = await replay(page.context());
  expect(await accepted.text()).toContain('temporaryPassword');
  expect(await userExists(target.email)).toBe(true);
});

test("a removed staff member's open session stops working", async ({
  page,
  browser,
  owner,
  signIn,
}) => {
  const leaving = await ensureUser(testUser('leaving-staff'));
  const leavingContext = await browser.newContext();
  const leavingPage = await leavingContext.newPage();
  await signIn(leavingPage, leaving);
  await leavingPage.goto('/inbox');
  await expect(leavingPage.getByRole('heading', { name: 'Inbox' })).toBeVisible();

  await signInReusingSession(page, owner);
  const admin = new StaffAdminPage(page);
  await admin.goto();
  await admin.remove(leaving.name);

  await leavingPage.reload();
  await expect(leavingPage).toHaveURL(/\/login\?next=%2Finbox$/);
  const api = await leavingContext.request.post('/api/auth/sign-in', {
    data: { email: leaving.email, password: leaving.password },
  });
  expect(api.status()).toBe(401);
  await leavingContext.close();

  // The same person can be added back later, with a new temporary password.
  const again = await admin.addStaff({ name: leaving.name, email: leaving.email });
  expect(again).toMatch(/^\w{4}-\w{4}-\w{4}-\w{4}$/);
  await expect(admin.list).toContainText(leaving.email);
});
