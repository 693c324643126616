import { request as newRequest } from '@playwright/test';
import { AskPage } from './pages/ask-page';
import { InboxPage } from './pages/inbox-page';
import { expect, test } from './support/fixtures';
import { type OwnServer, startOwnServer } from './support/own-server';
import { ensureUser, staff } from './support/users';

/**
 * Two app servers on one database, as an operator runs them behind a load balancer: two
 * `npm start` processes on the same SQLite file, or on the same PostgreSQL database in a
 * PostgreSQL run. A question that arrives on one shows in the inbox open on the other as it
 * arrives, through the inbox's live feed (which sees the other process's commit: SQLite's
 * data_version, PostgreSQL's NOTIFY), with no reload. A customer's limit on questions is one
 * allowance across both servers, not one each.
 */
const intakeKey = 'two-servers-key';
let serverA: OwnServer;
let serverB: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  serverA = await startOwnServer({
    name: 'two-servers-a',
    // As behind one load balancer on this machine: each customer's address is forwarded.
    env: { INTAKE_API_KEY: intakeKey, TRUSTED_PROXIES: '127.0.0.1' },
  });
  serverB = await startOwnServer({
    name: 'two-servers-b',
    env: { TRUSTED_PROXIES: '127.0.0.1' },
    database: serverA.database,
  });
  await ensureUser(staff, serverA.database);
});

test.afterAll(async () => {
  await serverB?.stop();
  await serverA?.stop();
});

test('a question asked on one server shows live in the inbox open on another server on the same database @postgres', async ({
  browser,
}) => {
  // Staff sign in on server B and keep its inbox open (drafting is off on both servers, so the
  // new questions wait in "In progress").
  const deskContext = await browser.newContext({ baseURL: serverB.url });
  const desk = await deskContext.newPage();
  const signedIn = await desk.request.post('/api/auth/sign-in', {
    data: { email: staff.email, password: staff.password },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const inbox = new InboxPage(desk);
  await inbox.open('?group=inProgress');
  await expect(inbox.row('Hazel Intake')).toHaveCount(0);
  await expect(inbox.row('Juniper Walk-in')).toHaveCount(0);
  // Marks this document: a reload or a navigation would start a new one without it.
  await desk.evaluate(() => {
    (window as unknown as { sameDocument?: boolean }).sameDocument = true;
  });

  // The intake API on server A.
  const api = await newRequest.newContext({ baseURL: serverA.url });
  const asked = await api.post('/api/questions', {
    headers: { authorization: `Bearer ${intakeKey}` },
    data: { text: 'Do you bake rye on Sundays?', customer: { name: 'Hazel Intake' } },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  await api.dispose();
  const hazel = inbox.row('Hazel Intake');
  await expect(hazel).toHaveCount(1);
  await expect(hazel).toContainText('Do you bake rye on Sundays?');

  // A customer's /ask form on server A.
  const customerContext = await browser.newContext({ baseURL: serverA.url });
  const ask = new AskPage(await customerContext.newPage());
  await ask.open();
  await ask.askAndOpenTicket({ name: 'Juniper Walk-in', text: 'Is the seeded loaf vegan?' });
  await customerContext.close();
  const juniper = inbox.row('Juniper Walk-in');
  await expect(juniper).toHaveCount(1);
  await expect(juniper).toContainText('Is the seeded loaf vegan?');

  // Both arrived in the document as it was: a reload would have made a new one.
  expect(
    await desk.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
  ).toBe(true);
  await inbox.waitUntilLive();
  await deskContext.close();
});

test('a customer limited to ten questions a minute gets ten across both servers, not ten on each @postgres', async ({
  browser,
}) => {
  const askOn = async (server: OwnServer) => {
    const context = await browser.newContext({
      baseURL: server.url,
      extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.88' },
    });
    return { context, ask: new AskPage(await context.newPage()) };
  };
  const onA = await askOn(serverA);
  const onB = await askOn(serverB);
  for (let i = 1; i <= 10; i++) {
    const { ask } = i % 2 ? onA : onB;
    await ask.open();
    await ask.askAndOpenTicket({ name: 'Busy Both', text: `Question number ${i}` });
  }
  for (const { ask } of [onA, onB]) {
    await ask.open();
    await ask.ask({ name: 'Busy Both', text: 'One too many' });
    await expect(ask.status()).toContainText('Please wait');
  }
  await onA.context.close();
  await onB.context.close();
});
