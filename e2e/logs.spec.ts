import { type SmtpSink, startSmtpSink } from '../tests/support/smtp-sink';
import { expectAccessibleAtBothSizes } from './pages/accessibility-tour';
import { AskPage } from './pages/ask-page';
import { QuestionPage } from './pages/inbox-page';
import { ticketHash, withDeskDatabase } from './support/database';
import { expect, signIn, test } from './support/fixtures';
import { type OwnServer, startOwnServer } from './support/own-server';
import { freePort } from './support/ports';
import { sendRepliesAtOnce } from './support/undo-send';
import { ensureUser, testUser } from './support/users';

/**
 * The server's logs as an operator's log shipper reads them (LOG_FORMAT=json): a page that fails
 * shows staff a request id that the log has with the failure, and a whole journey (a question on
 * /ask and one through the intake API, drafted, a reply sent by email) leaves only JSON lines
 * with a level and a time, a request id on every request's line, and none of the customer's
 * words or the secrets the desk was given.
 */
test.describe.configure({ mode: 'serial' });

const MARKER = 'Quince-Marzipan-7319';
const API_MARKER = 'Damson-Praline-2286';
const CUSTOMER = { name: 'Quinn Marrow', email: 'quinn.marrow@example.com' };
const SECRETS = {
  smtpPassword: 'Proofing-Basket-5521-smtp',
  intakeKey: 'intake-Caraway-8842-key-0123456789',
  anthropicKey: 'sk-ant-test-Poppyseed-6630-key',
  deskSecret: 'desk-secret-Fennel-4417-abcdefghijklmnopqrstuvwxyz',
};
const person = testUser('log-reader');

let sink: SmtpSink;
let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  sink = await startSmtpSink(0, { login: { user: 'desk', pass: SECRETS.smtpPassword } });
  const port = await freePort();
  server = await startOwnServer({
    name: 'logs',
    port,
    env: {
      HOST: '127.0.0.1',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      BENCH_FLOOR: 'on',
      DRAFT_WORKER: 'on',
      DRAFT_MODEL: 'offline',
      ANTHROPIC_API_KEY: SECRETS.anthropicKey,
      INTAKE_API_KEY: SECRETS.intakeKey,
      DESK_SECRET: SECRETS.deskSecret,
      SMTP_URL: `smtp://desk:${SECRETS.smtpPassword}@127.0.0.1:${sink.port}`,
      MAIL_FROM: 'Juniper Street Bakery <hello@juniper.example>',
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    },
  });
  await ensureUser(person, server.database);
  await sendRepliesAtOnce(server.database);
});

test.afterEach(async ({ browserName: _ }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) console.log(server?.output());
});

test.afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

type Line = Record<string, unknown>;

/** Every line the server wrote (stdout and stderr), each parsed; a line that is not JSON fails. */
function logLines(): Line[] {
  const lines = server
    .output()
    .split('\n')
    .filter((line) => line.trim() !== '');
  const notJson = lines.filter((line) => {
    try {
      return typeof JSON.parse(line) !== 'object';
    } catch {
      return true;
    }
  });
  expect(notJson, 'lines that are not one JSON object').toEqual([]);
  return lines.map((line) => JSON.parse(line) as Line);
}

test('a page that fails shows staff the request id, and the log has the failure under it', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await signIn(page, person);
  const response = await page.goto('/floor/broken');
  expect(response?.status()).toBe(500);
  const requestId = response?.headers()['x-request-id'] ?? '';
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  await expect(
    page.getByRole('heading', { name: 'Something went wrong on our side' }),
  ).toBeVisible();
  // The digest the browser got is turned back into the id of the request that failed.
  await expect(page.getByTestId('error-reference')).toHaveText(requestId);
  await expectAccessibleAtBothSizes(page, 'the error page');

  // A page that fails on a navigation inside the desk (no new document, only the page's data
  // fetched) shows that request's own id.
  await page.goto('/account');
  const fetched = page.waitForResponse((r) => new URL(r.url()).pathname === '/floor/broken');
  await page.evaluate(() =>
    (window as unknown as { next: { router: { push: (href: string) => void } } }).next.router.push(
      '/floor/broken',
    ),
  );
  const navigationId = (await fetched).headers()['x-request-id'] ?? '';
  expect(navigationId).toMatch(/^[0-9a-f-]{36}$/);
  expect(navigationId).not.toBe(requestId);
  await expect(page.getByTestId('error-reference')).toHaveText(navigationId);

  const failed = logLines().filter((line) => line.requestId === requestId);
  expect(failed).toContainEqual(
    expect.objectContaining({ level: 'error', msg: 'a request failed', path: '/floor/broken' }),
  );
  // Next.js's own report of the error, with its stack, is a JSON line of that request too.
  expect(failed).toContainEqual(
    expect.objectContaining({
      level: 'error',
      err: expect.objectContaining({ message: expect.stringContaining('fails on purpose') }),
    }),
  );
  expect(failed).toContainEqual(
    expect.objectContaining({ area: 'http', msg: 'request', method: 'GET', status: 500 }),
  );
  await context.close();
});

