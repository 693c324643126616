import { connect } from 'node:net';
import { type APIRequestContext, request as newRequest } from '@playwright/test';
import { LoginPage, SetupPage } from './pages/account-pages';
import { AskPage } from './pages/ask-page';
import { type DeskDatabase, withDeskDatabase } from './support/database';
import { expect, test } from './support/fixtures';
import { type OwnServer, startOwnServer } from './support/own-server';
import { readSetupCode, setupCodeFileMode } from './support/setup-code';
import { ensureUser, owner } from './support/users';

// A desk started the way the README says (`npm start`, nothing configured) on a fresh database:
// what an attacker on the network, or a web page in the owner's browser, can do to it. The tests
// run in order on one server; each also stands alone (`-g`), creating the owner if it needs one.

let server: OwnServer;
let api: APIRequestContext;
let port: number;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startOwnServer({ name: 'fresh-install' });
  port = server.port;
  api = await newRequest.newContext({ baseURL: server.url });
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

function canConnect(host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The status code of one raw HTTP/1.1 request line sent to the server. */
function rawStatus(requestLine: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let reply = '';
    socket.once('connect', () =>
      socket.write(
        `${requestLine} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
      ),
    );
    socket.on('data', (chunk) => {
      reply += chunk;
    });
    socket.once('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(reply)?.[1] ?? 0)));
    socket.once('error', reject);
  });
}

function readDatabase<T>(read: (db: DeskDatabase) => Promise<T>): Promise<T> {
  return withDeskDatabase(read, server.database);
}

const userCount = () => readDatabase((db) => db.value('select count(*) from users'));

test('a fresh install listens on 127.0.0.1 only and prints a one-time setup code', async () => {
  expect(await canConnect('127.0.0.1')).toBe(true);
  // Every 127/8 address reaches this machine: a server on all interfaces would answer here.
  expect(await canConnect('127.0.0.2')).toBe(false);

  const code = readSetupCode(server.databasePath);
  expect(server.output()).toContain(`the setup code: ${code}`);
  expect(setupCodeFileMode(server.databasePath)).toBe(0o600);
  // Not served: it is not under public/, and no route reads it.
  const probe = await api.get(`/desk.db-setup-code`);
  expect(probe.status()).toBe(404);
});

test('a page on another host name gets nothing, not even the setup form (DNS rebinding)', async () => {
  const home = await api.get('/', { headers: { host: `rebind.evil.example:${port}` } });
  expect(home.status()).toBe(400);
  const setup = await api.get('/setup', { headers: { host: `rebind.evil.example:${port}` } });
  expect(setup.status()).toBe(400);
  const forwarded = await api.get('/setup', { headers: { 'x-forwarded-host': 'evil.example' } });
  expect(forwarded.status()).toBe(400);
  // A setup post from that page: refused before anything is read.
  const post = await api.post('/setup', {
    headers: {
      host: `rebind.evil.example:${port}`,
      origin: `http://rebind.evil.example:${port}`,
      'next-action': '00'.repeat(21),
    },
    multipart: { '0': '["$undefined","$K1"]', '1_name': 'Mallory' },
  });
  expect(post.status()).toBe(400);
  // The machine's own names still work.
  expect((await api.get('/', { headers: { host: `localhost:${port}` } })).status()).toBe(200);
  expect(await userCount()).toBe(0);
});

test('creating the owner needs the printed setup code', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto('/setup');
  const setup = new SetupPage(page);
  await setup.createOwner({ ...owner, setupCode: '' });
  await expect(page.locator('#setupCode-error')).toHaveText('Enter the setup code.');
  await setup.createOwner({ ...owner, setupCode: 'AAAA-BBBB-CCCC' });
  await expect(page.locator('#setupCode-error')).toContainText('not the setup code');
  expect(await userCount()).toBe(0);

  await setup.createOwner({ ...owner, setupCode: readSetupCode(server.databasePath) });
  await expect(page).toHaveURL(/\/admin\/start$/);
  expect(await userCount()).toBe(1);
  await context.close();
});

