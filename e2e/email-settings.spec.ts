import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { type Dovecot, startDovecot } from '../tests/support/dovecot';
import { type SmtpSink, startSmtpSink } from '../tests/support/smtp-sink';
import { AskPage } from './pages/ask-page';
import { EmailSettingsPage } from './pages/email-settings-page';
import { InboxPage, QuestionPage } from './pages/inbox-page';
import { expectNoAxeViolations } from './support/axe';
import { expect, signIn, test } from './support/fixtures';
import { type OwnServer, startOwnServer } from './support/own-server';
import { sendRepliesAtOnce } from './support/undo-send';
import { ensureUser, owner, type TestUser } from './support/users';

/**
 * The owner connects email in Settings, on a desk whose environment says nothing of email: the
 * test suite's SMTP server (which wants a login) and Dovecot, both checks passing; then a
 * question emailed in is drafted and the reply sent from the inbox arrives by email, all on the
 * one server process started before any of it.
 */
const SMTP_USER = 'desk';
const SMTP_PASSWORD = 'Oven-Mitt-4417-smtp';
const NONE = 'None (only for a server on this machine or network)';
const fixture = readFileSync(join(import.meta.dirname, '../tests/fixtures/mail/plain.eml'));

let dovecot: Dovecot;
let sink: SmtpSink;
let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dovecot = await startDovecot();
  sink = await startSmtpSink(0, { login: { user: SMTP_USER, pass: SMTP_PASSWORD } });
  server = await startOwnServer({
    name: 'email-settings',
    env: { DRAFT_WORKER: 'on', IMAP_POLL_MS: '500', HOST: '127.0.0.1' },
  });
  await ensureUser(owner, server.database);
  await sendRepliesAtOnce(server.database);
});

test.afterEach(async ({ browserName: _ }, testInfo) => {
  // What the server said is the first thing to read when this journey fails.
  if (testInfo.status !== testInfo.expectedStatus) console.log(server.output());
});

test.afterAll(async () => {
  await server?.stop();
  dovecot?.stop();
  await sink?.close();
});

