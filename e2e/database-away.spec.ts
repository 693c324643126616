import { reconnectingPage } from '../lib/database/reconnecting-page';
import { contentSecurityPolicy } from '../lib/net/security-headers';
import { desktop, phone } from './pages/accessibility-tour';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';

/*
 * "The desk is reconnecting…", the page `proxy.ts` answers with while PostgreSQL is away
 * (tests/server/database-away.test.ts and tests/postgres/database-restart.test.ts get it from the
 * proxy and from a real desk): here its markup in a browser under the desk's CSP, through axe at
 * both sizes, and its script, which asks /api/ready until the database answers and then opens
 * the page again.
 */

test('the reconnecting page passes axe and opens the page again once the database answers', async ({
  page,
}) => {
  const nonce = 'cmVjb25uZWN0aW5nLXRlc3Qtbm9uY2U=';
  let shown = 0;
  await page.route('**/inbox', async (route) => {
    if (shown++ > 0) return route.continue();
    await route.fulfill({
      status: 503,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'retry-after': '5',
        'content-security-policy': contentSecurityPolicy({ nonce, dev: false }),
      },
      body: reconnectingPage({ nonce, path: '/inbox' }),
    });
  });
  let asked = 0;
  await page.route('**/api/ready', async (route) => {
    // Away for the first answer; the desk's own answer after that.
    if (asked++ > 0) return route.continue();
    await route.fulfill({
      status: 503,
      json: { ready: false, failed: ['database'], checks: { database: 'unreachable' } },
    });
  });

  const cspErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
  });
  await page.setViewportSize(desktop);
  const response = await page.goto('/inbox');
  expect(response?.status()).toBe(503);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The desk is reconnecting…');
  await expect(page).toHaveTitle('The desk is reconnecting…');
  await expect(page.getByRole('link', { name: 'Try again now' })).toHaveAttribute('href', '/inbox');
  await expectNoAxeViolations(page);
  await page.setViewportSize(phone);
  await expectNoAxeViolations(page);

  // Asked once (away), then again: the desk answers, so the page opens for real (sign-in first).
  await page.waitForURL(/\/login/, { timeout: 20_000 });
  expect(asked).toBeGreaterThanOrEqual(2);
  expect(shown).toBe(2);
  expect(cspErrors).toEqual([]);
});
