import { deviceFailureKey } from '../lib/auth/device-cookie';
import { SIGN_IN_LIMITS, signInFailureKeys } from '../lib/auth/sign-in-limit';
import { AppHeader, LoginPage } from './pages/account-pages';
import { deskValue, withDeskDatabase } from './support/database';
import { expect, test } from './support/fixtures';
import { ensureUser, testUser } from './support/users';

// The suite's server trusts X-Forwarded-For from 127.0.0.1 (TRUSTED_PROXIES), as if a proxy on
// this machine stood in front: so each test here gives its clients their own addresses, which
// keeps these limits away from the other specs' sign-ins. e2e/network.spec.ts shows that without
// TRUSTED_PROXIES the header counts for nothing.

const signInFrom = (
  request: import('@playwright/test').APIRequestContext,
  address: string,
  data: { email: string; password: string },
) => request.post('/api/auth/sign-in', { data, headers: { 'x-forwarded-for': address } });

/*
 * Each wrong password costs the server a full password hash (half a second of a core), so the
 * failures before the ones whose answer matters are written straight into the desk's database,
 * as the server counts them. That real requests are counted so is proven more cheaply elsewhere:
 * tests/auth/sign-in-limit.test.ts ("counts guesses sent in parallel…", "five wrong passwords
 * from other addresses…", which counts them under the account, "limits one address trying many
 * accounts…"), tests/auth/device-cookie.test.ts ("locks out a device cookie that fails too
 * often…"), and here the first test (five through the form) and the burst (real requests side by
 * side).
 */

/** Wrong passwords from unknown devices, one per address listed, counted under all three keys. */
async function seedFailures(email: string, addresses: string[]): Promise<void> {
  const keys = addresses.flatMap((address) => Object.values(signInFailureKeys({ email, address })));
  await seedFailureRows(keys);
}

async function seedFailureRows(keys: string[]): Promise<void> {
  const at = Date.now();
  await withDeskDatabase(async (db) => {
    for (const key of keys) {
      await db.run('insert into sign_in_failures (key, at) values (?, ?)', key, at);
    }
  });
}

/** Five wrong passwords from each of ten addresses: the account's ceiling, as guessers reach it. */
const tenAddressesFiveEach = (prefix: string) =>
  Array.from(
    { length: SIGN_IN_LIMITS.account.maxFailures },
    (_, n) => `${prefix}${Math.floor(n / 5) + 1}`,
  );

test('five wrong passwords from one address lock that address out of the account', async ({
  browser,
}) => {
  const user = await ensureUser(testUser('locked-form'));
  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.10' },
  });
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.goto();
  for (let attempt = 1; attempt <= 5; attempt++) {
    await login.signIn({ email: user.email, password: `wrong password ${attempt}` });
    await expect(login.message).toHaveText('That email and password do not match an account.');
  }
  // Even the right password is refused now, from this address.
  await login.signIn(user);
  await expect(login.message).toHaveText(
    /^Too many failed sign-ins\. Try again in 1[45] minutes\.$/,
  );
  await expect(page).toHaveURL(/\/login$/);
  await context.close();
});

test('wrong passwords from many addresses do not lock the owner out', async ({ request }) => {
  const user = await ensureUser(testUser('sprayed-owner', 'owner'));
  // One wrong password from each of five addresses, and three more from the first.
  await seedFailures(
    user.email,
    [1, 2, 3, 4, 5, 1, 1, 1].map((i) => `198.51.100.${i}`),
  );
  // Each address is limited on its own: the first one's fifth wrong password still gets an
  // answer, its sixth try waits.
  const fifth = await signInFrom(request, '198.51.100.1', { email: user.email, password: 'x' });
  expect(fifth.status()).toBe(401);
  const limited = await signInFrom(request, '198.51.100.1', { email: user.email, password: 'x' });
  expect(limited.status()).toBe(429);
  expect(Number(limited.headers()['retry-after'])).toBeGreaterThan(0);
  expect(await limited.json()).toMatchObject({ error: 'tooManyAttempts' });
  // The owner, from their own address, is not kept out.
  const owner = await signInFrom(request, '192.0.2.50', user);
  expect(owner.status()).toBe(200);
});

test('one address trying many accounts is limited too', async ({ request }) => {
  const attempt = (email: string) =>
    signInFrom(request, '192.0.2.77', { email, password: 'guessing again' });
  // Nine accounts already tried from this address; the tenth try is sent.
  await seedFailureRows(
    Array.from({ length: 9 }, (_, i) =>
      Object.values(
        signInFailureKeys({ email: `nobody-${i + 1}@juniper.test`, address: '192.0.2.77' }),
      ),
    ).flat(),
  );
  expect((await attempt('nobody-10@juniper.test')).status()).toBe(401);
  const limited = await attempt('nobody-11@juniper.test');
  expect(limited.status()).toBe(429);
  expect(Number(limited.headers()['retry-after'])).toBeGreaterThan(0);
});

