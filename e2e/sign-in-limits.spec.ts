import { LoginPage } from './pages/account-pages';
import { expect, test } from './support/fixtures';
import { ensureUser, testUser } from './support/users';

// Every request here comes from 127.0.0.1, so each test claims its own address with
// X-Forwarded-For (which Next passes through when a client sends it): that keeps these
// lockouts away from the other specs' sign-ins. It is also why the limit keys on the account.

test('five wrong passwords on the form lock the account with a clear message', async ({
  browser,
}) => {
  const user = ensureUser(testUser('locked-form'));
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
  // Even the right password is refused now.
  await login.signIn(user);
  await expect(login.message).toHaveText(
    /^Too many failed sign-ins\. Try again in 1[45] minutes\.$/,
  );
  await expect(page).toHaveURL(/\/login$/);
  await context.close();
});

test('scripts get 429 with Retry-After, per account across addresses', async ({ request }) => {
  const user = ensureUser(testUser('locked-api'));
  const attempt = (address: string, password: string) =>
    request.post('/api/auth/sign-in', {
      data: { email: user.email, password },
      headers: { 'x-forwarded-for': address },
    });
  for (let i = 1; i <= 5; i++) {
    const response = await attempt(`198.51.100.${i}`, 'not it at all');
    expect(response.status()).toBe(401);
  }
  const limited = await attempt('198.51.100.99', user.password);
  expect(limited.status()).toBe(429);
  const retryAfter = Number(limited.headers()['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  expect(await limited.json()).toMatchObject({ error: 'tooManyAttempts' });
});

test('one address trying many accounts is limited too', async ({ request }) => {
  const attempt = (email: string) =>
    request.post('/api/auth/sign-in', {
      data: { email, password: 'guessing again' },
      headers: { 'x-forwarded-for': '192.0.2.77' },
    });
  for (let i = 1; i <= 5; i++) {
    expect((await attempt(`nobody-${i}@juniper.test`)).status()).toBe(401);
  }
  const limited = await attempt('nobody-6@juniper.test');
  expect(limited.status()).toBe(429);
  expect(Number(limited.headers()['retry-after'])).toBeGreaterThan(0);
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
