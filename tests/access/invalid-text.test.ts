// @module-tag postgres
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { countQuestionsByStatus, listInbox } from '@/db/inbox';
import { searchKnowledge } from '@/db/knowledge';
import { createUser } from '@/db/users';
import { UNMATCHABLE_PASSWORD_HASH } from '@/lib/auth/password-hash';
import { resetEnvForTests } from '@/lib/env';
import { callAction, request, signInAs } from '../support/next-request';
import { sqlRows } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

/*
 * Text from outside with what no database stores as text (NUL and other C0 controls, unpaired
 * surrogates) through the forms, the intake API and the search boxes, on the run's engine
 * (PostgreSQL refuses a NUL in text outright): never an error, stored cleaned.
 */

vi.mock('next/headers', async () =>
  (await import('../support/next-request')).nextHeaders('192.0.2.45'),
);
vi.mock('next/navigation', async () => (await import('../support/next-request')).nextNavigation);
vi.mock('next/cache', async () => (await import('../support/next-request')).nextCache);

/** What a browser, a script or a web shop can send: NUL, other controls, a lone surrogate. */
const BAD = '\u0000\u0001\u001b\ud800';

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

const run = (
  action: (previous: unknown, data: FormData) => Promise<unknown>,
  fields: Record<string, string>,
) => callAction(action, form(fields));

const noBadText = (rows: unknown) => {
  const json = JSON.stringify(rows);
  expect(json).not.toMatch(/\\u000[0-8]|\\u001[0-9a-f]|\\u000b|\\u000c|\\u000e|\\u000f/i);
  expect(json).not.toMatch(/\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])/i);
};

describe('invalid text from outside is stored cleaned, never an error', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let ownerId = 0;
  const saved = { ...process.env };

  beforeAll(async () => {
    temp = await useTempDatabase();
    const created = await createUser({
      email: 'owner@text.test',
      name: 'Owner',
      role: 'owner',
      passwordHash: UNMATCHABLE_PASSWORD_HASH,
      now: new Date(),
    });
    if (!created.ok) throw new Error('could not create the owner');
    ownerId = created.user.id;
  });
  afterAll(async () => {
    process.env = { ...saved };
    resetEnvForTests();
    await temp.cleanup();
  });

  const signInAsOwner = () => signInAs(ownerId);

  it('/ask: a question with them in every field is taken, cleaned', async () => {
    request.cookies.clear();
    const { submitQuestion } = await import('@/app/ask/actions');
    const result = await run(submitQuestion, {
      name: `Ada${BAD} Lovelace`,
      // An address with a lone surrogate left in would be no address: only the NUL here.
      email: 'ada\u0000@example.com',
      text: `Rye${BAD} on Saturday?`,
    });
    expect(result).toEqual({ interrupted: expect.stringMatching(/^redirect \/t\//) });
    const [row] = await sqlRows(
      "select text, customer_name, customer_email from questions where channel = 'web' order by id desc limit 1",
    );
    expect(row).toEqual({
      text: 'Rye\ufffd on Saturday?',
      customer_name: 'Ada\ufffd Lovelace',
      customer_email: 'ada@example.com',
    });
    noBadText(row);
  });

  it('a ticket’s write-back with them is taken, cleaned', async () => {
    request.cookies.clear();
    const { submitQuestion } = await import('@/app/ask/actions');
    const asked = (await run(submitQuestion, { name: 'Cy', email: '', text: 'Rye?' })) as {
      interrupted: string;
    };
    const token = asked.interrupted.replace('redirect /t/', '');
    const { writeBack } = await import('@/app/t/[token]/actions');
    const result = await run(writeBack, { token, text: `And two${BAD} baguettes.` });
    expect(result).toEqual({ interrupted: `redirect /t/${token}` });
    const rows = await sqlRows(
      "select text from messages where author = 'customer' order by id desc limit 1",
    );
    expect(rows).toEqual([{ text: 'And two\ufffd baguettes.' }]);
  });

  it('an owner’s form (a knowledge entry) with them is saved, cleaned', async () => {
    await signInAsOwner();
    const { addEntry } = await import('@/app/admin/knowledge/actions');
    const result = await run(addEntry, {
      title: `Cake${BAD} tasting`,
      answer: `We deliver${BAD} within 5 km.`,
      tags: `deli${BAD}very, fees`,
      enabled: 'on',
    });
    expect(result).toMatchObject({ ok: true });
    const rows = await sqlRows(
      "select title, answer, tags from knowledge_entries where title like 'Cake%'",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      title: 'Cake\ufffd tasting',
      answer: 'We deliver\ufffd within 5 km.',
    });
    noBadText(rows);
    // The audit log keeps what was written, as written.
    noBadText(await sqlRows('select before, after from audit_log'));
  });

  it('sign-in with them in the address and password is refused as a wrong password', async () => {
    request.cookies.clear();
    const { signIn } = await import('@/app/login/actions');
    const result = await run(signIn, {
      email: `owner${BAD}@text.test`,
      password: `not${BAD}the password`,
    });
    expect(result).toMatchObject({ ok: false });
    noBadText(await sqlRows('select * from sign_in_failures'));
    noBadText(await sqlRows('select * from audit_log'));
  });

  it('the intake API takes a question with them in every field, cleaned', async () => {
    process.env.INTAKE_API_KEY = 'intake-key-for-the-text-test-0123456789';
    resetEnvForTests();
    const { POST } = await import('@/app/api/questions/route');
    const body = JSON.stringify({
      text: `Sour${BAD}dough?`,
      customer: { name: `Bo${BAD}`, email: 'bo\u0000@example.com' },
      externalId: `shop${BAD}-1`,
    });
    const response = await POST(
      new Request('http://127.0.0.1/api/questions', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${process.env.INTAKE_API_KEY}`,
          'content-type': 'application/json',
        },
        body,
      }),
    );
    expect(response.status).toBe(201);
    const rows = await sqlRows(
      "select q.text, q.customer_name, q.customer_email, m.external_id from questions q join messages m on m.question_id = q.id where q.channel = 'api'",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      text: 'Sour\ufffddough?',
      customer_name: 'Bo\ufffd',
      customer_email: 'bo@example.com',
    });
    noBadText(rows);
  });

  it('the inbox search and the knowledge search take them as words', async () => {
    const search = `Ada${BAD}`;
    // Cleaned as the name was: it finds the question from /ask.
    const counts = await countQuestionsByStatus({ search });
    expect(Object.values(counts).reduce((sum, n) => sum + Number(n), 0)).toBe(1);
    const listed = await listInbox({ group: 'inProgress', search, page: 1, pageSize: 10 });
    expect(listed.map((row) => row.customerName)).toEqual(['Ada\ufffd Lovelace']);
    expect(Array.isArray(await searchKnowledge({ query: `deli${BAD}very fees`, limit: 5 }))).toBe(
      true,
    );
  });
});
