import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { type Dovecot, startDovecot } from '../tests/support/dovecot';
import { type FakeOpenAI, fakeChat, startFakeOpenAI } from '../tests/support/fake-openai';
import { type SmtpSink, startSmtpSink } from '../tests/support/smtp-sink';
import { AppHeader, SetupPage } from './pages/account-pages';
import { HoursAdminPage } from './pages/admin-pages';
import { AskPage } from './pages/ask-page';
import { EmailSettingsPage } from './pages/email-settings-page';
import {
  expectAccessibleAtBothSizes,
  GuidedStartPage,
  guidedStartBanner,
  JoinPage,
} from './pages/guided-start-pages';
import { InboxPage, QuestionPage } from './pages/inbox-page';
import { ModelSettingsPage } from './pages/model-settings-page';
import { ticketHash, withDeskDatabase } from './support/database';
import { expect, signIn, test } from './support/fixtures';
import { type OwnServer, startOwnServer } from './support/own-server';
import { readSetupCode } from './support/setup-code';
import { sendRepliesAtOnce } from './support/undo-send';
import { owner, testUser } from './support/users';

/**
 * Everything an owner does from the browser, on one fresh desk and one server process started
 * before any of it: setup and the guided start (time zone from the list, hours, a CSV menu with
 * one bad row refused then fixed, a colleague by invite link in a browser of their own, the
 * examples removed in one step); then Settings connects the test suite's fake OpenAI-compatible
 * model and the next question is drafted by it; then Settings connects the suite's SMTP server
 * and Dovecot, and a question emailed in is answered by email. Each step builds on the one
 * before, so they run in order and stop at the first failure. The side roads (refused links,
 * Skip, the unreadable key, refused ports and passwords, axe on the forms' errors) live in
 * guided-start, model-settings and email-settings.spec.ts.
 */
test.describe.configure({ mode: 'serial' });

const API_KEY = 'sk-test-journey-Pumpernickel-7Rk2';
const answer = 'Yes, we open at 7 tomorrow, and the rye loaves are out by 8.';
const SMTP_USER = 'desk';
const SMTP_PASSWORD = 'Oven-Mitt-4417-smtp';
const NONE = 'None (only for a server on this machine or network)';
const emailedQuestion = readFileSync(join(import.meta.dirname, '../tests/fixtures/mail/plain.eml'));

const header = 'name,price,notice days,allergens';
const menuWithOneBadRow = [
  header,
  'Rye loaf,6.50,0,wheat',
  '"Croissant, butter",3.25,0,"wheat; milk; eggs"',
  'Birthday cake,forty,3,"wheat; milk; eggs"',
  'Sourdough,7.00,1,none',
  'Lemonade,2.00,0,',
];
const menuFixed = menuWithOneBadRow.map((row) =>
  row.startsWith('Birthday cake') ? 'Birthday cake,40.00,3,"wheat; milk; eggs"' : row,
);

let api: FakeOpenAI;
let sink: SmtpSink;
let dovecot: Dovecot;
let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  // Started side by side; each kept as it starts, so afterAll stops it even if another failed.
  const started = await Promise.allSettled([
    startFakeOpenAI({ whenEmpty: fakeChat.text(answer) }).then((fake) => {
      api = fake;
    }),
    startSmtpSink(0, { login: { user: SMTP_USER, pass: SMTP_PASSWORD } }).then((smtp) => {
      sink = smtp;
    }),
    startDovecot().then((imap) => {
      dovecot = imap;
    }),
    startOwnServer({
      name: 'owner-from-browser',
      // Nothing of a model or email in the environment: the owner decides in Settings.
      env: {
        HOST: '127.0.0.1',
        DRAFT_MODEL: '',
        DRAFT_WORKER: 'on',
        OPENAI_MAX_RETRIES: '0',
        IMAP_POLL_MS: '500',
      },
    }).then((desk) => {
      server = desk;
    }),
  ]);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
});

test.afterEach(async ({ browserName: _ }, testInfo) => {
  // What the server said is the first thing to read when this journey fails.
  if (testInfo.status !== testInfo.expectedStatus) console.log(server?.output());
});

test.afterAll(async () => {
  await server?.stop();
  await api?.close();
  await sink?.close();
  dovecot?.stop();
});

