import type { Browser, Page, TestInfo } from '@playwright/test';
import { submitAction } from './pages/account-pages';
import { ExceptionsAdminPage } from './pages/admin-pages';
import { AskPage } from './pages/ask-page';
import { InboxPage, QuestionPage, questionIdFromUrl } from './pages/inbox-page';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { setNextAfterSend } from './support/preferences';
import { askByApi, questionRow, repliesFor, waitForStatus } from './support/questions';
import { signInReusingSession } from './support/reused-sessions';
import { ensureUser, testUser } from './support/users';

const SEED_QUESTION =
  'Can I pick up two dozen sourdough rolls and six croissants on Saturday at 9?';

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name.replace(/\W+/g, '-')}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/**
 * The same colleague in each journey that needs a second person: their account is made, and
 * they sign in, once per worker (e2e/support/reused-sessions.ts).
 */
const colleague = testUser('colleague-at-second-desk');

/** A second person at another desk: their own browser context, signed in. */
async function secondDesk(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  await ensureUser(colleague);
  // Their own account, used only here: they stay on the question after Send like the others.
  await setNextAfterSend(colleague, false);
  await signInReusingSession(page, colleague);
  return page;
}

// These journeys read the sent question's own page after Send: its people stay on it.
test.beforeEach(async ({ owner, staff }) => {
  for (const person of [owner, staff]) await setNextAfterSend(person, false);
});
test.afterEach(async ({ owner, staff }) => {
  for (const person of [owner, staff]) await setNextAfterSend(person, 'default');
});

test('the whole journey: a customer asks, staff review the trace, edit and send; the ticket shows exactly that @postgres', async ({
  page,
  staff,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const ask = new AskPage(page);
  await ask.open();
  const ticketPath = await ask.askAndOpenTicket({ name: 'Rosa Baker', text: SEED_QUESTION });
  await expect(page.getByTestId('ticket-pending')).toContainText('A person at the bakery will');
  await expect(page.getByTestId('ticket-reply')).toHaveCount(0);
  await expect(page.getByText('sourdough rolls at $1.50')).toHaveCount(0);

  await signInReusingSession(page, staff);
  const inbox = new InboxPage(page);
  await inbox.open();
  // The worker drafts it within moments; the open inbox shows it without a reload.
  await inbox.waitUntilLive();
  const row = inbox.row('Rosa Baker');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('status-badge')).toHaveText('Needs review');
  await expect(inbox.tab('needsReview')).toHaveAttribute('aria-current', 'page');
  await attachScreenshot(page, testInfo, 'inbox at 1280x800');

  await row.click();
  const question = new QuestionPage(page);
  await expect(question.questionText).toHaveText(SEED_QUESTION);
  const id = questionIdFromUrl(page);
  await expect(question.editor).toHaveValue(/sourdough rolls at \$1\.50/);

  // The trace reads in sentences: an item not on the menu is an answer, not a failure.
  const croissants = question.toolCalls('menu_item').filter({ hasText: 'Croissants' });
  await expect(croissants.getByTestId('tool-sentence')).toHaveText(
    'Croissants are not on the menu',
  );
  await expect(croissants.getByTestId('step-mark')).toHaveText(/Not on the menu/);
  await expect(question.trace.locator('[data-outcome="failed"]')).toHaveCount(0);
  const quote = question.toolCalls('quote_order');
  await expect(quote.getByTestId('tool-sentence')).toHaveText(
    /^Quoted 24 sourdough rolls for Saturday, \w+ \d+ at 9 am: \$36\.00/,
  );
  await expect(question.traceSummary).toHaveText(/^\d+ lookups, 1 not on the menu/);
  await expect(quote.getByTestId('tool-sentence')).toBeVisible();
  // No JSON in sight until a step's data is opened, by keyboard.
  await expect(question.trace.getByText('"unitPrice"')).toBeHidden();
  await question.openStepData(quote);
  await expect(quote.getByTestId('tool-result')).toBeVisible();
  await expect(quote.getByTestId('tool-result')).toContainText('"unitPrice": "$1.50"');
  await expect(question.trace.getByTestId('run-model')).toHaveText(/^offline drafter/);
  await expect(question.trace.getByTestId('run-stop')).toHaveText('answered');
  // The offline drafter spends no tokens: nothing is said of them.
  await expect(question.trace.getByTestId('run-tokens')).toHaveCount(0);
  await expect(question.trace.getByTestId('run-cost')).toHaveCount(0);
  await attachScreenshot(page, testInfo, 'question at 1280x800');
  await expectNoAxeViolations(page);
  // A phone folds the trace to its summary line until it is asked for.
  await page.setViewportSize({ width: 390, height: 844 });
  await question.open(id);
  await expect(question.traceSummary).toBeVisible();
  await expect(quote).toBeHidden();
  await question.traceSummary.click();
  await expect(quote.getByTestId('tool-sentence')).toBeVisible();
  await question.openStepData(quote);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  const edited = `Hi Rosa!\n\nTwo dozen sourdough rolls come to $36.00 and Saturday at 9 works.\nWe don't make croissants, sorry.\n\n— Sam`;
  await question.editor.fill(edited);
  const dialog = await question.startSending();
  await expect(dialog.getByTestId('confirm-text')).toHaveText(edited, { useInnerText: true });
  await question.confirmButton().click();
  await expect(question.ok).toContainText('Sent.');
  await expect(page.getByTestId('sent-reply-text')).toHaveText(edited, { useInnerText: true });
  // The sent text is not offered again as if it were still waiting.
  await expect(page.getByText('Your text (not sent)')).toHaveCount(0);
  await expect(question.editor).toHaveCount(0);

  const [reply] = await repliesFor(id);
  expect(reply).toMatchObject({ text: edited, sent_by_name: staff.name, edited: 1 });
  expect(reply?.edit_distance).toBeGreaterThan(0);
  expect(reply?.run_id).toBe(reply?.draft_run_id);

  await page.goto(ticketPath);
  await expect(page.getByTestId('ticket-reply')).toHaveText(edited, { useInnerText: true });
  await expect(page.getByTestId('ticket-pending')).toHaveCount(0);

  await inbox.open('?group=sent');
  await expect(inbox.row('Rosa Baker').getByTestId('status-badge')).toHaveText('Sent');

  await page.setViewportSize({ width: 390, height: 844 });
  await inbox.open();
  await attachScreenshot(page, testInfo, 'inbox at 390x844');
  await question.open(id);
  await attachScreenshot(page, testInfo, 'sent question at 390x844');
});

