import { expect, test } from '@playwright/test';
import { countRows, deskRows, deskValue } from './support/database';

const KEY = 'e2e-intake-key';
const auth = { authorization: `Bearer ${KEY}` };
const json = { 'content-type': 'application/json' };
const good = {
  text: 'Are you open on Monday?',
  customer: { name: 'Sam', email: 'sam@example.com' },
};

type BadRequest = {
  name: string;
  headers?: Record<string, string>;
  body: string | Buffer;
  status: number;
};

const deepJunk = `${'['.repeat(5000)}${']'.repeat(5000)}`;
const withBody = (value: unknown) => JSON.stringify(value);

const badRequests: BadRequest[] = [
  { name: 'no key', headers: json, body: withBody(good), status: 401 },
  {
    name: 'a wrong key',
    headers: { ...json, authorization: 'Bearer nope' },
    body: withBody(good),
    status: 401,
  },
  {
    name: 'a key without Bearer',
    headers: { ...json, authorization: KEY },
    body: withBody(good),
    status: 401,
  },
  {
    name: 'Basic auth',
    headers: { ...json, authorization: `Basic ${btoa(`x:${KEY}`)}` },
    body: withBody(good),
    status: 401,
  },
  { name: 'no content type', headers: auth, body: withBody(good), status: 415 },
  {
    name: 'text/plain',
    headers: { ...auth, 'content-type': 'text/plain' },
    body: withBody(good),
    status: 415,
  },
  {
    name: 'a form post',
    headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'text=hi',
    status: 415,
  },
  {
    name: 'a 100 KB body',
    headers: { ...auth, ...json },
    body: withBody({ ...good, text: 'x'.repeat(100_000) }),
    status: 413,
  },
  {
    name: 'a body just over 16 KB',
    headers: { ...auth, ...json },
    body: withBody({ ...good, pad: 'x'.repeat(16_400) }),
    status: 413,
  },
  { name: 'bad JSON', headers: { ...auth, ...json }, body: '{"text": "hi", ', status: 400 },
  { name: 'an empty body', headers: { ...auth, ...json }, body: '', status: 400 },
  { name: 'JSON null', headers: { ...auth, ...json }, body: 'null', status: 400 },
  { name: 'a JSON array', headers: { ...auth, ...json }, body: withBody([good]), status: 400 },
  { name: 'a JSON string', headers: { ...auth, ...json }, body: '"hello"', status: 400 },
  { name: 'deep junk', headers: { ...auth, ...json }, body: deepJunk, status: 400 },
  {
    name: 'text missing',
    headers: { ...auth, ...json },
    body: withBody({ customer: good.customer }),
    status: 400,
  },
  {
    name: 'text a number',
    headers: { ...auth, ...json },
    body: withBody({ ...good, text: 42 }),
    status: 400,
  },
  {
    name: 'text an object',
    headers: { ...auth, ...json },
    body: withBody({ ...good, text: { a: 1 } }),
    status: 400,
  },
  {
    name: 'empty text',
    headers: { ...auth, ...json },
    body: withBody({ ...good, text: '' }),
    status: 400,
  },
  {
    name: 'whitespace text',
    headers: { ...auth, ...json },
    body: withBody({ ...good, text: ' \n\t ' }),
    status: 400,
  },
  {
    name: 'only invisible characters',
    headers: { ...auth, ...json },
    body: withBody({ ...good, text: '\u200B\u200D\u2060\uFEFF' }),
    status: 400,
  },
  {
    name: '2,001 characters',
    headers: { ...auth, ...json },
    body: withBody({ ...good, text: 'x'.repeat(2001) }),
    status: 400,
  },
  {
    name: 'customer missing',
    headers: { ...auth, ...json },
    body: withBody({ text: 'hi' }),
    status: 400,
  },
  {
    name: 'customer a string',
    headers: { ...auth, ...json },
    body: withBody({ text: 'hi', customer: 'Sam' }),
    status: 400,
  },
  {
    name: 'customer name empty',
    headers: { ...auth, ...json },
    body: withBody({ text: 'hi', customer: { name: '' } }),
    status: 400,
  },
  {
    name: 'customer name too long',
    headers: { ...auth, ...json },
    body: withBody({ text: 'hi', customer: { name: 'n'.repeat(101) } }),
    status: 400,
  },
  {
    name: 'a bad email',
    headers: { ...auth, ...json },
    body: withBody({ text: 'hi', customer: { name: 'S', email: 'at@' } }),
    status: 400,
  },
  {
    name: 'email a number',
    headers: { ...auth, ...json },
    body: withBody({ text: 'hi', customer: { name: 'S', email: 5 } }),
    status: 400,
  },
  {
    name: 'an unknown top-level field',
    headers: { ...auth, ...json },
    body: withBody({ ...good, priority: 'high' }),
    status: 400,
  },
  {
    name: 'an unknown customer field',
    headers: { ...auth, ...json },
    body: withBody({ ...good, customer: { ...good.customer, phone: '555' } }),
    status: 400,
  },
  {
    name: 'externalId a number',
    headers: { ...auth, ...json },
    body: withBody({ ...good, externalId: 12 }),
    status: 400,
  },
  {
    name: 'externalId empty',
    headers: { ...auth, ...json },
    body: withBody({ ...good, externalId: '' }),
    status: 400,
  },
  {
    name: 'externalId too long',
    headers: { ...auth, ...json },
    body: withBody({ ...good, externalId: 'e'.repeat(201) }),
    status: 400,
  },
  {
    name: 'both threadToken and threadExternalId',
    headers: { ...auth, ...json },
    body: withBody({ ...good, threadToken: 'a'.repeat(32), threadExternalId: 'x' }),
    status: 400,
  },
  {
    name: 'a threadToken that is no token',
    headers: { ...auth, ...json },
    body: withBody({ ...good, threadToken: '../../etc/passwd' }),
    status: 400,
  },
  {
    name: 'threadExternalId empty',
    headers: { ...auth, ...json },
    body: withBody({ ...good, threadExternalId: '' }),
    status: 400,
  },
  {
    name: 'a prototype-pollution key',
    headers: { ...auth, ...json },
    body: '{"text":"hi","customer":{"name":"S"},"__proto__":{"admin":true}}',
    status: 400,
  },
];

