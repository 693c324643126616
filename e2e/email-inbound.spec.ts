import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, request as newRequest, type Page } from '@playwright/test';
import { type Dovecot, startDovecot } from '../tests/support/dovecot';
import { type SmtpSink, startSmtpSink } from '../tests/support/smtp-sink';
import { SettingsAdminPage } from './pages/admin-pages';
import { InboxPage, QuestionPage, questionIdFromUrl } from './pages/inbox-page';
import { TicketPage } from './pages/ticket-page';
import { withDeskDatabase } from './support/database';
import { expect, signIn, test } from './support/fixtures';
import { type OwnServer, startOwnServer } from './support/own-server';
import { freePort } from './support/ports';
import { setNextAfterSend } from './support/preferences';
import { sendRepliesAtOnce } from './support/undo-send';
import { ensureUser, owner, staff, type TestUser } from './support/users';

/**
 * Email in and out, on real servers: Dovecot on 127.0.0.1 with a throwaway mailbox the desk
 * reads (IMAP_URL), an SMTP server (the smtp-server package) it sends replies through
 * (SMTP_URL), and a desk of its own drafting with the offline drafter.
 */
const fixtures = join(import.meta.dirname, '../tests/fixtures/mail');
const fixture = (name: string) => readFileSync(join(fixtures, `${name}.eml`));

let dovecot: Dovecot;
let sink: SmtpSink;
let server: OwnServer;
/** The desk's address, known before it starts: its links in emails begin with it. */
let deskURL: string;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dovecot = await startDovecot();
  sink = await startSmtpSink();
  const deskPort = await freePort();
  deskURL = `http://127.0.0.1:${deskPort}`;
  server = await startOwnServer({
    name: 'email-inbound',
    port: deskPort,
    env: {
      IMAP_URL: dovecot.url,
      IMAP_POLL_MS: '500',
      SMTP_URL: sink.url,
      PUBLIC_BASE_URL: deskURL,
      MAIL_FROM: 'Juniper Street Bakery <orders@juniper.example>',
      DRAFT_WORKER: 'on',
      HOST: '127.0.0.1',
    },
  });
  await ensureUser(staff, server.database);
  await ensureUser(owner, server.database);
  await sendRepliesAtOnce(server.database);
  // The journeys read the sent question's own page after Send.
  for (const person of [staff, owner]) await setNextAfterSend(person, false, server.database);
});

test.afterAll(async () => {
  await server?.stop();
  dovecot?.stop();
  await sink?.close();
});

const receivedBy = (address: string) => sink.received.filter((m) => m.to.includes(address));