test('two people sending at once make one reply; the other is told who sent it and keeps their text @postgres', async ({
  page,
  staff,
  browser,
}, testInfo) => {
  const { id } = await askByApi(page.request, { text: 'Is the rye loaf vegan?', name: 'Dana' });
  const [other] = await Promise.all([
    secondDesk(browser, testInfo),
    signInReusingSession(page, staff),
    waitForStatus(id, 'drafted'),
  ]);

  const mine = new QuestionPage(page);
  const theirs = new QuestionPage(other);
  await Promise.all([mine.open(id), theirs.open(id)]);
  await mine.editor.fill('Yes, our rye loaf is vegan. — Sam');
  await theirs.editor.fill('It is vegan! — Second');
  await mine.startSending();
  await theirs.startSending();
  await Promise.all([mine.confirmButton().click(), theirs.confirmButton().click()]);

  await expect(mine.ok.or(mine.error)).toBeVisible();
  await expect(theirs.ok.or(theirs.error)).toBeVisible();
  const replies = await repliesFor(id);
  expect(replies).toHaveLength(1);
  const [winner, loser, loserText] =
    replies[0]?.sent_by_name === staff.name
      ? [mine, theirs, 'It is vegan! — Second']
      : [theirs, mine, 'Yes, our rye loaf is vegan. — Sam'];
  await expect(winner.ok).toContainText('Sent.');
  await expect(loser.error).toContainText(`Already sent by ${replies[0]?.sent_by_name} at`);
  await expect(loser.editor).toHaveValue(loserText);
  await other.context().close();
});

test('a double click on send makes one reply @postgres', async ({ page, staff }) => {
  const { id } = await askByApi(page.request, { text: 'Do you open on Sunday?', name: 'Eli' });
  await waitForStatus(id, 'drafted');
  await signInReusingSession(page, staff);
  const question = new QuestionPage(page);
  await question.open(id);
  await question.startSending();
  await question.confirmButton().dblclick();
  await expect(question.ok).toContainText('Sent.');
  expect(await repliesFor(id)).toHaveLength(1);
});

