import { type APIRequestContext, type Browser, request as newRequest } from '@playwright/test';
import { type SmtpSink, startSmtpSink } from '../tests/support/smtp-sink';
import { InboxPage, QuestionPage } from './pages/inbox-page';
import { BulkBar, LabelsAdminPage, UndoBar } from './pages/labels-pages';
import { TicketPage } from './pages/ticket-page';
import { expectNoAxeViolations } from './support/axe';
import { withDeskDatabase } from './support/database';
import { expect, signInRequest, test } from './support/fixtures';
import { storeAsEmail } from './support/inbound-email';
import { type OwnServer, startOwnServer } from './support/own-server';
import { freePort } from './support/ports';
import { ensureUser, owner, staff } from './support/users';

/**
 * A desk of its own (its five example questions untouched by other specs) sending through a
 * real SMTP server on 127.0.0.1: the owner defines labels and the undo hold, staff label and
 * filter conversations, discard the five examples in one action, and take a sent reply back
 * within its hold while the ticket page and the mail server see nothing of it.
 */
const KEY = 'labels-e2e-key';
const HOLD_SECONDS = 8;

let sink: SmtpSink;
let server: OwnServer;
let api: APIRequestContext;
let baseURL: string | undefined;
/** Each person's session, signed in once for the file: every browser of theirs starts with it. */
const sessions = new Map<typeof owner, Awaited<ReturnType<APIRequestContext['storageState']>>>();

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
test.use({ baseURL: async ({}, use) => use(baseURL) });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  sink = await startSmtpSink();
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  server = await startOwnServer({
    name: 'labels-desk',
    port,
    env: {
      SMTP_URL: sink.url,
      MAIL_FROM: 'Juniper Street Bakery <hello@juniper.example>',
      PUBLIC_BASE_URL: baseURL,
      DRAFT_WORKER: 'on',
      INTAKE_API_KEY: KEY,
    },
  });
  await ensureUser(owner, server.database);
  await ensureUser(staff, server.database);
  api = await newRequest.newContext({ baseURL });
  await Promise.all(
    [owner, staff].map(async (user) => {
      const signedInApi = await newRequest.newContext({ baseURL });
      await signInRequest(signedInApi, user);
      sessions.set(user, await signedInApi.storageState());
      await signedInApi.dispose();
    }),
  );
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
  await sink?.close();
});

const receivedBy = (address: string) => sink.received.filter((m) => m.to.includes(address));

async function signedIn(browser: Browser, user: typeof owner) {
  const context = await browser.newContext({ baseURL, storageState: sessions.get(user) });
  return context.newPage();
}

test('the owner defines labels; staff label rows in one action, filter by a label and change a conversation’s labels', async ({
  browser,
}) => {
  const ownerPage = await signedIn(browser, owner);
  const labelsPage = new LabelsAdminPage(ownerPage);
  await labelsPage.open();
  await labelsPage.add('Wholesale', '#1d4ed8');
  await labelsPage.add('Allergy', '#fde68a');
  await expect(labelsPage.rows()).toHaveCount(2);
  await expectNoAxeViolations(ownerPage);

  const page = await signedIn(browser, staff);
  const inbox = new InboxPage(page);
  await inbox.open();
  // The worker drafts the five example questions: all need review.
  await expect(inbox.rows()).toHaveCount(5, { timeout: 30_000 });
  const bulk = new BulkBar(page);
  await expect(bulk.count).toHaveText('0 selected');

  // A click, then a shift-click two rows on: three rows, the range between included.
  await bulk.rowBoxes().nth(0).click();
  await bulk
    .rowBoxes()
    .nth(2)
    .click({ modifiers: ['Shift'] });
  await expect(bulk.count).toHaveText('3 selected');
  const chosen = await Promise.all(
    [0, 1, 2].map((n) => inbox.rows().nth(n).getAttribute('data-question-id')),
  );
  await bulk.label('Wholesale');
  await expect(bulk.ok).toHaveText('Labelled 3 questions.');
  await expect(bulk.count).toHaveText('0 selected');
  await expect(page.getByTestId('row-labels').filter({ hasText: 'Wholesale' })).toHaveCount(3);

  await bulk.filter('Wholesale').click();
  await expect(page).toHaveURL(/label=\d+/);
  await expect(inbox.rows()).toHaveCount(3);
  const shown = await inbox
    .rows()
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-question-id')));
  expect(shown.sort()).toEqual([...chosen].sort());
  await expectNoAxeViolations(page);

  // On one conversation: Wholesale off, Allergy on.
  const question = new QuestionPage(page);
  await question.open(Number(chosen[0]));
  const labels = page.getByTestId('question-labels');
  await expect(labels.getByTestId('label-chip')).toHaveText(['Wholesale×']);
  await labels.getByRole('button', { name: 'Remove label Wholesale' }).click();
  await expect(labels.getByTestId('label-chip')).toHaveCount(0);
  await labels.getByRole('combobox', { name: 'Add a label' }).selectOption({ label: 'Allergy' });
  await labels.getByRole('button', { name: 'Add label' }).click();
  await expect(labels.getByTestId('label-chip')).toHaveText(['Allergy×']);

  await inbox.open();
  await bulk.filter('Wholesale').click();
  await expect(inbox.rows()).toHaveCount(2);
  await bulk.filter('Allergy').click();
  await expect(inbox.rows()).toHaveCount(1);
  await page.context().close();
  await ownerPage.context().close();
});

