import { expect, test } from './support/fixtures';

test('pages and routes carry the security headers', async ({ request }) => {
  for (const path of ['/', '/login', '/api/health']) {
    const response = await request.get(path, { maxRedirects: 0 });
    const headers = response.headers();
    const csp = headers['content-security-policy'] ?? '';
    expect(csp, path).toContain("default-src 'self'");
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).toContain("object-src 'none'");
    // Scripts run by nonce only: no inline scripts, and (in the production build) no eval.
    const scripts = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scripts, path).toMatch(/'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(scripts, path).not.toContain('unsafe-inline');
    expect(csp, path).not.toContain('unsafe-eval');
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('no-referrer');
    expect(headers['x-powered-by'], path).toBeUndefined();
    // Plain http here: no HSTS, which would only be ignored.
    expect(headers['strict-transport-security'], path).toBeUndefined();
  }
});

test('each response has its own nonce, and the page’s scripts carry it and run', async ({
  page,
  request,
}) => {
  const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];
  const first = nonceOf((await request.get('/ask')).headers()['content-security-policy'] ?? '');
  const second = nonceOf((await request.get('/ask')).headers()['content-security-policy'] ?? '');
  expect(first).toBeTruthy();
  expect(second).not.toBe(first);

  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto('/ask');
  const nonce = nonceOf(response?.headers()['content-security-policy'] ?? '');
  const scripts = page.locator('script');
  expect(await scripts.count()).toBeGreaterThan(0);
  for (const script of await scripts.all()) {
    // The browser hides nonce attributes from the DOM; the property keeps it.
    expect(await script.evaluate((s) => (s as HTMLScriptElement).nonce)).toBe(nonce);
  }
  // The inline scripts ran: they are what fills Next.js's payload queue.
  expect(await page.evaluate(() => Array.isArray((self as { __next_f?: unknown }).__next_f))).toBe(
    true,
  );
  expect(violations).toEqual([]);
});

test('over https (as a proxy in front reports it) responses carry HSTS', async ({ request }) => {
  const response = await request.get('/', { headers: { 'x-forwarded-proto': 'https' } });
  expect(response.headers()['strict-transport-security']).toBe('max-age=31536000');
});