test('saving over a newer version is refused with a clear message, the typed text stays, and sending it needs Keep my text', async ({
  page,
  staff,
  browser,
}, testInfo) => {
  const { id } = await askByApi(page.request, { text: 'How much are cinnamon buns?', name: 'Fay' });
  const [other] = await Promise.all([
    secondDesk(browser, testInfo),
    signInReusingSession(page, staff),
    waitForStatus(id, 'drafted'),
  ]);
  const mine = new QuestionPage(page);
  const theirs = new QuestionPage(other);
  await Promise.all([mine.open(id), theirs.open(id)]);

  await mine.editor.fill('My careful answer about cinnamon buns.');
  await theirs.editor.fill('Their quicker answer.');
  await theirs.saveEdit();
  await expect(theirs.ok).toHaveText('Edit saved.');

  await mine.saveEdit();
  await expect(mine.error).toContainText('Not saved: someone changed this question');
  await expect(mine.editor).toHaveValue('My careful answer about cinnamon buns.');
  expect((await questionRow(id))?.draft_text).toBe('Their quicker answer.');
  // The page offers the newer text without forcing it on anyone.
  await expect(page.getByTestId('newer-draft')).toBeVisible();
  // Sending the unsaved text over the colleague's edit needs a choice first.
  await mine.startSending();
  await mine.confirmButton().click();
  await expect(mine.error).toContainText('Not sent: a colleague or a new draft changed');
  expect(await repliesFor(id)).toHaveLength(0);
  await page.getByRole('button', { name: 'Keep my text' }).click();
  await expect(page.getByTestId('newer-draft')).toHaveCount(0);
  const confirm = await mine.startSending();
  await expect(confirm.getByTestId('confirm-text')).toHaveText(
    'My careful answer about cinnamon buns.',
  );
  await mine.confirmButton().click();
  await expect(mine.ok).toContainText('Sent.');
  expect((await repliesFor(id)).map((r) => r.text)).toEqual([
    'My careful answer about cinnamon buns.',
  ]);
  await other.context().close();
});

test('an edit by a colleague after the sender confirmed sends nothing; confirming again sends the newer text', async ({
  page,
  staff,
  browser,
}, testInfo) => {
  const { id, ticketPath } = await askByApi(page.request, {
    text: 'Do you sell baguettes?',
    name: 'Gus',
  });
  const [other] = await Promise.all([
    secondDesk(browser, testInfo),
    signInReusingSession(page, staff),
    waitForStatus(id, 'drafted'),
  ]);
  const mine = new QuestionPage(page);
  const theirs = new QuestionPage(other);
  await Promise.all([mine.open(id), theirs.open(id)]);

  // The sender confirms the draft as it is; before they press send, a colleague edits it.
  await mine.startSending();
  const newer = 'No baguettes, but our rye loaf is lovely.';
  await theirs.editor.fill(newer);
  await theirs.saveEdit();
  await expect(theirs.ok).toHaveText('Edit saved.');
  await mine.confirmButton().click();
  await expect(mine.error).toContainText(
    'Not sent: a colleague or a new draft changed this question after you confirmed.',
  );
  expect(await repliesFor(id)).toHaveLength(0);

  // The colleague's text reaches the sender's editor; a fresh confirmation sends exactly it.
  await expect(mine.editor).toHaveValue(newer);
  const again = await mine.startSending();
  await expect(again.getByTestId('confirm-text')).toHaveText(newer);
  await mine.confirmButton().click();
  await expect(mine.ok).toContainText('Sent.');
  expect((await repliesFor(id)).map((reply) => reply.text)).toEqual([newer]);
  await page.goto(ticketPath);
  await expect(page.getByTestId('ticket-reply')).toHaveText(newer);
  await other.context().close();
});

test('staff make a new ticket link to pass on; the customer’s earlier link says it was replaced', async ({
  page,
  staff,
}) => {
  const { id, ticketPath } = await askByApi(page.request, {
    text: 'Can I order a birthday cake?',
    name: 'Hana',
  });
  await signInReusingSession(page, staff);
  const question = new QuestionPage(page);
  await question.open(id);
  // Asked first, by keyboard: Escape takes it back, nothing made; Enter confirms.
  const opener = page.getByRole('button', { name: 'New link to the customer’s ticket page' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const confirmation = page.getByRole('group', { name: /will stop working/ });
  await expect(confirmation.getByRole('button', { name: 'Make a new link' })).toBeFocused();
  await expectNoAxeViolations(page, ['fieldset[aria-labelledby^="new-link-question"]']);
  await page.keyboard.press('Escape');
  await expect(opener).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirmation.getByRole('button', { name: 'Make a new link' })).toBeFocused();
  await page.keyboard.press('Enter');
  const link = page.getByTestId('ticket-link');
  await expect(link).toHaveText(/\/t\/[A-Za-z0-9_-]{32}$/);
  await expect(link).toBeFocused();
  await expect(page.getByRole('status').filter({ has: link })).toContainText(
    'The link the customer had no longer works.',
  );
  const fresh = new URL((await link.getAttribute('href')) ?? '').pathname;
  expect(fresh).not.toBe(ticketPath);

  await page.goto(fresh);
  await expect(page.getByTestId('ticket-question')).toHaveText('Can I order a birthday cake?');
  // The earlier link opens nothing and says why, in the bakery's words, at both sizes.
  const old = await page.goto(ticketPath);
  expect(old?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'This link has been replaced.' })).toBeVisible();
  await expect(page.getByTestId('ticket-replaced')).toContainText(
    'The bakery has sent you a newer one.',
  );
  await expect(page.getByText('Can I order a birthday cake?')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Ask us again' }).click();
  await expect(page.getByRole('heading', { name: 'Ask a question' })).toBeVisible();
});

