import type { Browser, Page } from '@playwright/test';
import { type SmtpSink, startSmtpSink } from '../tests/support/smtp-sink';
import { EmailSettingsPage } from './pages/email-settings-page';
import { expectNoAxeViolations } from './support/axe';
import { expect, signIn, test } from './support/fixtures';
import { type OwnServer, startOwnServer } from './support/own-server';
import { ensureUser, owner, type TestUser } from './support/users';

/**
 * The email settings' side roads, against the test suite's SMTP server (which wants a login):
 * a port out of range refused beside its field, a wrong password failing with the server's own
 * words, and axe over the forms and their errors. Connecting outgoing and incoming mail with
 * both checks passing, and a question emailed in answered by email, are the owner's journey in
 * e2e/owner-from-browser.spec.ts.
 */
const SMTP_USER = 'desk';
const SMTP_PASSWORD = 'Oven-Mitt-4417-smtp';
const NONE = 'None (only for a server on this machine or network)';

let sink: SmtpSink;
let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  sink = await startSmtpSink(0, { login: { user: SMTP_USER, pass: SMTP_PASSWORD } });
  server = await startOwnServer({ name: 'email-settings', env: { HOST: '127.0.0.1' } });
  await ensureUser(owner, server.database);
});

test.afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

async function deskPage(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

test('outgoing mail refuses a port out of range beside its field, and a wrong password fails with the server’s own words', async ({
  browser,
}) => {
  const page = await deskPage(browser, owner);
  const settings = new EmailSettingsPage(page);
  await settings.goto();
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
  expect(sink.received).toHaveLength(0);
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
