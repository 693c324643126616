import { type APIRequestContext, request as newRequest } from '@playwright/test';
import { type SmtpSink, startSmtpSink } from '../tests/support/smtp-sink';
import { InboxPage, QuestionPage } from './pages/inbox-page';
import { TicketPage } from './pages/ticket-page';
import { expect, signIn, test } from './support/fixtures';
import { storeAsEmail, storedMessageId } from './support/inbound-email';
import { type OwnServer, startOwnServer } from './support/own-server';
import { freePort } from './support/ports';
import { setNextAfterSend } from './support/preferences';
import { sendRepliesAtOnce } from './support/undo-send';
import { ensureUser, staff } from './support/users';

/**
 * A desk with SMTP_URL set, sending through a real SMTP server on 127.0.0.1 (the smtp-server
 * package): staff send a reply and the customer's mail server receives it once, threaded, with
 * the ticket link; a refused email shows the server's words and goes again with Resend.
 */
const KEY = 'email-e2e-key';

let sink: SmtpSink;
let server: OwnServer;
let api: APIRequestContext;
/**
 * The desk's address, known before it starts: its links in emails begin with it. Playwright
 * also asks for baseURL once before beforeAll has run.
 */
let baseURL: string | undefined;

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
test.use({ baseURL: async ({}, use) => use(baseURL) });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  sink = await startSmtpSink();
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  server = await startOwnServer({
    name: 'email-desk',
    port,
    env: {
      SMTP_URL: sink.url,
      MAIL_FROM: 'Juniper Street Bakery <hello@juniper.example>',
      PUBLIC_BASE_URL: baseURL,
      DRAFT_WORKER: 'on',
      INTAKE_API_KEY: KEY,
    },
  });
  await ensureUser(staff, server.database);
  // The journeys read the sent question's own page after Send.
  await setNextAfterSend(staff, false, server.database);
  await sendRepliesAtOnce(server.database);
  api = await newRequest.newContext({ baseURL });
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
  await sink?.close();
});

/** A customer's email already in the desk as a conversation. */
async function emailedQuestion(input: {
  name: string;
  email: string;
  text: string;
  messageId: string;
  subject: string;
}): Promise<number> {
  const response = await api.post('/api/questions', {
    headers: { authorization: `Bearer ${KEY}` },
    data: {
      text: input.text,
      customer: { name: input.name, email: input.email },
      externalId: input.messageId,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  await storeAsEmail(server.database, id, {
    messageId: input.messageId,
    subject: input.subject,
    from: input.email,
    references: 'first-contact@customer.example',
  });
  return id;
}

const receivedBy = (address: string) => sink.received.filter((m) => m.to.includes(address));

test('/ask asks for an email address while replies go out by email', async () => {
  const html = await (await api.get('/ask')).text();
  expect(html).toContain('type="email"');
  expect(html).toContain('We’ll email you the answer');
  expect(html).not.toContain('data-testid="ask-answer-on-page"');
});

test('staff send a reply: the customer receives one email with the reply, the ticket link and threading headers @postgres', async ({
  page,
  browser,
}) => {
  const id = await emailedQuestion({
    name: 'Mira Mail',
    email: 'mira@customer.example',
    text: 'Can I pick up two rye loaves on Saturday?',
    messageId: 'mira-1@customer.example',
    subject: 'Rye for Saturday',
  });
  await signIn(page, staff);
  const question = new QuestionPage(page);
  await question.open(id);
  await expect(question.editor).toHaveValue(/rye/i);
  const reply = 'Yes, Mira: two rye loaves will be ready on Saturday from 8:00.\nSee you then!';
  await question.editor.fill(reply);
  await question.send();
  await expect(question.ok).toContainText('on its way to mira@customer.example by email');

  // The page follows the delivery by itself: queued, then sent at a time.
  const delivery = question.emailDeliveries();
  await expect(delivery).toHaveAttribute('data-status', 'sent');
  await expect(delivery).toContainText('Emailed to mira@customer.example');

  const emails = receivedBy('mira@customer.example');
  expect(emails).toHaveLength(1);
  const email = emails[0]?.email;
  expect(email?.header('subject')).toBe('Re: Rye for Saturday');
  expect(email?.header('message-id')).toBe(`<${await storedMessageId(server.database, id)}>`);
  expect(email?.header('in-reply-to')).toBe('<mira-1@customer.example>');
  expect(email?.header('references')).toBe(
    '<first-contact@customer.example> <mira-1@customer.example>',
  );
  expect(email?.text?.startsWith(`${reply}\n`)).toBe(true);
  expect(email?.html).toContain('two rye loaves will be ready on Saturday');

  // The link opens the customer's conversation, for someone who was never signed in.
  const link = new RegExp(`${baseURL}/t/[A-Za-z0-9_-]+`).exec(email?.text ?? '')?.[0];
  expect(link).toBeDefined();
  const customer = await (await browser.newContext()).newPage();
  const ticket = new TicketPage(customer);
  await ticket.open(link ?? '');
  expect(await ticket.thread()).toEqual([
    ['customer', 'Can I pick up two rye loaves on Saturday?'],
    ['bakery', reply],
  ]);
  await customer.context().close();

  // Still one email a while later: the delivery is done.
  await page.reload();
  await expect(question.emailDeliveries()).toHaveAttribute('data-status', 'sent');
  expect(receivedBy('mira@customer.example')).toHaveLength(1);
});

test('a refused email shows the mail server’s words, and Resend sends it', async ({ page }) => {
  sink.answerRecipient = (address) =>
    address === 'typo@customer.example'
      ? { code: 550, message: '5.1.1 <typo@customer.example>: Recipient address rejected' }
      : undefined;
  const id = await emailedQuestion({
    name: 'Tomas Typo',
    email: 'typo@customer.example',
    text: 'Do you have cinnamon buns on Sunday?',
    messageId: 'typo-1@customer.example',
    subject: 'Cinnamon buns',
  });
  await signIn(page, staff);
  const question = new QuestionPage(page);
  await question.open(id);
  await expect(question.editor).not.toHaveValue('');
  await question.editor.fill('Yes, cinnamon buns every Sunday from 8:00.');
  await question.send();
  await expect(question.ok).toContainText('Sent.');

  const delivery = question.emailDeliveries();
  await expect(delivery).toHaveAttribute('data-status', 'failed');
  await expect(delivery).toContainText(
    'failed: 550 5.1.1 <typo@customer.example>: Recipient address rejected',
  );
  expect(receivedBy('typo@customer.example')).toHaveLength(0);

  // The list says so too, among the sent conversations.
  const inbox = new InboxPage(page);
  await inbox.open();
  await inbox.tab('sent').click();
  await expect(inbox.row('Tomas Typo').getByTestId('row-email-failed')).toHaveText('Email failed');
  await question.open(id);

  // The address is fixed on the mail server's side; staff send it again.
  sink.answerRecipient = () => undefined;
  await question.resendEmail(delivery);
  await expect(delivery).toHaveAttribute('data-status', 'sent');
  const emails = receivedBy('typo@customer.example');
  expect(emails).toHaveLength(1);
  expect(emails[0]?.email.header('message-id')).toBe(
    `<${await storedMessageId(server.database, id)}>`,
  );
  expect(emails[0]?.email.text).toContain('Yes, cinnamon buns every Sunday from 8:00.');
  await inbox.open();
  await inbox.tab('sent').click();
  await expect(inbox.row('Tomas Typo')).toBeVisible();
  await expect(inbox.row('Tomas Typo').getByTestId('row-email-failed')).toHaveCount(0);
});