test('malformed, non-form, oversized and odd-method requests get a 4xx, never a 500', async ({
  browser,
}) => {
  await ensureUser(owner, server.database);
  // A real sign-in post, to learn the action's id and headers as a browser sends them.
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.goto();
  const posted = page.waitForRequest((r) => r.method() === 'POST' && !!r.headers()['next-action']);
  await login.signIn({ email: owner.email, password: 'not the password' });
  const actionId = (await posted).headers()['next-action'] ?? '';
  expect(actionId).not.toBe('');
  await context.close();

  const action = { 'next-action': actionId, origin: server.url };
  const cases: [string, Promise<{ status: () => number }>, number][] = [
    [
      'a text body with arguments where the form belongs',
      api.post('/login', {
        headers: { ...action, 'content-type': 'text/plain;charset=UTF-8' },
        data: '["$undefined",{"email":"x"}]',
      }),
      415,
    ],
    [
      'a text body that is not JSON',
      api.post('/login', {
        headers: { ...action, 'content-type': 'text/plain;charset=UTF-8' },
        data: '{{{not json',
      }),
      400,
    ],
    [
      'a JSON body',
      api.post('/login', {
        headers: { ...action, 'content-type': 'application/json' },
        data: '{"email":"x"}',
      }),
      415,
    ],
    [
      'multipart that does not parse',
      api.post('/login', {
        headers: { ...action, 'content-type': 'multipart/form-data; boundary=zzz' },
        data: '--zzz\r\ngarbage',
      }),
      400,
    ],
    [
      'arguments that are not a form',
      api.post('/login', { headers: action, multipart: { '0': '[null,{"email":"x"}]' } }),
      400,
    ],
    [
      'a reference to a part that is not there',
      api.post('/login', { headers: action, multipart: { '0': '["$Q9","$K1"]' } }),
      400,
    ],
    [
      'a 1.5 MB body',
      api.post('/login', {
        headers: action,
        multipart: { '0': '["$undefined","$K1"]', '1_email': 'x'.repeat(1_500_000) },
      }),
      413,
    ],
    [
      'a form post without JavaScript larger than 1 MB',
      api.post('/login', { multipart: { $ACTION_REF_1: '', filler: 'x'.repeat(1_500_000) } }),
      413,
    ],
    [
      'an action from another site',
      api.post('/login', {
        headers: { ...action, origin: 'https://elsewhere.example' },
        multipart: { '0': '["$undefined","$K1"]' },
      }),
      403,
    ],
    [
      'a form post without JavaScript whose action fields are not JSON',
      api.post('/login', {
        multipart: { $ACTION_REF_1: '', '$ACTION_1:0': '[[[', '$ACTION_1:1': '[]' },
      }),
      400,
    ],
  ];
  for (const [what, response, status] of cases) {
    expect((await response).status(), what).toBe(status);
  }
  // Methods the desk does not serve, sent as raw HTTP (a client library would not send some).
  expect(await rawStatus('TRACE /')).toBe(405);
  expect(await rawStatus('PROPFIND /login')).toBe(405);
  expect(await rawStatus(`CONNECT 127.0.0.1:${port}`)).toBe(405);
  // Names Node's own parser does not know are refused before any code runs.
  for (const line of ['TRACK /', 'BREW /']) {
    const status = await rawStatus(line);
    expect(status, line).toBeGreaterThanOrEqual(400);
    expect(status, line).toBeLessThan(500);
  }
  // And the server is still well.
  expect((await api.get('/api/health')).status()).toBe(200);
});

test('a client’s own X-Forwarded-For is not its address: limits hold however it rotates', async ({
  browser,
}) => {
  // Sign-in: one address may fail 10 times in 15 minutes over all accounts.
  const statuses: number[] = [];
  for (let i = 1; i <= 11; i++) {
    const response = await api.post('/api/auth/sign-in', {
      data: { email: `made-up-${i}@juniper.test`, password: 'guessing' },
      headers: { 'x-forwarded-for': `198.51.100.${i}` },
    });
    statuses.push(response.status());
  }
  // (The earlier tests' sign-ins came from this address too.)
  const firstRefused = statuses.indexOf(429);
  expect(firstRefused, statuses.join()).toBeGreaterThan(0);
  expect(statuses.slice(0, firstRefused).every((s) => s === 401)).toBe(true);
  expect(statuses.slice(firstRefused).every((s) => s === 429)).toBe(true);

  // A 12 KB header is neither an address nor a key.
  const huge = await api.post('/api/auth/sign-in', {
    data: { email: 'someone@juniper.test', password: 'guessing' },
    headers: { 'x-forwarded-for': `${'9'.repeat(12_000)}, 203.0.113.1` },
  });
  expect(huge.status()).toBe(429);
  const longest = await readDatabase((db) =>
    db.value<number>('select max(length(key)) from sign_in_failures'),
  );
  expect(longest).toBeLessThan(100);

  // /ask: ten questions a minute from one address, whatever it claims to be.
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const ask = new AskPage(page);
  for (let i = 1; i <= 10; i++) {
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': `203.0.113.${i}` });
    await ask.open();
    await ask.askAndOpenTicket({ name: 'Rotating', text: `Question number ${i}` });
  }
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '203.0.113.200' });
  await ask.open();
  await ask.ask({ name: 'Rotating', text: 'One too many' });
  await expect(ask.status()).toContainText('Please wait');
  await context.close();
});
