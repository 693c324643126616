import type { Browser, Page, TestInfo } from '@playwright/test';
import { AskPage } from './pages/ask-page';
import { InboxPage, QuestionPage, questionIdFromUrl } from './pages/inbox-page';
import { TicketPage } from './pages/ticket-page';
import { deskRows } from './support/database';
import { expect, signIn, test } from './support/fixtures';
import { setNextAfterSend } from './support/preferences';

const FIRST = 'Can I pick up two dozen sourdough rolls on Saturday at 9?';
const ADD = 'Thanks! Can I add two rye loaves?';
const MOVE = 'Actually make it Friday';

/** The customer: a browser of their own, never signed in. */
async function customerBrowser(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  return context.newPage();
}

function runsOf(id: number): Promise<{ answered_message_id: number; messages_read: number }[]> {
  return deskRows(
    'select answered_message_id, messages_read from agent_runs where question_id = ? order by id',
    id,
  );
}

// These journeys read the sent question's own page after Send: its people stay on it.
test.beforeEach(async ({ owner, staff }) => {
  for (const person of [owner, staff]) await setNextAfterSend(person, false);
});
test.afterEach(async ({ owner, staff }) => {
  for (const person of [owner, staff]) await setNextAfterSend(person, 'default');
});

test('a customer writes back on their ticket, the new draft reads the whole thread, and the ticket shows every message in order @postgres', async ({
  page,
  browser,
  staff,
}, testInfo) => {
  const customer = await customerBrowser(browser, testInfo);
  const ask = new AskPage(customer);
  await ask.open();
  const ticketPath = await ask.askAndOpenTicket({ name: 'Nadia Thread', text: FIRST });
  const ticket = new TicketPage(customer);

  // Staff answer the first message.
  await signIn(page, staff);
  const inbox = new InboxPage(page);
  await inbox.open();
  const row = inbox.row('Nadia Thread');
  await expect(row.getByTestId('status-badge')).toHaveText('Needs review');
  await row.click();
  const question = new QuestionPage(page);
  await expect(question.questionText).toHaveText(FIRST);
  const id = questionIdFromUrl(page);
  await expect(question.editor).toHaveValue(/\$36\.00/);
  const firstReply = await question.editor.inputValue();
  await question.send();
  await expect(question.ok).toContainText('Sent.');

  // Staff keep the inbox open while the customer reads the answer and writes back.
  await inbox.open();
  await expect(inbox.row('Nadia Thread')).toHaveCount(0);
  // A mark on this very page: it survives only if the page is never reloaded.
  await page.evaluate(() => {
    (window as unknown as { stillThisPage: boolean }).stillThisPage = true;
  });
  await ticket.open(ticketPath);
  expect(await ticket.thread()).toEqual([
    ['customer', FIRST],
    ['bakery', firstReply.trim()],
  ]);
  await ticket.writeBack(ADD);
  await expect(customer.getByTestId('ticket-pending')).toContainText('read your message');

  // The open inbox shows the conversation needing review again, with its newest message and
  // its length, without a reload; the new draft quotes the whole order.
  await expect(inbox.row('Nadia Thread').getByTestId('row-first-line')).toHaveText(ADD);
  await expect(inbox.row('Nadia Thread').getByTestId('row-message-count')).toHaveText('3 messages');
  await expect(inbox.row('Nadia Thread').getByTestId('status-badge')).toHaveText('Needs review');
  expect(
    await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage),
  ).toBe(true);
  await inbox.row('Nadia Thread').click();
  await expect(question.questionText).toHaveText(ADD);
  await expect(page.getByTestId('thread-message')).toHaveCount(3);
  await expect(page.getByTestId('earlier-message-text')).toHaveText(FIRST);
  // 24 rolls at $1.50 and 2 rye loaves at $9.00.
  await expect(question.editor).toHaveValue(/\$54\.00/);
  await expect(question.editor).toHaveValue(/rye/i);
  await expect(question.trace.getByTestId('run-read')).toContainText('3 messages');
  const secondReply = await question.editor.inputValue();
  await question.send();
  await expect(question.ok).toContainText('Sent.');

  await ticket.open(ticketPath);
  expect(await ticket.thread()).toEqual([
    ['customer', FIRST],
    ['bakery', firstReply.trim()],
    ['customer', ADD],
    ['bakery', secondReply.trim()],
  ]);
  // Replies are signed with the bakery's name unless the owner allows staff names.
  await expect(ticket.messages().nth(1)).not.toContainText(staff.name);

  // A follow-up that moves the order to another day is quoted for that day.
  await ticket.writeBack(MOVE);
  await question.open(id);
  await expect(question.questionText).toHaveText(MOVE);
  const quote = question.toolCalls('quote_order');
  await expect(quote).toHaveCount(1);
  await expect(quote.getByTestId('tool-input')).toContainText(/"day": *"Friday"/);
  await expect(quote.getByTestId('tool-input')).toContainText('rye loaf');
  await expect(question.editor).toHaveValue(/Friday/);
  await expect(question.editor).not.toHaveValue(/Saturday/);

  const runs = await runsOf(id);
  expect(runs.map((run) => run.messages_read)).toEqual([1, 3, 5]);
  expect(new Set(runs.map((run) => run.answered_message_id)).size).toBe(3);
  await customer.context().close();
});
