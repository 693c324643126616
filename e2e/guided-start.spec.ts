import { createHash } from 'node:crypto';
import { AppHeader, SetupPage } from './pages/account-pages';
import { HoursAdminPage } from './pages/admin-pages';
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

/** A desk just installed, its own each time: the guided start runs once per desk. */
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

const header = 'name,price,notice days,allergens';
const menuWithOneBadRow = [
  header,
  'Rye loaf,6.50,0,wheat',
  '"Croissant, butter",3.25,0,"wheat; milk; eggs"',
  'Birthday cake,forty,3,"wheat; milk; eggs"',
  'Sourdough,7.00,1,none',
  'Lemonade,2.00,0,',
];
const menuFixed = menuWithOneBadRow.map((row) =>
  row.startsWith('Birthday cake') ? 'Birthday cake,40.00,3,"wheat; milk; eggs"' : row,
);

test('a new desk’s owner goes through the guided start: details, hours, a menu from a CSV, a colleague by invite link, examples removed', async ({
  page,
  browser,
  freshDesk,
}) => {
  test.setTimeout(180_000);
  const desk = (query: string) =>
    withDeskDatabase((db) => db.value<number>(query), freshDesk.database);

  await page.goto('/setup');
  await new SetupPage(page).createOwner({
    ...owner,
    setupCode: readSetupCode(freshDesk.databasePath),
  });
  await expect(page).toHaveURL(/\/admin\/start$/);
  const start = new GuidedStartPage(page);

  // 1. The bakery: the time zone found by typing and chosen from the list by keyboard.
  await start.expectStep('Your bakery');
  await expectAccessibleAtBothSizes(page);
  await start.fillBakery({
    name: 'Rye & Shine',
    contact: 'Call us at 030 1234 5678.',
    locale: 'en-GB',
    currency: 'EUR',
  });
  await start.chooseTimezone('ber', 'Europe/Berlin');
  await expectAccessibleAtBothSizes(page);
  await start.saveBakery();
  expect(
    await withDeskDatabase(
      (db) => db.row('select name, timezone, locale, currency, contact from bakery'),
      freshDesk.database,
    ),
  ).toEqual({
    name: 'Rye & Shine',
    timezone: 'Europe/Berlin',
    locale: 'en-GB',
    currency: 'EUR',
    contact: 'Call us at 030 1234 5678.',
  });
  await expect(page.getByTestId('shell-bakery-name')).toHaveText('Rye & Shine');

  // 2. Weekly hours, saved through the hours page's own form.
  await start.expectStep('Weekly hours');
  await expectAccessibleAtBothSizes(page);
  const hours = new HoursAdminPage(page);
  await hours.setDay('Monday', { opens: '06:30', closes: '14:00' });
  await page.getByLabel('Monday closed').uncheck();
  await hours.save();
  await expect(page.getByRole('status').filter({ hasText: 'Hours saved.' })).toBeVisible();
  expect(await desk('select opens from weekly_hours where weekday = 1')).toBe('06:30');
  await start.continue();

  // 3. The menu from a CSV of five items: one bad row refuses the whole file, then it is fixed.
  await start.expectStep('Menu');
  await expectAccessibleAtBothSizes(page);
  const exampleMenu = await desk('select count(*) from menu_items');
  await start.importCsv({ name: 'menu.csv', rows: menuWithOneBadRow });
  await expect(start.csvProblems).toHaveText([
    'Row 4: Price: Enter the price as a number, such as 3.25.',
  ]);
  expect(Number(await desk('select count(*) from menu_items'))).toBe(Number(exampleMenu));
  expect(Number(await desk("select count(*) from menu_items where name = 'Rye loaf'"))).toBe(0);
  await expectAccessibleAtBothSizes(page);
  await start.importCsv({ name: 'menu-fixed.csv', rows: menuFixed });
  await expect(start.menuImported).toHaveText('Imported 5 items: the menu now holds only those.');
  expect(
    await withDeskDatabase(
      (db) => db.rows('select name, price_cents from menu_items order by name'),
      freshDesk.database,
    ),
  ).toEqual([
    { name: 'Birthday cake', price_cents: 4000 },
    { name: 'Croissant, butter', price_cents: 325 },
    { name: 'Lemonade', price_cents: 200 },
    { name: 'Rye loaf', price_cents: 650 },
    { name: 'Sourdough', price_cents: 700 },
  ]);
  await start.continue();

  // 4. Staff: an invite link, opened in another browser where the new person chooses a password.
  await start.expectStep('Staff');
  await expectAccessibleAtBothSizes(page);
  const colleague = testUser('invited-ines');
  const link = await start.inviteColleague(colleague);
  expect(link).toMatch(new RegExp(`^${freshDesk.url}/join/[A-Za-z0-9_-]{43}$`));
  await expect(start.openInvites).toContainText(colleague.email);
  await expectAccessibleAtBothSizes(page);
  // Only the link's hash is kept.
  const token = link.split('/join/')[1] ?? '';
  expect(await desk('select token_hash from staff_invites')).toBe(
    createHash('sha256').update(token).digest('hex'),
  );

  const theirs = await browser.newContext({ baseURL: freshDesk.url });
  try {
    const newcomer = await theirs.newPage();
    await newcomer.goto(link);
    await expect(newcomer.getByRole('heading', { name: 'Join the desk' })).toBeVisible();
    await expectAccessibleAtBothSizes(newcomer);
    const join = new JoinPage(newcomer);
    await join.choosePassword(colleague.password, 'a different password entirely');
    await expect(newcomer.locator('#confirmPassword-error')).toHaveText(
      'The two passwords differ.',
    );
    await join.choosePassword(colleague.password);
    await expect(newcomer).toHaveURL(/\/inbox$/);
    await expect(new AppHeader(newcomer).signedInUser).toHaveText(`${colleague.name} (staff)`);
    // Used once: the link opens nothing now.
    await newcomer.goto(link);
    await expect(join.closed).toHaveText(
      'This invite link has already been used to choose a password. Sign in instead.',
    );
    await expectAccessibleAtBothSizes(newcomer);
  } finally {
    await theirs.close();
  }
  await page.reload();
  await expect(page.getByText('No invite links are waiting to be used.')).toBeVisible();
  await start.continue();

  // 5. Email and a model: links to Settings, skipped here.
  await start.expectStep('Email and a model');
  await expectAccessibleAtBothSizes(page);
  await expect(page.getByRole('link', { name: 'Connect email in Settings' })).toBeVisible();
  await start.continue();

  // 6. The example questions, removed in one step.
  await start.expectStep('Example questions');
  await expectAccessibleAtBothSizes(page);
  const examples = Number(await desk("select count(*) from questions where channel = 'sample'"));
  expect(examples).toBeGreaterThan(0);
  await expect(start.exampleCount).toContainText(`${examples} example questions`);
  await expect(await start.removeExamples()).toHaveText(`Removed ${examples} example questions.`);
  expect(Number(await desk("select count(*) from questions where channel = 'sample'"))).toBe(0);
  expect(Number(await desk("select count(*) from audit_log where action = 'samples.remove'"))).toBe(
    1,
  );
  await expectAccessibleAtBothSizes(page);

  // Until now every owner page offered the way back; finishing ends that.
  await page.goto('/admin');
  await expect(guidedStartBanner(page)).toBeVisible();
  await expectAccessibleAtBothSizes(page);
  await guidedStartBanner(page).focus();
  await page.keyboard.press('Enter');
  await start.expectStep('Your bakery');
  await start.goto('examples');
  await start.finish();
  expect(await desk('select first_run from bakery')).toBe('done');
  await expect(guidedStartBanner(page)).toHaveCount(0);

  // Settings opens it again.
  await page.goto('/admin/settings');
  await page.getByRole('link', { name: 'Open the guided start again' }).click();
  await start.expectStep('Your bakery');
});

test('an invite link the owner took back, or one past its week, says so and makes no account', async ({
  page,
  browser,
  freshDesk,
}) => {
  await page.goto('/setup');
  await new SetupPage(page).createOwner({
    ...owner,
    setupCode: readSetupCode(freshDesk.databasePath),
  });
  const start = new GuidedStartPage(page);
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
});