test('markup in a question is shown as text in the inbox and on the ticket, and never runs', async ({
  page,
  staff,
}) => {
  const text = 'Hello <script>alert(1)</script> and <img src=x onerror=alert(1)> there';
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const { id, ticketPath } = await askByApi(page.request, { text, name: 'Mallory <b>' });

  await page.goto(ticketPath);
  await expect(page.getByTestId('ticket-question')).toHaveText(text);
  await expect(page.getByTestId('ticket-question').locator('img, script')).toHaveCount(0);

  await signInReusingSession(page, staff);
  const inbox = new InboxPage(page);
  // Drafted, so it is among those needing review (the in-progress group with a search opens in
  // e2e/claude-drafting.spec.ts and others).
  await waitForStatus(id, 'drafted');
  await inbox.open('?q=onerror');
  await expect(inbox.rows()).toHaveCount(1);
  await expect(inbox.rows().getByTestId('row-first-line')).toHaveText(text);
  await expect(inbox.rows().locator('img, script, b')).toHaveCount(0);

  const question = new QuestionPage(page);
  await question.open(id);
  await expect(question.questionText).toHaveText(text);
  await expect(question.questionText.locator('img, script')).toHaveCount(0);
  await expect(page.getByTestId('question-customer')).toHaveText('Mallory <b>');
  expect(dialogs).toEqual([]);
});

test('keys: j and k move, e edits, Ctrl+Enter asks to send, ? lists the keys', async ({
  page,
  staff,
}) => {
  await signInReusingSession(page, staff);
  const inbox = new InboxPage(page);
  await inbox.open();
  await expect(inbox.rows().first()).toBeVisible();
  // Keys work once the page is hydrated; the live badge connecting says it is.
  await inbox.waitUntilLive();
  await page.keyboard.press('j');
  await expect(inbox.rows().first()).toBeFocused();
  await page.keyboard.press('j');
  await expect(inbox.rows().nth(1)).toBeFocused();
  await page.keyboard.press('k');
  await expect(inbox.rows().first()).toBeFocused();
  const firstId = Number(await inbox.rows().first().getAttribute('data-question-id'));
  await page.keyboard.press('e');
  await expect(page).toHaveURL(new RegExp(`/inbox/${firstId}$`));

  const question = new QuestionPage(page);
  await question.waitUntilLive();
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('e');
  await expect(question.editor).toBeFocused();
  // Letters typed in the editor are text, not commands.
  await page.keyboard.type(' jk');
  await expect(question.editor).toHaveValue(/ jk/);
  await expect(page).toHaveURL(new RegExp(`/inbox/${firstId}$`));
  await page.keyboard.press('Control+Enter');
  const dialog = page.getByRole('dialog', { name: 'Send this reply to the customer?' });
  await expect(dialog.getByTestId('confirm-text')).toContainText(' jk');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await question.editor.blur();

  await page.keyboard.press('j');
  await expect(page).not.toHaveURL(new RegExp(`/inbox/${firstId}$`));
  await question.waitUntilLive();
  await page.keyboard.press('k');
  await expect(page).toHaveURL(new RegExp(`/inbox/${firstId}$`));
});

test('redraft writes a new run from a server action; the older run waits behind a disclosure', async ({
  page,
  staff,
}) => {
  const { id } = await askByApi(page.request, { text: 'Are you open on Friday?', name: 'Gus' });
  await waitForStatus(id, 'drafted');
  await signInReusingSession(page, staff);
  const question = new QuestionPage(page);
  await question.open(id);
  await expect(page.getByTestId('earlier-runs')).toHaveCount(0);
  const firstRun = await question.trace.getAttribute('data-run-id');
  await page.getByRole('button', { name: 'Redraft' }).click();
  await expect(question.trace).not.toHaveAttribute('data-run-id', firstRun ?? '');
  await expect(question.ok).toHaveText('The new draft is in.');
  await expect(page.getByTestId('earlier-runs')).toContainText('Earlier runs (1)');
  await page.getByText('Earlier runs (1)').click();
  await expect(page.getByTestId('earlier-run')).toHaveAttribute('data-run-id', firstRun ?? '');
});

