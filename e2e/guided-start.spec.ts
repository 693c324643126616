import { SetupPage } from './pages/account-pages';
import {
  expectAccessibleAtBothSizes,
  GuidedStartPage,
  guidedStartBanner,
  JoinPage,
} from './pages/guided-start-pages';
import { withDeskDatabase } from './support/database';
import { test as base, expect } from './support/fixtures';
import { type OwnServer, startOwnServer } from './support/own-server';
import { readSetupCode } from './support/setup-code';
import { owner, testUser } from './support/users';

/**
 * The guided start's side roads, on a desk just installed: the way back to it on owner pages,
 * invite links that no longer open, Skip, and opening it again from Settings. The road itself
 * (every step, the invite link used, the examples removed, Finish) is the owner's journey in
 * e2e/owner-from-browser.spec.ts.
 */
const test = base.extend<{ freshDesk: OwnServer }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
  freshDesk: async ({}, use) => {
    const desk = await startOwnServer({ name: 'guided-start', env: { HOST: '127.0.0.1' } });
    try {
      await use(desk);
    } finally {
      await desk.stop();
    }
  },
  baseURL: async ({ freshDesk }, use) => use(freshDesk.url),
});

test('until it is skipped every owner page leads back to the guided start; invite links taken back, past their week or made up open nothing; Settings opens it again', async ({
  page,
  browser,
  freshDesk,
}) => {
  test.setTimeout(120_000);
  await page.goto('/setup');
  await new SetupPage(page).createOwner({
    ...owner,
    setupCode: readSetupCode(freshDesk.databasePath),
  });
  await expect(page).toHaveURL(/\/admin\/start$/);
  const start = new GuidedStartPage(page);

  // Every owner page offers the way back, by keyboard too.
  await page.goto('/admin');
  await expect(guidedStartBanner(page)).toBeVisible();
  await expectAccessibleAtBothSizes(page);
  await guidedStartBanner(page).focus();
  await page.keyboard.press('Enter');
  await start.expectStep('Your bakery');

  // Invite links the owner took back, or past their week, say so and make no account.
  await start.goto('staff');
  const revoked = testUser('revoked-rob');
  const expired = testUser('expired-eve');
  const revokedLink = await start.inviteColleague(revoked);
  const expiredLink = await start.inviteColleague(expired);
  await start.takeBackInvite(revoked.name);
  await expect(start.openInvites).not.toContainText(revoked.email);
  await withDeskDatabase(
    (db) =>
      db.run(
        'update staff_invites set expires_at = ? where email = ?',
        Date.now() - 1000,
        expired.email,
      ),
    freshDesk.database,
  );

  const theirs = await browser.newContext({ baseURL: freshDesk.url });
  try {
    const visitor = await theirs.newPage();
    const join = new JoinPage(visitor);
    for (const [link, words] of [
      [revokedLink, 'The owner took this invite link back.'],
      [expiredLink, 'This invite link has expired: links work for 7 days.'],
      [`${freshDesk.url}/join/not-a-real-invite`, 'This is not an invite link the desk made.'],
    ] as const) {
      const response = await visitor.goto(link);
      expect(response?.status()).toBe(200);
      await expect(join.closed).toContainText(words);
    }
    await expectAccessibleAtBothSizes(visitor);
  } finally {
    await theirs.close();
  }
  expect(
    await withDeskDatabase(
      async (db) => Number(await db.value('select count(*) from users where role = ?', 'staff')),
      freshDesk.database,
    ),
  ).toBe(0);

  // Skipping ends the guided start as finishing does.
  await start.goto();
  await start.skip();
  await expect(guidedStartBanner(page)).toHaveCount(0);

  // Settings opens it again.
  await page.goto('/admin/settings');
  await page.getByRole('link', { name: 'Open the guided start again' }).click();
  await start.expectStep('Your bakery');
});