const desk = (query: string) => withDeskDatabase((db) => db.value<number>(query), server.database);

async function ownerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await signIn(page, owner);
  return page;
}

/**
 * Asks at /ask as a customer (a browser of their own) and returns the run that drafted it;
 * `promised` checks what the form, then the ticket page, say of email.
 */
async function askAndWaitForDraft(
  browser: Browser,
  question: { name: string; email?: string; text: string },
  promised?: { onForm: (ask: AskPage) => Promise<void>; onTicket: (ask: AskPage) => Promise<void> },
) {
  const context = await browser.newContext({ baseURL: server.url });
  const ask = new AskPage(await context.newPage());
  await ask.open();
  await promised?.onForm(ask);
  const ticket = await ask.askAndOpenTicket(question);
  await promised?.onTicket(ask);
  await context.close();
  const read = () =>
    withDeskDatabase(
      (db) =>
        db.row<{ model: string; draftText: string }>(
          `select r.model, q.draft_text as "draftText" from questions q
           join agent_runs r on r.id = q.draft_run_id
           where q.ticket_token = ? and q.status = 'drafted'`,
          ticketHash(ticket),
        ),
      server.database,
    );
  await expect.poll(read, { timeout: 30_000 }).toBeDefined();
  return read();
}

test('setup, then the guided start: the bakery, hours, a menu from a CSV, a colleague by invite link, the examples removed in one step', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto('/setup');
  await new SetupPage(page).createOwner({
    ...owner,
    setupCode: readSetupCode(server.databasePath),
  });
  await expect(page).toHaveURL(/\/admin\/start$/);
  const start = new GuidedStartPage(page);

  // 1. The bakery: the time zone found by typing and chosen from the list by keyboard.
  await start.expectStep('Your bakery');
  await expectAccessibleAtBothSizes(page);
  await start.fillBakery({
    name: 'Rye & Shine',
    contact: 'Call us at 030 1234 5678.',
    locale: 'en-GB',
    currency: 'EUR',
  });
  await start.chooseTimezone('ber', 'Europe/Berlin');
  await expectAccessibleAtBothSizes(page);
  await start.saveBakery();
  expect(
    await withDeskDatabase(
      (db) => db.row('select name, timezone, locale, currency, contact from bakery'),
      server.database,
    ),
  ).toEqual({
    name: 'Rye & Shine',
    timezone: 'Europe/Berlin',
    locale: 'en-GB',
    currency: 'EUR',
    contact: 'Call us at 030 1234 5678.',
  });
  await expect(page.getByTestId('shell-bakery-name')).toHaveText('Rye & Shine');

  // 2. Weekly hours, saved through the hours page's own form.
  await start.expectStep('Weekly hours');
  await expectAccessibleAtBothSizes(page);
  const hours = new HoursAdminPage(page);
  await hours.setDay('Monday', { opens: '06:30', closes: '14:00' });
  await page.getByLabel('Monday closed').uncheck();
  await hours.save();
  await expect(page.getByRole('status').filter({ hasText: 'Hours saved.' })).toBeVisible();
  expect(await desk('select opens from weekly_hours where weekday = 1')).toBe('06:30');
  await start.continue();

  // 3. The menu from a CSV of five items: one bad row refuses the whole file, then it is fixed.
  await start.expectStep('Menu');
  await expectAccessibleAtBothSizes(page);
  const exampleMenu = await desk('select count(*) from menu_items');
  await start.importCsv({ name: 'menu.csv', rows: menuWithOneBadRow });
  await expect(start.csvProblems).toHaveText([
    'Row 4: Price: Enter the price as a number, such as 3.25.',
  ]);
  expect(Number(await desk('select count(*) from menu_items'))).toBe(Number(exampleMenu));
  expect(Number(await desk("select count(*) from menu_items where name = 'Rye loaf'"))).toBe(0);
  await expectAccessibleAtBothSizes(page);
  await start.importCsv({ name: 'menu-fixed.csv', rows: menuFixed });
  await expect(start.menuImported).toHaveText('Imported 5 items: the menu now holds only those.');
  expect(
    await withDeskDatabase(
      (db) => db.rows('select name, price_cents from menu_items order by name'),
      server.database,
    ),
  ).toEqual([
    { name: 'Birthday cake', price_cents: 4000 },
    { name: 'Croissant, butter', price_cents: 325 },
    { name: 'Lemonade', price_cents: 200 },
    { name: 'Rye loaf', price_cents: 650 },
    { name: 'Sourdough', price_cents: 700 },
  ]);
  await start.continue();

  // 4. Staff: an invite link, opened in another browser where the new person chooses a password.
  await start.expectStep('Staff');
  await expectAccessibleAtBothSizes(page);
  const colleague = testUser('invited-ines');
  const link = await start.inviteColleague(colleague);
  expect(link).toMatch(new RegExp(`^${server.url}/join/[A-Za-z0-9_-]{43}$`));
  await expect(start.openInvites).toContainText(colleague.email);
  await expectAccessibleAtBothSizes(page);
  // Only the link's hash is kept.
  const token = link.split('/join/')[1] ?? '';
  expect(await desk('select token_hash from staff_invites')).toBe(
    createHash('sha256').update(token).digest('hex'),
  );

  const theirs = await browser.newContext({ baseURL: server.url });
  try {
    const newcomer = await theirs.newPage();
    await newcomer.goto(link);
    await expect(newcomer.getByRole('heading', { name: 'Join the desk' })).toBeVisible();
    await expectAccessibleAtBothSizes(newcomer);
    const join = new JoinPage(newcomer);
    await join.choosePassword(colleague.password, 'a different password entirely');
    await expect(newcomer.locator('#confirmPassword-error')).toHaveText(
      'The two passwords differ.',
    );
    await join.choosePassword(colleague.password);
    await expect(newcomer).toHaveURL(/\/inbox$/);
    await expect(new AppHeader(newcomer).signedInUser).toHaveText(`${colleague.name} (staff)`);
    // Used once: the link opens nothing now.
    await newcomer.goto(link);
    await expect(join.closed).toHaveText(
      'This invite link has already been used to choose a password. Sign in instead.',
    );
    await expectAccessibleAtBothSizes(newcomer);
  } finally {
    await theirs.close();
  }
  await page.reload();
  await expect(page.getByText('No invite links are waiting to be used.')).toBeVisible();
  await start.continue();

  // 5. Email and a model: links to Settings, left for later (the next two steps).
  await start.expectStep('Email and a model');
  await expectAccessibleAtBothSizes(page);
  await expect(page.getByRole('link', { name: 'Connect email in Settings' })).toBeVisible();
  await start.continue();

  // 6. The example questions, removed in one step.
  await start.expectStep('Example questions');
  await expectAccessibleAtBothSizes(page);
  const examples = Number(await desk("select count(*) from questions where channel = 'sample'"));
  expect(examples).toBeGreaterThan(0);
  await expect(start.exampleCount).toContainText(`${examples} example questions`);
  await expect(await start.removeExamples()).toHaveText(`Removed ${examples} example questions.`);
  expect(Number(await desk("select count(*) from questions where channel = 'sample'"))).toBe(0);
  expect(Number(await desk("select count(*) from audit_log where action = 'samples.remove'"))).toBe(
    1,
  );
  await expectAccessibleAtBothSizes(page);

  // Finishing ends the guided start: no more way back on the owner's pages.
  await start.finish();
  expect(await desk('select first_run from bakery')).toBe('done');
  await expect(guidedStartBanner(page)).toHaveCount(0);
  await context.close();
});

