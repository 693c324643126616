import { QuestionPage } from './pages/inbox-page';
import { InsightsPage } from './pages/insights-page';
import { ReplyFeedbackForm } from './pages/reply-feedback';
import { TicketPage } from './pages/ticket-page';
import { expectNoAxeViolations } from './support/axe';
import { deskRows, deskValue } from './support/database';
import { expect, signIn, test } from './support/fixtures';
import { setNextAfterSend } from './support/preferences';
import { askByApi, waitForStatus } from './support/questions';

type Answer = { answer: string; comment: string | null };
const answersFor = (questionId: number) =>
  deskRows<Answer>(
    'select answer, comment from reply_feedback where question_id = ? order by id',
    questionId,
  );

// Staff stay on the sent conversation after Send, to read the customer's answer there.
test.beforeEach(async ({ staff }) => setNextAfterSend(staff, false));
test.afterEach(async ({ staff }) => setNextAfterSend(staff, 'default'));

test('a customer answers "Did this answer your question?" on the ticket page and by an email link, and staff see it on the open conversation and the owner on the dashboard', async ({
  page,
  browser,
  staff,
  owner,
}, testInfo) => {
  const { id, ticketPath } = await askByApi(page.request, {
    text: 'Do you bake spelt bread on Mondays?',
    name: 'Greta Feedback',
  });
  await waitForStatus(id, 'drafted');
  await signIn(page, staff);
  const question = new QuestionPage(page);
  await question.open(id);
  await question.send();
  await expect(question.ok).toContainText('Sent.');
  // Staff keep the conversation open: the customer's answers show on it without a reload.
  await page.evaluate(() => {
    (window as unknown as { stillThisPage: boolean }).stillThisPage = true;
  });
  const said = page.getByTestId('customer-feedback');
  const owners = await (
    await browser.newContext({ baseURL: testInfo.project.use.baseURL })
  ).newPage();
  await signIn(owners, owner);
  const dashboard = new InsightsPage(owners, '');
  const onDashboard = dashboard.commentAbout(id);

  // The customer, in a browser of their own, answers No with a comment under the reply.
  const customer = await (
    await browser.newContext({ baseURL: testInfo.project.use.baseURL })
  ).newPage();
  const ticket = new TicketPage(customer);
  await ticket.open(ticketPath);
  const reply = ticket.messages().filter({ has: customer.getByTestId('ticket-reply') });
  const onTicket = new ReplyFeedbackForm(reply);
  await onTicket.answer('No', 'Which flour do you use?');
  await expect(onTicket.given()).toHaveText('You answered No. You can change your answer.');
  expect(await answersFor(id)).toEqual([{ answer: 'no', comment: 'Which flour do you use?' }]);
  await expect(said).toHaveAttribute('data-answer', 'no');
  await expect(said).toContainText('The customer said this did not answer their question.');
  await dashboard.goto();
  await expect(onDashboard).toContainText('Which flour do you use?');
  await expect(onDashboard.getByTestId('feedback-answer')).toHaveText('No, it did not');
  await expectNoAxeViolations(customer);
  await customer.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(customer);

  // The email's Yes link, built as the email builds it: opening it records nothing (mail
  // scanners open links); another reply's or a wrong ticket's link is the bakery's own not found.
  const messageId = Number(
    await deskValue("select id from messages where question_id = ? and author = 'bakery'", id),
  );
  const link = `${ticketPath}/feedback/${messageId}?answer=yes`;
  const opened = await customer.request.get(link);
  expect(opened.status()).toBe(200);
  expect(await answersFor(id)).toEqual([{ answer: 'no', comment: 'Which flour do you use?' }]);
  const customersOwn = Number(
    await deskValue("select id from messages where question_id = ? and author = 'customer'", id),
  );
  for (const wrong of [
    `${ticketPath}/feedback/${customersOwn}?answer=yes`,
    `${ticketPath.slice(0, -2)}xx/feedback/${messageId}?answer=yes`,
    `${ticketPath}/feedback/nope?answer=yes`,
  ]) {
    const refused = await customer.request.get(wrong);
    expect(refused.status(), wrong).toBe(404);
    expect(await refused.text()).toContain('We can’t find this page');
    expect(await refused.text()).not.toContain('Did this answer your question?');
  }

  // Confirmed on the page, the answer changes to Yes and keeps the comment.
  await customer.goto(link);
  const confirm = new ReplyFeedbackForm(customer);
  await expect(confirm.radio('Yes')).toBeChecked();
  await expect(confirm.given()).toHaveText('You answered No. You can change your answer.');
  await expectNoAxeViolations(customer);
  await confirm.answer('Yes');
  expect(await answersFor(id)).toEqual([{ answer: 'yes', comment: 'Which flour do you use?' }]);

  // Staff read it under the sent reply, in words, on the page they never left; the owner's
  // dashboard has the changed answer.
  await expect(said).toContainText('The customer said this answered their question.');
  await expect(said.getByTestId('customer-feedback-comment')).toHaveText(
    'Their comment: Which flour do you use?',
  );
  expect(
    await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage),
  ).toBe(true);
  await dashboard.goto();
  await expect(onDashboard.getByTestId('feedback-answer')).toHaveText('Yes, it helped');
  await customer.context().close();
  await owners.context().close();
});