test('staff discard the five example questions in one action, with one reason; axe at desktop and phone sizes', async ({
  browser,
}) => {
  const page = await signedIn(browser, staff);
  const inbox = new InboxPage(page);
  await inbox.open();
  await expect(inbox.rows()).toHaveCount(5);
  const bulk = new BulkBar(page);
  await bulk.selectAll.check();
  await expect(bulk.count).toHaveText('5 selected');
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  await bulk.discard('Example questions from the new desk');
  await expect(bulk.ok).toHaveText('Discarded 5 questions.');
  await expect(inbox.rows()).toHaveCount(0);
  await expect(inbox.tab('discarded')).toContainText('5');
  expect(
    await withDeskDatabase(
      (db) =>
        db.value<number>(
          "select count(*) from questions where channel = 'sample' and status = 'discarded' and discard_reason = ?",
          'Example questions from the new desk',
        ),
      server.database,
    ),
  ).toBe(5);
  await inbox.open('?group=discarded');
  await expect(inbox.rows()).toHaveCount(5);
  await page.context().close();
});

test('Undo within the hold leaves the ticket page and the mail server untouched; a reply not undone arrives once after the hold', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // The owner sets the hold in Settings.
  const ownerPage = await signedIn(browser, owner);
  await ownerPage.goto('/admin/settings');
  const undoForm = ownerPage.getByRole('form', { name: 'Undo send' });
  await undoForm
    .getByRole('textbox', { name: 'Seconds to undo a sent reply' })
    .fill(String(HOLD_SECONDS));
  await undoForm.getByRole('button', { name: 'Save undo send' }).click();
  await expect(ownerPage.getByRole('status').filter({ hasText: 'held for' })).toBeVisible();
  await ownerPage.context().close();

  const response = await api.post('/api/questions', {
    headers: { authorization: `Bearer ${KEY}` },
    data: {
      text: 'Can I order a birthday cake for Friday?',
      customer: { name: 'Lena Held', email: 'lena@customer.example' },
      externalId: 'lena-1@customer.example',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id, ticketUrl } = (await response.json()) as { id: number; ticketUrl: string };
  await storeAsEmail(server.database, id, {
    messageId: 'lena-1@customer.example',
    subject: 'Birthday cake',
    from: 'lena@customer.example',
  });

  const customer = new TicketPage(await (await browser.newContext()).newPage());
  const onlyTheQuestion = [['customer', 'Can I order a birthday cake for Friday?']];

  const page = await signedIn(browser, staff);
  const question = new QuestionPage(page);
  const undo = new UndoBar(page);
  await question.open(id);
  // The draft is in first: a send over a draft still being written would be refused.
  await expect(question.editor).not.toHaveValue('', { timeout: 30_000 });
  const first = 'Yes, Lena: a birthday cake for Friday is possible. Which flavour?';
  await question.editor.fill(first);
  await question.send();
  await expect(question.ok).toContainText('unless you undo it');
  await expect(undo.held).toBeVisible();
  await expect(undo.countdown).toHaveText(/Sending in \d+ s/);

  // Within the hold: nothing on the ticket page.
  await customer.open(ticketUrl);
  expect(await customer.thread()).toEqual(onlyTheQuestion);

  // Undo by keyboard: the text is back in the editor and the question open again.
  await undo.undoButton.focus();
  await page.keyboard.press('Enter');
  await expect(undo.ok).toContainText('Undone: nothing was sent');
  await expect(undo.held).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Reply to the customer' })).toHaveValue(first);
  // Nothing of it is left to be released: no reply, and no email queued.
  const leftOf = (table: string) =>
    withDeskDatabase(
      (db) => db.value<number>(`select count(*) from ${table} where question_id = ?`, id),
      server.database,
    );
  expect(Number(await leftOf('replies'))).toBe(0);
  expect(Number(await leftOf('email_outbox'))).toBe(0);

  // The same reply, sent and not undone: held, then delivered once. Its hold ends after the
  // undone one's would have, so once it has arrived, one reply on the ticket page and one email
  // also show the undone one never went out past its hold.
  await question.open(id);
  await expect(question.editor).toHaveValue(first);
  await question.send();
  await expect(undo.held).toBeVisible();
  await customer.page.reload();
  expect(await customer.thread()).toEqual(onlyTheQuestion);
  expect(receivedBy('lena@customer.example')).toHaveLength(0);

  await expect(undo.held).toHaveCount(0, { timeout: (HOLD_SECONDS + 5) * 1000 });
  await expect
    .poll(
      async () => {
        await customer.page.reload();
        return customer.thread();
      },
      { timeout: 15_000 },
    )
    .toEqual([...onlyTheQuestion, ['bakery', first]]);
  await expect.poll(() => receivedBy('lena@customer.example').length, { timeout: 15_000 }).toBe(1);
  // Once its email is marked sent the worker is done with it: still the one email.
  await expect
    .poll(
      () =>
        withDeskDatabase(
          (db) =>
            db.rows<{ status: string }>(
              'select status from email_outbox where question_id = ?',
              id,
            ),
          server.database,
        ),
      { timeout: 15_000 },
    )
    .toEqual([{ status: 'sent' }]);
  expect(receivedBy('lena@customer.example')).toHaveLength(1);
  expect(receivedBy('lena@customer.example')[0]?.email.text).toContain(first);
  await customer.page.context().close();
  await page.context().close();
});