test('a whole journey leaves JSON lines with request ids, and no customer words or secrets', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  // A customer asks on /ask, with an address so the reply goes by email.
  const customer = await browser.newContext({ baseURL: server.url });
  const ask = new AskPage(await customer.newPage());
  await ask.open();
  const ticket = await ask.askAndOpenTicket({
    ...CUSTOMER,
    text: `Can I pick up a rye loaf on Saturday at 10? ${MARKER}`,
  });
  await customer.close();
  // Another question comes through the intake API.
  const posted = await request.post(`${server.url}/api/questions`, {
    headers: { authorization: `Bearer ${SECRETS.intakeKey}` },
    data: { text: `Do you bake spelt bread? ${API_MARKER}`, customer: { name: 'Ida Intake' } },
  });
  expect(posted.status()).toBe(201);
  const { ticketUrl } = (await posted.json()) as { ticketUrl: string };

  // The worker drafts it; a person sends the draft, and it goes out by email.
  const drafted = () =>
    withDeskDatabase(
      (db) =>
        db.value<number>(
          `select id from questions where ticket_token = ? and status = 'drafted'`,
          ticketHash(ticket),
        ),
      server.database,
    );
  await expect.poll(drafted, { timeout: 30_000 }).toBeDefined();
  const questionId = Number(await drafted());
  const staff = await browser.newContext({ baseURL: server.url });
  const page = await staff.newPage();
  await signIn(page, person);
  const cookies = (await staff.cookies()).map((cookie) => cookie.value);
  const question = new QuestionPage(page);
  await question.open(questionId);
  await question.send();
  await expect
    .poll(() => sink.received.filter((m) => m.to.includes(CUSTOMER.email)).length, {
      timeout: 30_000,
    })
    .toBe(1);
  await staff.close();
  // Its shutdown's lines are read too.
  await server.stop();

  const lines = logLines();
  for (const line of lines) {
    expect(['trace', 'debug', 'info', 'warn', 'error', 'fatal']).toContain(line.level);
    expect(Number.isNaN(Date.parse(String(line.time))), JSON.stringify(line)).toBe(false);
  }
  const requests = lines.filter((line) => line.area === 'http' && line.msg === 'request');
  for (const line of requests) {
    expect(line.requestId, JSON.stringify(line)).toEqual(expect.stringMatching(/^[\w.:-]{8,64}$/));
    expect(line).toEqual(
      expect.objectContaining({
        method: expect.any(String),
        path: expect.any(String),
        status: expect.any(Number),
        ms: expect.any(Number),
      }),
    );
  }
  const seen = (method: string, path: string, status: number) =>
    requests.some((line) => line.method === method && line.path === path && line.status === status);
  expect(seen('POST', '/ask', 303) || seen('POST', '/ask', 200)).toBe(true);
  expect(seen('POST', '/api/questions', 201)).toBe(true);
  // The ticket link's token is its only key: logged as [token].
  expect(seen('GET', '/t/[token]', 200)).toBe(true);
  expect(seen('GET', `/inbox/${questionId}`, 200)).toBe(true);
  // Each request's id is its own, but for the page an action redirects to: Next.js fetches it
  // from itself with the action's headers, so it is logged under the action's id.
  const byId = new Map<unknown, Line[]>();
  for (const line of requests)
    byId.set(line.requestId, [...(byId.get(line.requestId) ?? []), line]);
  for (const group of byId.values()) {
    if (group.length === 1) continue;
    expect(group.map((line) => line.method).sort(), JSON.stringify(group)).toEqual(['GET', 'POST']);
  }
  expect(byId.size).toBeGreaterThan(requests.length * 0.9);
  // The draft's and the email's lines carry the question's id (and the reply's); every worker
  // line that names a question carries its id.
  expect(lines).toContainEqual(
    expect.objectContaining({ area: 'drafting', questionId, status: 'drafted', level: 'info' }),
  );
  expect(lines).toContainEqual(
    expect.objectContaining({
      area: 'email',
      questionId,
      replyId: expect.any(Number),
      level: 'info',
    }),
  );
  for (const line of lines.filter((l) => l.area === 'drafting' || l.area === 'email')) {
    const named = /\b(?:question|conversation) (\d+)\b/.exec(String(line.msg))?.[1];
    if (named) expect(line.questionId, JSON.stringify(line)).toBe(Number(named));
  }

  const output = server.output();
  const ticketToken = ticket.split('/').pop() ?? '';
  const apiTicketToken = ticketUrl.split('/').pop() ?? '';
  for (const [what, text] of Object.entries({
    'the customer’s words': MARKER,
    'the API question’s words': API_MARKER,
    'the customer’s name': CUSTOMER.name,
    'the customer’s address': CUSTOMER.email,
    'the ticket token': ticketToken,
    'the API ticket token': apiTicketToken,
    'the person’s password': person.password,
    ...SECRETS,
  })) {
    expect(text.length, what).toBeGreaterThan(8);
    expect(output.includes(text), `${what} is in the log`).toBe(false);
  }
  for (const cookie of cookies.filter((value) => value.length >= 16)) {
    expect(output.includes(cookie), 'a cookie is in the log').toBe(false);
  }
});