async function deskPage(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

function messagesOf(id: number): Promise<{ author: string; channel: string; text: string }[]> {
  return withDeskDatabase(
    (db) =>
      db.rows<{ author: string; channel: string; text: string }>(
        'select author, channel, text from messages where question_id = ? order by id',
        id,
      ),
    server.database,
  );
}

function statusOf(id: number): Promise<string> {
  return withDeskDatabase(
    (db) => db.value<string>('select status from questions where id = ?', id),
    server.database,
  );
}

test('an email in the mailbox becomes a conversation with a draft; staff send; the customer receives one threaded email with the reply and the ticket link; their emailed answer joins the conversation @postgres', async ({
  browser,
}) => {
  await dovecot.append(fixture('attachment'));
  const page = await deskPage(browser, staff);
  const inbox = new InboxPage(page);
  await inbox.open();
  const row = inbox.row('Ada Lovelace');
  await expect(row.getByTestId('status-badge')).toHaveText('Needs review', { timeout: 30_000 });
  await row.click();

  const question = new QuestionPage(page);
  await expect(question.questionText).toHaveText('Could you make the cake in the attached design?');
  await expect(question.editor).not.toHaveValue('');
  const details = question.emailDetails();
  await expect(details).toHaveCount(1);
  await expect(details.getByTestId('email-subject')).toHaveText('Cake design');
  await expect(details).toContainText('ada@example.com');
  await expect(details.getByTestId('email-attachment')).toHaveText(['cake-design.pdf (2.0 KB)']);
  const id = questionIdFromUrl(page);

  // The original, byte for byte as the mailbox held it; nobody signed out can fetch it.
  const original = await question.downloadOriginal();
  expect(original.bytes.toString('latin1')).toContain('Message-ID: <attach-1@example.com>');
  expect(original.bytes.toString('latin1')).toContain('filename="cake-design.pdf"');
  const anonymous = await newRequest.newContext({ baseURL: server.url });
  expect((await anonymous.get(original.href, { maxRedirects: 0 })).status()).toBe(401);
  await anonymous.dispose();

  // Staff send; the customer's mail server receives exactly one email, threaded under theirs.
  const reply = 'Yes, Ada: we can make the cake in your design. Pick it up any day from 8:00.';
  await question.editor.fill(reply);
  await question.send();
  await expect(question.ok).toContainText('on its way to ada@example.com by email');
  await expect(question.emailDeliveries()).toHaveAttribute('data-status', 'sent');
  const emails = receivedBy('ada@example.com');
  expect(emails).toHaveLength(1);
  const email = emails[0]?.email;
  expect(email?.header('subject')).toBe('Re: Cake design');
  expect(email?.header('in-reply-to')).toBe('<attach-1@example.com>');
  expect(email?.header('references')).toBe('<attach-1@example.com>');
  expect(email?.text).toContain(reply);
  const bakeryMessageId = /^<(.+)>$/.exec(email?.header('message-id') ?? '')?.[1];
  expect(bakeryMessageId).toBeDefined();
  const link = new RegExp(`${deskURL}/t/[A-Za-z0-9_-]+`).exec(email?.text ?? '')?.[0];
  expect(link).toBeDefined();

  // The customer answers from their mail program, quoting the reply: only their words join.
  await dovecot.append(
    [
      'From: Ada Lovelace <ada@example.com>',
      'To: Juniper Street Bakery <orders@juniper.example>',
      'Subject: Re: Cake design',
      'Message-ID: <attach-2@example.com>',
      `In-Reply-To: <${bakeryMessageId}>`,
      `References: <attach-1@example.com> <${bakeryMessageId}>`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Lovely. Can I pick it up on Friday?',
      '',
      'On Tue, Dec 1, 2026, Juniper Street Bakery wrote:',
      `> ${reply}`,
      '',
    ].join('\r\n'),
  );
  // Stored and drafted again; then the inbox shows it (the page renders what is stored).
  await expect
    .poll(async () => `${(await messagesOf(id)).length} ${await statusOf(id)}`, { timeout: 30_000 })
    .toBe('3 drafted');
  await inbox.open();
  await expect(inbox.row('Ada Lovelace').getByTestId('row-message-count')).toHaveText('3 messages');
  await expect(inbox.row('Ada Lovelace').getByTestId('status-badge')).toHaveText('Needs review');
  await inbox.row('Ada Lovelace').click();
  await expect(question.questionText).toHaveText('Lovely. Can I pick it up on Friday?');
  await expect(question.emailDetails()).toHaveCount(2);
  expect((await messagesOf(id)).map((message) => [message.author, message.channel])).toEqual([
    ['customer', 'email'],
    ['bakery', 'email'],
    ['customer', 'email'],
  ]);
  // Each email was marked seen once stored; the customer still has exactly one email.
  await expect
    .poll(async () => (await dovecot.list()).map((message) => message.seen))
    .toEqual([true, true]);
  expect(receivedBy('ada@example.com')).toHaveLength(1);

  // The link in the email opens the whole conversation for the customer, never signed in.
  const customer = await (await browser.newContext()).newPage();
  const ticket = new TicketPage(customer);
  await ticket.open(link ?? '');
  expect(await ticket.thread()).toEqual([
    ['customer', 'Could you make the cake in the attached design?'],
    ['bakery', reply],
    ['customer', 'Lovely. Can I pick it up on Friday?'],
  ]);
  await customer.context().close();
  await page.context().close();
});

test('mail that cannot be read waits for staff with its original; the settings page shows the channels', async ({
  browser,
}) => {
  await dovecot.append(fixture('unparseable'));
  const page = await deskPage(browser, staff);
  const inbox = new InboxPage(page);
  await inbox.open('?group=failed');
  const row = inbox.row('Unknown sender');
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  await row.click();
  const question = new QuestionPage(page);
  await expect(
    page.getByText(/This email could not be read: it has no sender address/),
  ).toBeVisible();
  const original = await question.downloadOriginal();
  expect(original.bytes.toString('latin1')).toContain('not an email at all');
  await page.context().close();

  const ownerPage = await deskPage(browser, owner);
  const settings = new SettingsAdminPage(ownerPage);
  await settings.goto();
  const imap = settings.mailChannel('imap');
  await expect(imap).toHaveAttribute('data-state', 'healthy');
  await expect(imap.getByTestId('mail-channel-server')).toHaveText(
    `imap://${dovecot.user}@127.0.0.1:${dovecot.port}/INBOX`,
  );
  await expect(imap).toContainText('Last answered');
  const smtp = settings.mailChannel('smtp');
  await expect(smtp).toHaveAttribute('data-state', 'healthy');
  await expect(smtp.getByTestId('mail-channel-server')).toHaveText(`smtp://127.0.0.1:${sink.port}`);
  expect(await ownerPage.content()).not.toContain(dovecot.password);

  // The mail server goes away: the owner sees it failing, with the error and its time.
  dovecot.stop();
  await expect
    .poll(
      async () => {
        await settings.goto();
        return settings.mailChannel('imap').getAttribute('data-state');
      },
      { timeout: 30_000 },
    )
    .toBe('failing');
  await expect(settings.mailChannel('imap').getByTestId('mail-channel-error')).toContainText(
    /ECONNREFUSED|closed|Connection/i,
  );
  expect(await ownerPage.content()).not.toContain(dovecot.password);
  // The desk keeps working without it.
  await new InboxPage(ownerPage).open();
  await ownerPage.context().close();
});