test('a burst of sign-ins is turned away before hashing, not queued behind each other', async ({
  request,
}) => {
  // 24 at once, made-up emails, each from its own address: no per-address or per-account limit
  // applies, so only the cap on password hashes in flight stands between them and the CPU.
  const responses = await Promise.all(
    Array.from({ length: 24 }, (_, i) =>
      signInFrom(request, `100.64.0.${i + 1}`, {
        email: `burst-${i}@nowhere.test`,
        password: 'guess',
      }),
    ),
  );
  const statuses = responses.map((r) => r.status());
  expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  const busy = responses.filter((r) => r.status() === 429);
  expect(busy.length).toBeGreaterThan(0);
  for (const response of busy) {
    expect(await response.json()).toMatchObject({ error: 'busy' });
    expect(Number(response.headers()['retry-after'])).toBeGreaterThan(0);
  }
  // Only the ones that were hashed are failures; the rest were never counted.
  const failures = await deskValue(
    "select count(*) from sign_in_failures where key like 'account:burst-%'",
  );
  expect(failures).toBe(statuses.filter((s) => s === 401).length);
});

test('an account at its ceiling is locked until an owner unlocks it, all in the audit log', async ({
  browser,
  request,
  owner,
  signIn,
}) => {
  test.setTimeout(120_000);
  const user = await ensureUser(testUser('ceiling'));
  // 50 failures in an hour from ten addresses (five each, the most one address may try): 49 of
  // them already counted, the 50th a real request that reaches the ceiling.
  const guessers = tenAddressesFiveEach('198.18.0.');
  await seedFailures(user.email, guessers.slice(0, -1));
  const last = await signInFrom(request, guessers.at(-1) ?? '', {
    email: user.email,
    password: 'guess 50',
  });
  expect(last.status()).toBe(401);
  const locked = await signInFrom(request, '192.0.2.60', user);
  expect(locked.status()).toBe(429);
  expect((await locked.json()).message).toContain('An owner can unlock it');

  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, owner);
  await page.goto('/admin/audit');
  const lockouts = page.getByTestId('locked-accounts');
  await expect(lockouts).toContainText(user.email);
  await expect(
    page
      .getByTestId('audit-entry')
      .filter({ hasText: `${user.email} was locked after` })
      .first(),
  ).toContainText('50 failed sign-ins');
  await page.getByRole('button', { name: `Unlock ${user.email}` }).click();
  await expect(lockouts).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('audit-entry').first()).toContainText(
    `${owner.name} unlocked ${user.email}`,
  );
  await new AppHeader(page).signOut();
  await context.close();

  expect((await signInFrom(request, '192.0.2.60', user)).status()).toBe(200);
});

test('a malformed sign-in request gets a 4xx, not a crash', async ({ request }) => {
  // Not JSON: refused before anything is read, so a cross-site form cannot sign anyone in.
  const notJson = await request.post('/api/auth/sign-in', {
    data: 'email=x',
    headers: { 'content-type': 'text/plain' },
  });
  expect(notJson.status()).toBe(415);
  const badJson = await request.post('/api/auth/sign-in', {
    data: '{"email": ',
    headers: { 'content-type': 'application/json' },
  });
  expect(badJson.status()).toBe(400);
  const huge = await request.post('/api/auth/sign-in', {
    data: { email: 'a@b.co', password: 'x'.repeat(100_000) },
  });
  expect(huge.status()).toBe(413);
  const noPassword = await request.post('/api/auth/sign-in', { data: { email: 'a@b.co' } });
  expect(noPassword.status()).toBe(400);
});

test('the owner’s own browser still signs in while guessers on ten addresses hold the ceiling', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const user = await ensureUser(testUser('device-owner', 'owner'));
  // The owner signs in on their shop computer once: it becomes a known device for the account.
  const shop = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '192.0.2.70' } });
  const page = await shop.newPage();
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(user);
  await expect(page).not.toHaveURL(/\/login/);
  const device = (await shop.cookies()).find((c) => c.name === 'bakery_device');
  expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  await new AppHeader(page).signOut();

  // Ten addresses, five wrong passwords each: the account's ceiling of 50.
  await seedFailures(user.email, tenAddressesFiveEach('198.20.0.'));
  // An unknown device is kept out, even with the right password...
  const elsewhere = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': '192.0.2.71' },
  });
  const other = new LoginPage(await elsewhere.newPage());
  await other.goto();
  await other.signIn(user);
  await expect(other.message).toContainText('This account is locked');
  await elsewhere.close();

  // ...while the owner's own browser gets in.
  await login.goto();
  await login.signIn(user);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(new AppHeader(page).signedInUser).toContainText(user.name);
  await new AppHeader(page).signOut();

  // A known device that fails too often is locked out itself: four wrong passwords counted
  // under this browser's device cookie (the newest token, first in the cookie, made by the
  // sign-in above), the fifth sent.
  const cookie = (await shop.cookies()).find((c) => c.name === 'bakery_device')?.value ?? '';
  const nonce = decodeURIComponent(cookie).split('~')[0]?.split('.')[1] ?? '';
  expect(nonce).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  await seedFailureRows(Array.from({ length: 4 }, () => deviceFailureKey(nonce)));
  await login.signIn({ email: user.email, password: 'wrong again' });
  await expect(login.message).toHaveText('That email and password do not match an account.');
  await login.signIn(user);
  await expect(login.message).toHaveText(
    /^Too many failed sign-ins\. Try again in 1[45] minutes\.$/,
  );
  await expect(page).toHaveURL(/\/login$/);
  await shop.close();
});