async function deskPage(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

test('the owner connects email in Settings, both checks pass, and an emailed question is answered by email without a restart', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // Before email is connected, customers are told the answer will be on their ticket page only.
  const before = await browser.newContext({ baseURL: server.url });
  const early = new AskPage(await before.newPage());
  await early.open();
  await expect(early.page.getByText('Your answer will be on the page you see next')).toBeVisible();
  await early.askAndOpenTicket({ name: 'Bea', email: 'bea@example.com', text: 'Rye today?' });
  await expect(early.page.getByTestId('ticket-pending')).toContainText('it is not sent by email');
  await before.close();

  const page = await deskPage(browser, owner);
  const settings = new EmailSettingsPage(page);
  await settings.goto();
  await expect(settings.channel('smtp')).toHaveAttribute('data-state', 'not configured');
  // The public address is suggested from the address the owner is using.
  await expect(settings.outgoing.getByLabel('The desk’s public address')).toHaveValue(server.url);

  // A preset fills the server, port and security, and says where an app password comes from.
  await settings.choosePreset(settings.outgoing, 'Gmail / Google Workspace');
  await expect(settings.outgoing.getByLabel('Server', { exact: true })).toHaveValue(
    'smtp.gmail.com',
  );
  await expect(settings.outgoing.getByLabel('Port')).toHaveValue('587');
  await expect(settings.outgoing.getByTestId('preset-hint')).toContainText('app password');

  // Outgoing: a wrong port is refused beside its field; then the test email reaches the owner.
  await settings.fillOutgoing({
    provider: 'Another provider (fill in the server below)',
    host: '127.0.0.1',
    port: 70000,
    security: NONE,
    user: SMTP_USER,
    password: SMTP_PASSWORD,
    from: 'Juniper Street Bakery <orders@juniper.example>',
  });
  await settings.submit(settings.outgoing);
  await expect(
    settings.outgoing.getByText('A port is a whole number from 1 to 65535'),
  ).toBeVisible();
  await settings.outgoing.getByLabel('Port').fill(String(sink.port));
  await settings.outgoing.getByLabel(/^(New )?[Pp]assword$/).fill('not-the-password');
  const refused = await settings.sendTestEmail();
  await expect(refused).toHaveAttribute('data-ok', 'false');
  await expect(refused).toContainText('535 5.7.8 Authentication credentials invalid');
  await settings.outgoing.getByLabel(/^(New )?[Pp]assword$/).fill(SMTP_PASSWORD);
  const sent = await settings.sendTestEmail();
  await expect(sent).toHaveAttribute('data-ok', 'true');
  await expect(sent).toContainText(`Sent to ${owner.email}`);
  expect(sink.received.filter((m) => m.to.includes(owner.email))).toHaveLength(1);
  await expect(await settings.save(settings.outgoing)).toContainText('saved');
  await expect(settings.passwordState(settings.outgoing)).toHaveText(
    `Set, ends in …${SMTP_PASSWORD.slice(-4)}`,
  );

  // Incoming: the mailbox check signs in to Dovecot and counts its emails.
  await settings.fillIncoming({
    host: '127.0.0.1',
    port: dovecot.port,
    security: NONE,
    user: dovecot.user,
    password: dovecot.password,
  });
  const checked = await settings.checkMailbox();
  await expect(checked).toHaveAttribute('data-ok', 'true');
  await expect(checked).toContainText('Signed in. “INBOX” holds 0 emails');
  await expect(await settings.save(settings.incoming)).toContainText('saved');
  await expect(settings.passwordState(settings.incoming)).toHaveText(
    `Set, ends in …${dovecot.password.slice(-4)}`,
  );
  // Neither password ever comes back to the browser.
  const html = await page.content();
  expect(html).not.toContain(SMTP_PASSWORD);
  expect(html).not.toContain(dovecot.password);

  // The running server restarted its mail workers with the saved settings.
  await expect
    .poll(
      async () => {
        await settings.goto();
        return [
          await settings.channel('smtp').getAttribute('data-state'),
          await settings.channel('imap').getAttribute('data-state'),
        ];
      },
      { timeout: 30_000 },
    )
    .toEqual(['healthy', 'healthy']);

  // Customers are now promised the answer by email.
  const customer = await browser.newContext({ baseURL: server.url });
  const ask = new AskPage(await customer.newPage());
  await ask.open();
  await expect(ask.page.getByText('We’ll email you the answer')).toBeVisible();
  await ask.askAndOpenTicket({ name: 'Cal', email: 'cal@example.com', text: 'Spelt today?' });
  await expect(ask.page.getByTestId('ticket-email-promise')).toHaveText(
    'We’ll also email the answer to cal@example.com.',
  );
  await customer.close();

  // A question emailed in is drafted; the reply sent from the inbox arrives by email.
  await dovecot.append(fixture);
  const inbox = new InboxPage(page);
  await inbox.open();
  const row = inbox.row('Ada Lovelace');
  await expect(row.getByTestId('status-badge')).toHaveText('Needs review', { timeout: 30_000 });
  await row.click();
  const question = new QuestionPage(page);
  await expect(question.editor).not.toHaveValue('');
  const reply = 'Yes, Ada: a rye loaf will be waiting for you on Saturday at 10.';
  await question.editor.fill(reply);
  await question.send();
  await expect
    .poll(() => sink.received.filter((m) => m.to.includes('ada@example.com')).length, {
      timeout: 60_000,
    })
    .toBe(1);
  const emails = sink.received.filter((m) => m.to.includes('ada@example.com'));
  expect(emails).toHaveLength(1);
  expect(emails[0]?.email.header('from')).toContain('orders@juniper.example');
  expect(emails[0]?.email.header('in-reply-to')).toBe('<plain-1@example.com>');
  expect(emails[0]?.email.text).toContain(reply);
  expect(emails[0]?.email.text).toContain(`${server.url}/t/`);
  // One server process all along: its mail workers were restarted inside it.
  expect(server.output()).toContain(
    '[email] emailing sent replies from Juniper Street Bakery <orders@juniper.example>',
  );
  expect(server.output()).not.toContain(SMTP_PASSWORD);
  await page.context().close();
});

test('the Settings page with its email forms passes axe at desktop and phone sizes', async ({
  browser,
}) => {
  const page = await deskPage(browser, owner);
  const settings = new EmailSettingsPage(page);
  for (const size of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await settings.goto();
    await settings.choosePreset(settings.outgoing, 'Fastmail');
    await expectNoAxeViolations(page);
  }
  // The check's result and the form's errors pass too.
  await settings.incoming.getByLabel('Port').fill('abc');
  await settings.submit(settings.incoming);
  await expect(settings.incoming.getByText('A port is a whole number')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.context().close();
});