test('discard needs a reason, then closes the question for the customer', async ({
  page,
  staff,
}) => {
  const { id, ticketPath } = await askByApi(page.request, {
    text: 'Cheap watches for sale!!!',
    name: 'Spammer',
  });
  await waitForStatus(id, 'drafted');
  await signInReusingSession(page, staff);
  const question = new QuestionPage(page);
  await question.open(id);
  await page.getByRole('button', { name: 'Discard…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Discard this question?' });
  await dialog.getByLabel('Why discard it?').fill('no');
  await dialog.getByRole('button', { name: 'Discard question' }).click();
  await expect(dialog.locator('#discard-reason-error')).toContainText('Say why');
  await expect(dialog.getByLabel('Why discard it?')).toHaveValue('no');
  await dialog.getByLabel('Why discard it?').fill('Spam');
  await dialog.getByRole('button', { name: 'Discard question' }).click();
  await expect(page.getByTestId('discarded-note')).toHaveText('Discarded: Spam');
  expect((await questionRow(id))?.status).toBe('discarded');
  await page.goto(ticketPath);
  await expect(page.getByTestId('ticket-pending')).toContainText('This question is closed');
});

test('the inbox searches by customer and pages through a long list', async ({ page, staff }) => {
  for (let i = 1; i <= 26; i++) {
    await askByApi(page.request, { text: `Bulk question number ${i}`, name: `Bulk Customer ${i}` });
  }
  await signInReusingSession(page, staff);
  const inbox = new InboxPage(page);
  await expect
    .poll(
      async () => {
        await inbox.open('?q=Bulk+Customer');
        return inbox.tab('needsReview').textContent();
      },
      { timeout: 30_000 },
    )
    .toContain('26');
  await expect(inbox.rows()).toHaveCount(25);
  await expect(inbox.rows().first()).toContainText('Bulk Customer 26');
  await page.getByRole('link', { name: 'Older' }).click();
  await expect(inbox.rows()).toHaveCount(1);
  await expect(inbox.rows().first()).toContainText('Bulk Customer 1');
  await inbox.open('?q=Customer+17');
  await expect(inbox.rows()).toHaveCount(1);
});

test('a draft made before a fact it read changed is marked stale and offers a redraft', async ({
  page,
  staff,
  owner,
}) => {
  const { id } = await askByApi(page.request, { text: 'Is there rye on Dec 24?', name: 'Ivy' });
  await Promise.all([waitForStatus(id, 'drafted'), signInReusingSession(page, owner)]);
  const question = new QuestionPage(page);
  // A day the draft never read changes: the draft still stands.
  const exceptions = new ExceptionsAdminPage(page);
  await exceptions.goto();
  await exceptions.closeDate('2030-01-02', 'Stocktaking');
  await exceptions.remove('2030-01-02');
  await signInReusingSession(page, staff);
  const inbox = new InboxPage(page);
  await inbox.open('?q=Dec+24');
  await expect(inbox.row('Ivy')).toHaveCount(1);
  await expect(inbox.row('Ivy').getByTestId('stale-mark')).toHaveCount(0);

  // The rye loaf it quoted changes (and changes back): now it is stale.
  await signInReusingSession(page, owner);
  await page.goto('/admin/menu');
  await submitAction(page, page.getByRole('button', { name: 'Mark rye loaf unavailable' }));
  await submitAction(page, page.getByRole('button', { name: 'Mark rye loaf available' }));

  await signInReusingSession(page, staff);
  await inbox.open('?q=Dec+24');
  await expect(inbox.row('Ivy').getByTestId('stale-mark')).toHaveText('Stale');
  await question.open(id);
  await expect(page.getByTestId('question-state').getByTestId('stale-mark')).toBeVisible();
  await expect(question.trace).toHaveAttribute('data-stale', 'true');
  const staleRun = await question.trace.getAttribute('data-run-id');

  await question.staleNotice.getByRole('button', { name: 'Redraft' }).click();
  await expect(question.trace).not.toHaveAttribute('data-run-id', staleRun ?? '');
  await expect(question.trace).toHaveAttribute('data-stale', 'false');
  await expect(question.staleNotice).toHaveCount(0);
  await expect(page.getByTestId('stale-mark')).toHaveCount(0);
  await page.getByText('Earlier runs (1)').click();
  await expect(page.getByTestId('earlier-run').getByTestId('run-stale')).toBeVisible();
});
