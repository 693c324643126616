import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures';

// Requests no page of the desk sends, against the suite's server started as `npm start` starts
// it (scripts/http-edge.mjs loaded, proxy.ts in front of Next.js): each gets a 4xx that says
// what was wrong, never a 500, and the server stays well.

/** The hidden fields React renders into the sign-in form, for posting it without JavaScript. */
async function signInFormFields(request: APIRequestContext): Promise<Record<string, string>> {
  const html = await (await request.get('/login')).text();
  const fields: Record<string, string> = {};
  for (const [, name = '', value = ''] of html.matchAll(
    /<input type="hidden" name="(\$ACTION_[^"]*)"(?: value="([^"]*)")?/g,
  )) {
    fields[name] = value
      .replaceAll('&quot;', '"')
      .replaceAll('&#x27;', "'")
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&');
  }
  return fields;
}

/** A sign-in that fails, from an address of its own so no other spec's limits are touched. */
const wrongSignIn = { email: 'nobody-here@juniper.test', password: 'not a password at all' };

test('a path whose percent-encoding does not decode gets a 400 or 404, never a 500', async ({
  request,
}) => {
  for (const path of [
    '/t/%ff',
    '/t/%E0%A4%A',
    '/t/abc%zz',
    '/t/%C0%AF',
    '/t/%ED%A0%80',
    '/inbox/%ff',
    '/%ff',
    '/api/questions/%ff',
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect([400, 404], path).toContain(response.status());
  }
  expect((await request.get('/api/health')).status()).toBe(200);
});

test('a form posted without JavaScript from another host or port gets a 403', async ({
  request,
  baseURL,
  owner,
}) => {
  expect(owner.email).toBeTruthy();
  const fields = await signInFormFields(request);
  expect(Object.keys(fields)).toContain('$ACTION_REF_1');
  const own = new URL(baseURL ?? '');
  const otherPort = `${own.protocol}//${own.hostname}:${Number(own.port) + 50}`;
  const headers = (origin: string) => ({ origin, 'x-forwarded-for': '192.0.2.131' });
  const form = { ...fields, ...wrongSignIn };
  const statuses: Record<string, number> = {};
  const origins = ['https://elsewhere.example', otherPort, 'http://localhost.', 'null'];
  for (const origin of origins) {
    const multipart = await request.post('/login', { headers: headers(origin), multipart: form });
    statuses[`multipart from ${origin}`] = multipart.status();
    const encoded = await request.post('/login', { headers: headers(origin), form });
    statuses[`URL-encoded from ${origin}`] = encoded.status();
  }
  expect(statuses).toEqual(
    Object.fromEntries(
      origins.flatMap((o) => [
        [`multipart from ${o}`, 403],
        [`URL-encoded from ${o}`, 403],
      ]),
    ),
  );
  // From its own page the same post is taken: the wrong password is said on the page.
  const taken = await request.post('/login', { headers: headers(own.origin), multipart: form });
  expect(taken.status()).toBe(200);
  expect(await taken.text()).toContain('That email and password do not match an account.');
});

test('a form post whose action fields refer to nothing, or hold junk, gets a 400', async ({
  request,
  baseURL,
}) => {
  const fields = await signInFormFields(request);
  const meta = fields['$ACTION_1:0'] ?? '';
  const id = (JSON.parse(meta) as { id: string }).id;
  const { $ACTION_REF_1: _ref, ...withoutRef } = fields;
  const cases: [string, Record<string, string>][] = [
    ['a reference to a form that is not there', { $ACTION_REF_1: '', ...wrongSignIn }],
    ['another form’s reference', { ...withoutRef, $ACTION_REF_7: '', ...wrongSignIn }],
    ['an action id that is no id', { $ACTION_ID_garbage: '', ...wrongSignIn }],
    ['a junk action key', { ...fields, $ACTION_KEY: '{{junk', ...wrongSignIn }],
    [
      'bound arguments in a part that is not there',
      { ...fields, '$ACTION_1:0': JSON.stringify({ id, bound: '$@9' }), ...wrongSignIn },
    ],
    ['arguments referring to a part that is not there', { ...fields, '$ACTION_1:1': '["$Q5"]' }],
    ['arguments that are not JSON', { ...fields, '$ACTION_1:1': '[[[' }],
  ];
  const origin = new URL(baseURL ?? '').origin;
  const statuses: Record<string, number> = {};
  for (const [what, form] of cases) {
    const response = await request.post('/login', {
      headers: { origin, 'x-forwarded-for': '192.0.2.132' },
      multipart: form,
    });
    statuses[what] = response.status();
  }
  expect(statuses).toEqual(Object.fromEntries(cases.map(([what]) => [what, 400])));
  expect((await request.get('/api/health')).status()).toBe(200);
});