test('Settings connects the fake OpenAI-compatible model, Test passes, and the next question is drafted by it without a restart', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await ownerPage(browser);
  const settings = new ModelSettingsPage(page);
  await settings.goto();
  await expect(settings.drafter).toHaveText('Drafts are written by the offline drafter.');
  // Before email is connected, no address is asked for: the answer will be on the ticket page,
  // whose link the customer is given to keep.
  const first = await askAndWaitForDraft(
    browser,
    { name: 'Bea', text: 'Are you open on Sunday?' },
    {
      onForm: async (ask) => {
        await expect(ask.page.getByTestId('ask-answer-on-page')).toBeVisible();
        await expect(ask.page.getByLabel(/^Email/)).toHaveCount(0);
      },
      onTicket: (ask) => expect(ask.page.getByTestId('ticket-keep-link')).toBeVisible(),
    },
  );
  expect(first?.model).toBe('offline drafter');

  await settings.fillOpenAI({ key: API_KEY, model: 'gpt-4.1', baseUrl: api.baseURL });
  const sent = api.requests.length;
  const verdict = await settings.test();
  await expect(verdict).toHaveText(/^Works: gpt-4\.1 answered in \d+ ms with the desk's tools/);
  await expect(verdict).toHaveAttribute('data-ok', 'true');
  expect(api.requests.length).toBe(sent + 1);
  expect(api.requests.at(-1)?.headers.authorization).toBe(`Bearer ${API_KEY}`);
  // A test saves nothing.
  await page.reload();
  await expect(settings.drafter).toHaveText('Drafts are written by the offline drafter.');

  await settings.fillOpenAI({ key: API_KEY, model: 'gpt-4.1', baseUrl: api.baseURL });
  await settings.save();
  await expect(settings.saved).toHaveText('Saved. The next draft uses it.');
  await expect(settings.drafter).toHaveText(
    `Drafts are written by an OpenAI-compatible model (gpt-4.1 at ${api.baseURL}).`,
  );
  await expect(settings.keyState).toHaveText(`API key: Set, ends in …${API_KEY.slice(-4)}`);
  // The key never comes back to the browser, in the page or its data.
  await page.reload();
  expect(await page.content()).not.toContain(API_KEY);
  await expect(settings.form.getByRole('button', { name: 'Replace' })).toBeVisible();

  // The saved key is what "Test" uses now.
  await expect(await settings.test()).toHaveAttribute('data-ok', 'true');
  expect(api.requests.at(-1)?.headers.authorization).toBe(`Bearer ${API_KEY}`);

  const before = api.requests.length;
  expect(
    await askAndWaitForDraft(browser, { name: 'Maya', text: 'Are you open tomorrow morning?' }),
  ).toEqual({ model: 'gpt-4.1', draftText: answer });
  expect(api.requests.length).toBeGreaterThan(before);
  expect(server.output()).not.toContain(API_KEY);
  await page.context().close();
});

