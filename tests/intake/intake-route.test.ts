import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST } from '@/app/api/questions/route';
import { resetEnvForTests } from '@/lib/env';
import { sqlValue } from '../support/sql';
import { type TempDatabase, useTempDatabase } from '../support/temp-db';

/**
 * The intake API's request shapes (POST /api/questions): every key, content type, size and
 * field it refuses, with its status, and nothing written. The route handler is called with the
 * Request Next.js would give it; e2e/intake-api.spec.ts sends a few of these over real HTTP,
 * through the server's edge, and the requests it accepts.
 */
const KEY = 'unit-intake-key';
const auth = { authorization: `Bearer ${KEY}` };
const json = { 'content-type': 'application/json' };
const good = {
  text: 'Are you open on Monday?',
  customer: { name: 'Sam', email: 'sam@example.com' },
};

type BadRequest = {
  name: string;
  headers?: Record<string, string>;
  body: string;
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

let temp: TempDatabase;
let savedKey: string | undefined;
beforeAll(async () => {
  temp = await useTempDatabase();
  savedKey = process.env.INTAKE_API_KEY;
  process.env.INTAKE_API_KEY = KEY;
  resetEnvForTests();
});
afterAll(async () => {
  if (savedKey === undefined) delete process.env.INTAKE_API_KEY;
  else process.env.INTAKE_API_KEY = savedKey;
  resetEnvForTests();
  await temp.cleanup();
});

const count = (table: 'questions' | 'messages') => sqlValue(`select count(*) from ${table}`);

function post(bad: BadRequest): Promise<Response> {
  return POST(
    new Request('http://127.0.0.1:3000/api/questions', {
      method: 'POST',
      headers: bad.headers,
      body: bad.body,
    }),
  );
}

describe('POST /api/questions refuses a request of the wrong shape', () => {
  it('accepts the good one these are made from', async () => {
    const before = Number(await count('questions'));
    const response = await post({
      name: 'good',
      headers: { ...auth, ...json },
      body: withBody(good),
      status: 201,
    });
    expect(response.status).toBe(201);
    expect(Number(await count('questions'))).toBe(before + 1);
  });

  for (const bad of badRequests) {
    it(`refuses ${bad.name} with ${bad.status} and writes nothing`, async () => {
      const before = Number(await count('questions'));
      const messagesBefore = Number(await count('messages'));
      const response = await post(bad);
      expect(response.status).toBe(bad.status);
      const body = await response.json();
      expect(typeof body.error).toBe('string');
      if (bad.status === 400 && bad.name.match(/text|customer|email|externalId|field|thread/)) {
        expect(Object.keys(body.fieldErrors ?? {})).not.toHaveLength(0);
      }
      if (bad.status === 401) expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(Number(await count('questions'))).toBe(before);
      expect(Number(await count('messages'))).toBe(messagesBefore);
    });
  }
});
