import type { Browser, Page, TestInfo } from '@playwright/test';
import { TICKET_POLL_MS } from '../lib/ticket/live';
import { AskPage } from './pages/ask-page';
import { QuestionPage } from './pages/inbox-page';
import { TicketPage } from './pages/ticket-page';
import { expectNoAxeViolations } from './support/axe';
import { questionIdForTicket, waitForDraft } from './support/drafts';
import { expect, signIn, test } from './support/fixtures';

const QUESTION = 'Do you have rye bread on Saturday morning?';
const THANKS = 'Thank you, I will come at nine.';

/** The customer: a browser of their own, never signed in. */
async function customerBrowser(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  return context.newPage();
}

test('a customer’s open ticket page shows the reply staff send, without a reload, and announces it once; without EventSource it polls', async ({
  page,
  browser,
  staff,
}, testInfo) => {
  const customer = await customerBrowser(browser, testInfo);
  const ask = new AskPage(customer);
  await ask.open();
  const ticketPath = await ask.askAndOpenTicket({ name: 'Lena Live', text: QUESTION });
  const ticket = new TicketPage(customer);
  await ticket.markThisPage();
  // The same ticket in a browser without EventSource: it reloads the conversation on its own.
  const oldBrowser = await customerBrowser(browser, testInfo);
  await oldBrowser.addInitScript(() => {
    Reflect.deleteProperty(window, 'EventSource');
  });
  const polled = new TicketPage(oldBrowser);
  await polled.open(ticketPath);
  await waitForDraft(ticketPath);

  await signIn(page, staff);
  const question = new QuestionPage(page);
  await question.open(await questionIdForTicket(ticketPath));
  await expect(question.questionText).toHaveText(QUESTION);
  const reply = (await question.editor.inputValue()).trim();
  await question.send();

  // Measured from the click on Send: the reply is on the customer's page within 2 s.
  await expect(ticket.reply(reply)).toBeVisible({ timeout: 2_000 });
  expect(await ticket.isStillThisPage()).toBe(true);
  await expect(polled.reply(reply)).toBeVisible({ timeout: 2 * TICKET_POLL_MS });
  await oldBrowser.context().close();
  // The live region says the new reply, not the whole conversation.
  await expect(ticket.announcement()).toHaveText(/^New reply from .+: /);
  await expect(ticket.announcement()).toContainText(reply.slice(0, 40));
  await expect(ticket.announcement()).not.toContainText(QUESTION);

  // The customer's own message shows at once, and is no reply to announce.
  await ticket.writeBack(THANKS);
  await expect(ticket.announcement()).not.toContainText(THANKS);

  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    await customer.setViewportSize(size);
    await expectNoAxeViolations(customer);
  }
  await customer.context().close();
});