test.describe('POST /api/questions', () => {
  test('creates a question and returns its ticket', async ({ request, baseURL }) => {
    const response = await request.post('/api/questions', {
      headers: { ...auth, ...json },
      data: { ...good, externalId: 'created-once' },
    });
    expect(response.status()).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ id: expect.any(Number), status: 'queued' });
    expect(body.ticketUrl).toMatch(new RegExp(`^${baseURL}/t/[A-Za-z0-9_-]{32}$`));
    const ticket = await request.get(body.ticketUrl);
    expect(await ticket.text()).toContain('Are you open on Monday?');
  });

  test('20 concurrent requests with one externalId make one question', async ({ request }) => {
    const before = await countRows('questions');
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        request.post('/api/questions', {
          headers: { ...auth, ...json },
          data: { ...good, externalId: 'concurrent-1' },
        }),
      ),
    );
    const statuses = responses.map((r) => r.status()).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    const ids = new Set(await Promise.all(responses.map(async (r) => (await r.json()).id)));
    expect(ids.size).toBe(1);
    expect(await countRows('questions')).toBe(before + 1);
  });

  test('the same externalId with a different question is refused, revealing nothing', async ({
    request,
  }) => {
    const first = await request.post('/api/questions', {
      headers: { ...auth, ...json },
      data: { ...good, externalId: 'reused-1' },
    });
    expect(first.status()).toBe(201);
    const before = await countRows('questions');
    const other = await request.post('/api/questions', {
      headers: { ...auth, ...json },
      data: {
        text: 'Do you have rye?',
        customer: { name: 'Someone else' },
        externalId: 'reused-1',
      },
    });
    expect(other.status()).toBe(409);
    const body = await other.json();
    expect(body.ticketUrl).toBeUndefined();
    expect(body.error).toContain('externalId');
    expect(await countRows('questions')).toBe(before);
  });

  test('a ticket link survives proxies that send lists in forwarded headers', async ({
    request,
  }) => {
    const response = await request.post('/api/questions', {
      headers: {
        ...auth,
        ...json,
        'x-forwarded-host': 'desk.example.com, internal.lb',
        'x-forwarded-proto': 'https,http',
      },
      data: { ...good, externalId: 'proxied-1' },
    });
    expect(response.status()).toBe(201);
    expect((await response.json()).ticketUrl).toMatch(/^https:\/\/desk\.example\.com\/t\//);
  });

  test('stores cleaned text: invisible characters and surrounding space removed', async ({
    request,
  }) => {
    const response = await request.post('/api/questions', {
      headers: { ...auth, ...json },
      data: { ...good, text: '  Rye\u200B loaf\u202E on Friday?\u0007  ', externalId: 'clean-1' },
    });
    expect(response.status()).toBe(201);
    const { id } = await response.json();
    expect(await deskValue('select text from questions where id = ?', id)).toBe(
      'Rye loaf on Friday?',
    );
  });

  test('a follow-up joins its conversation by threadToken or threadExternalId, idempotently', async ({
    request,
  }) => {
    const first = await request.post('/api/questions', {
      headers: { ...auth, ...json },
      data: {
        text: 'Two rye loaves on Friday?',
        customer: good.customer,
        externalId: 'thread-1',
      },
    });
    expect(first.status()).toBe(201);
    const opened = await first.json();
    const token = String(opened.ticketUrl).split('/').pop();
    const questionsBefore = await countRows('questions');

    const byToken = await request.post('/api/questions', {
      headers: { ...auth, ...json },
      data: {
        text: 'Actually make it Saturday.',
        customer: good.customer,
        threadToken: token,
        externalId: 'thread-1-b',
      },
    });
    expect(byToken.status()).toBe(201);
    const added = await byToken.json();
    expect(added).toMatchObject({ id: opened.id, messageId: expect.any(Number), status: 'queued' });
    expect(added.ticketUrl).toBeUndefined();

    const byFirstId = await request.post('/api/questions', {
      headers: { ...auth, ...json },
      data: {
        text: 'And add a cinnamon bun.',
        customer: good.customer,
        threadExternalId: 'thread-1',
        externalId: 'thread-1-c',
      },
    });
    expect(byFirstId.status()).toBe(201);
    expect((await byFirstId.json()).id).toBe(opened.id);

    // The same message again (a channel retrying) stores nothing and names the same message.
    const messagesBefore = await countRows('messages');
    const retry = await request.post('/api/questions', {
      headers: { ...auth, ...json },
      data: {
        text: 'Actually make it Saturday.',
        customer: good.customer,
        threadToken: token,
        externalId: 'thread-1-b',
      },
    });
    expect(retry.status()).toBe(200);
    expect((await retry.json()).messageId).toBe(added.messageId);
    expect(await countRows('messages')).toBe(messagesBefore);
    expect(await countRows('questions')).toBe(questionsBefore);

    expect(
      await deskRows(
        'select author, text from messages where question_id = ? order by id',
        opened.id,
      ),
    ).toEqual([
      { author: 'customer', text: 'Two rye loaves on Friday?' },
      { author: 'customer', text: 'Actually make it Saturday.' },
      { author: 'customer', text: 'And add a cinnamon bun.' },
    ]);
    // The customer's page shows the whole thread.
    const ticket = await (await request.get(opened.ticketUrl)).text();
    expect(ticket).toContain('Actually make it Saturday.');
    expect(ticket).toContain('And add a cinnamon bun.');
  });

  test('an unknown thread is 404 and writes nothing', async ({ request }) => {
    const before = {
      questions: await countRows('questions'),
      messages: await countRows('messages'),
    };
    for (const thread of [
      { threadToken: 'Z'.repeat(32) },
      { threadExternalId: 'no-such-thread' },
    ]) {
      const response = await request.post('/api/questions', {
        headers: { ...auth, ...json },
        data: { ...good, ...thread, externalId: 'orphan-1' },
      });
      expect(response.status()).toBe(404);
      expect((await response.json()).error).toMatch(/No conversation/);
    }
    expect(await countRows('questions')).toBe(before.questions);
    expect(await countRows('messages')).toBe(before.messages);
  });

  for (const bad of badRequests) {
    test(`refuses ${bad.name} with ${bad.status} and writes nothing`, async ({ request }) => {
      const before = await countRows('questions');
      const messagesBefore = await countRows('messages');
      const response = await request.post('/api/questions', {
        headers: bad.headers,
        data: bad.body,
      });
      expect(response.status()).toBe(bad.status);
      const body = await response.json();
      expect(typeof body.error).toBe('string');
      if (bad.status === 400 && bad.name.match(/text|customer|email|externalId|field|thread/)) {
        expect(Object.keys(body.fieldErrors ?? {})).not.toHaveLength(0);
      }
      expect(await countRows('questions')).toBe(before);
      expect(await countRows('messages')).toBe(messagesBefore);
    });
  }
});
