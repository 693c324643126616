import { countRows, deskRows, deskValue } from './support/database';
import { expect, test } from './support/fixtures';

const KEY = 'e2e-intake-key';
const auth = { authorization: `Bearer ${KEY}` };
const json = { 'content-type': 'application/json' };
const good = {
  text: 'Are you open on Monday?',
  customer: { name: 'Sam', email: 'sam@example.com' },
};

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

  // Every shape the API refuses, with its status, is checked at the route handler
  // (tests/intake/intake-route.test.ts); these reach it over HTTP, through the server's edge.
  test('refuses a missing key, a wrong type, a large body and bad fields over HTTP, writing nothing', async ({
    request,
  }) => {
    const before = {
      questions: await countRows('questions'),
      messages: await countRows('messages'),
    };
    const refused: [Record<string, string>, string, number][] = [
      [json, JSON.stringify(good), 401],
      [{ ...auth, 'content-type': 'text/plain' }, JSON.stringify(good), 415],
      [{ ...auth, ...json }, JSON.stringify({ ...good, text: 'x'.repeat(100_000) }), 413],
      [{ ...auth, ...json }, '{"text": "hi", ', 400],
      [{ ...auth, ...json }, JSON.stringify({ ...good, priority: 'high' }), 400],
    ];
    for (const [headers, data, status] of refused) {
      const response = await request.post('/api/questions', { headers, data });
      expect(response.status(), data.slice(0, 40)).toBe(status);
      expect(typeof (await response.json()).error).toBe('string');
    }
    expect(await countRows('questions')).toBe(before.questions);
    expect(await countRows('messages')).toBe(before.messages);
  });
});