test('Settings connects email to the SMTP server and Dovecot, both checks pass, and a question emailed in is answered by email', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  await sendRepliesAtOnce(server.database);
  const page = await ownerPage(browser);
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

  // Outgoing: the test email reaches the owner, then the settings are saved.
  await settings.fillOutgoing({
    provider: 'Another provider (fill in the server below)',
    host: '127.0.0.1',
    port: sink.port,
    security: NONE,
    user: SMTP_USER,
    password: SMTP_PASSWORD,
    from: 'Rye and Shine Bakery <orders@ryeandshine.example>',
  });
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

  // A question emailed in is drafted by the connected model; the reply sent from the inbox
  // arrives by email.
  await dovecot.append(emailedQuestion);
  const inbox = new InboxPage(page);
  await inbox.open();
  const row = inbox.row('Ada Lovelace');
  await expect(row.getByTestId('status-badge')).toHaveText('Needs review', { timeout: 30_000 });
  await row.click();
  const question = new QuestionPage(page);
  await expect(question.editor).toHaveValue(answer);
  const reply = 'Yes, Ada: a rye loaf will be waiting for you on Saturday at 10.';
  await question.editor.fill(reply);
  await question.send();
  await expect
    .poll(() => sink.received.filter((m) => m.to.includes('ada@example.com')).length, {
      timeout: 60_000,
    })
    .toBe(1);
  const emails = sink.received.filter((m) => m.to.includes('ada@example.com'));
  expect(emails[0]?.email.header('from')).toContain('orders@ryeandshine.example');
  expect(emails[0]?.email.header('in-reply-to')).toBe('<plain-1@example.com>');
  expect(emails[0]?.email.text).toContain(reply);
  expect(emails[0]?.email.text).toContain(`${server.url}/t/`);
  // Its mail workers were restarted inside the running server.
  expect(server.output()).toContain(
    'emailing sent replies from Rye and Shine Bakery <orders@ryeandshine.example>',
  );
  expect(server.output()).not.toContain(SMTP_PASSWORD);
  // One server process all along: it started once, before setup.
  expect(server.output().match(/Ready in/g)).toHaveLength(1);
  await page.context().close();
});
