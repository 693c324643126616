import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  AccountAlerts,
  CustomerHistoryPanel,
  DeskAlertsBar,
  recordNotifications,
  shownNotifications,
} from './pages/alerts-pages';
import { InboxPage, QuestionPage, questionIdFromUrl } from './pages/inbox-page';
import { expectNoAxeViolations } from './support/axe';
import { mainDesk } from './support/database';
import { expect, signIn, test } from './support/fixtures';
import { askByApi, waitForStatus } from './support/questions';
import { sendRepliesAtOnce } from './support/undo-send';
import type { TestUser } from './support/users';

async function staffTab(
  browser: Browser,
  user: TestUser,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await context.grantPermissions(['notifications']);
  await recordNotifications(context);
  const page = await context.newPage();
  await signIn(page, user);
  return { context, page };
}

test('two staff: a new question counts and notifies, one’s own send notifies no one, and Send moves on to the next question needing review', async ({
  browser,
  owner,
  staff,
}) => {
  test.setTimeout(120_000);
  const a = await staffTab(browser, owner);
  const b = await staffTab(browser, staff);
  const customer = await browser.newContext();
  try {
    // Both turn notifications on where the browser asks for them: on /account, by a click.
    for (const person of [a, b]) {
      const account = new AccountAlerts(person.page);
      await account.open();
      await account.turnOnNotifications();
    }
    await sendRepliesAtOnce(mainDesk());

    await new InboxPage(a.page).open();
    await new InboxPage(b.page).open();
    const barA = new DeskAlertsBar(a.page);
    const barB = new DeskAlertsBar(b.page);
    const before = await barA.currentCount();
    await barA.expectTitleCount(before);

    // A customer asks twice from one address, through the bakery's web shop (the intake API:
    // /ask asks for no address on a desk that sends no email); each question, once drafted,
    // needs review.
    const stamp = Date.now();
    const email = `lena-${stamp}@example.com`;
    await askByApi(customer.request, {
      name: 'Lena Berger',
      email,
      text: `Do you bake rye on Saturdays? (${stamp})`,
    });
    await askByApi(customer.request, {
      name: 'Lena Berger',
      email,
      text: `Two croissants for Friday, please (${stamp})`,
    });

    await barA.expectTitleCount(before + 2);
    await expect(barA.count).toHaveAttribute('data-count', String(before + 2));
    expect(await barA.iconHref()).toMatch(/^data:image\/svg\+xml,/);
    await expect
      .poll(async () => (await shownNotifications(a.page)).map((n) => n.title))
      .toEqual(['New question from Lena Berger', 'New question from Lena Berger']);
    expect((await shownNotifications(a.page)).map((n) => n.body).sort()).toEqual(
      [
        `Do you bake rye on Saturdays? (${stamp})`,
        `Two croissants for Friday, please (${stamp})`,
      ].sort(),
    );
    await barB.expectTitleCount(before + 2);
    await expect.poll(async () => (await shownNotifications(b.page)).length).toBe(2);

    // B opens the newer one: the draft greets Lena by name, and her earlier question is beside it.
    const inboxB = new InboxPage(b.page);
    await inboxB.row(`Two croissants for Friday, please (${stamp})`).click();
    await b.page.waitForURL(/\/inbox\/\d+/);
    const newer = questionIdFromUrl(b.page);
    await waitForStatus(newer, 'drafted');
    const question = new QuestionPage(b.page);
    await question.waitUntilLive();
    await expect(question.editor).toHaveValue(/^Hi Lena,\n/);
    const history = new CustomerHistoryPanel(b.page);
    await expect(history.items()).toHaveCount(1);
    await expect(history.items().first()).toContainText(`Do you bake rye on Saturdays? (${stamp})`);
    await expect(history.items().first()).toContainText('Needs review');
    const older = Number(await history.items().first().getAttribute('data-question'));

    // B sends: B moves on to the next question needing review, Lena's earlier one.
    await question.send();
    await b.page.waitForURL(new RegExp(`/inbox/${older}\\?group=needsReview&sent=1$`));
    await expect(b.page.getByTestId('sent-moved-on')).toBeVisible();
    await expect(history.items()).toHaveCount(1);
    await expect(history.items().first()).toContainText('Sent');

    // Both titles count one fewer, and the send announced nothing to anyone.
    await barA.expectTitleCount(before + 1);
    await barB.expectTitleCount(before + 1);
    // A later change on the feed (B opening a page) reads the summary again; still nothing new.
    await new InboxPage(b.page).open();
    await barB.expectTitleCount(before + 1);
    expect(await shownNotifications(a.page)).toHaveLength(2);
    expect(await shownNotifications(b.page)).toHaveLength(2);
  } finally {
    await a.context.close();
    await b.context.close();
    await customer.close();
  }
});

test('the alert choices on /account are saved per person and pass axe at desktop and phone sizes', async ({
  page,
  staff,
}) => {
  await signIn(page, staff);
  const account = new AccountAlerts(page);
  await account.open();
  await expect(account.nextAfterSend).toBeChecked();
  await account.sound.check();
  await account.nextAfterSend.uncheck();
  await account.save();
  await account.open();
  await expect(account.sound).toBeChecked();
  await expect(account.nextAfterSend).not.toBeChecked();
  // Put back the default, so other journeys move on after Send.
  await account.sound.uncheck();
  await account.nextAfterSend.check();
  await account.save();

  for (const size of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await account.open();
    await expectNoAxeViolations(page);
  }
});
