import { createServer } from 'node:net';
import { NextRequest } from 'next/server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST as intake } from '@/app/api/questions/route';
import { GET as ready } from '@/app/api/ready/route';
import { submitQuestion } from '@/app/ask/actions';
import { askFromWidget } from '@/app/widget/actions';
import { closeDb } from '@/db/client';
import { recordMailChannelError, recordMailChannelOk } from '@/db/mail-channels';
import { PLAIN_SESSION_COOKIE } from '@/lib/auth/session-cookie';
import { resetEnvForTests } from '@/lib/env';
import { QUESTION_NOT_TAKEN } from '@/lib/intake/database-away';
import { proxy } from '@/proxy';
import { callAction, request } from '../support/next-request';
import { holdWrites } from '../support/outside-connection';
import { sqlRun, sqlValue } from '../support/sql';
import { type TempDatabase, useTempDatabase } from '../support/temp-db';

/*
 * While the database is away, the desk answers in words and with 503 + Retry-After, never a 500:
 * the intake API, the /ask and "Ask us" forms (their actions' states), any page (through the
 * proxy) and /api/ready. Away here is a PostgreSQL address nothing listens on (connection
 * refused), and SQLite's write lock held past the busy timeout; the restart of a real
 * PostgreSQL under load is tests/postgres/database-restart.test.ts.
 */

vi.mock('next/headers', async () =>
  (await import('../support/next-request')).nextHeaders('192.0.2.46'),
);
vi.mock('next/navigation', async () => (await import('../support/next-request')).nextNavigation);
vi.mock('next/cache', async () => (await import('../support/next-request')).nextCache);

const KEY = 'away-test-intake-key';
const saved = { ...process.env };

const question = {
  text: 'Do you have rye on Saturday?',
  customer: { name: 'Maya Ortiz', email: 'maya@example.com' },
};

function post(body: unknown = question): Promise<Response> {
  return intake(
    new Request('http://127.0.0.1/api/questions', {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

/** A port on 127.0.0.1 that nothing listens on: connections to it are refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function page(path: string, init: { method?: string } = {}): Promise<Response> {
  return proxy(new NextRequest(`http://127.0.0.1:3000${path}`, init));
}

afterAll(() => {
  process.env = saved;
  resetEnvForTests();
});

describe('while PostgreSQL cannot be reached', () => {
  beforeAll(async () => {
    await closeDb();
    process.env.DATABASE_URL = `postgres://postgres@127.0.0.1:${await closedPort()}/desk`;
    process.env.INTAKE_API_KEY = KEY;
    resetEnvForTests();
  });
  afterAll(async () => {
    await closeDb();
    process.env = { ...saved };
    resetEnvForTests();
  });
  beforeEach(() => request.cookies.clear());

  it('the intake API answers 503 with Retry-After and says to send the same request again', async () => {
    const response = await post();
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    const body = (await response.json()) as { error: string };
    expect(body.error).toMatch(/cannot reach its database.*again in 5 seconds/);
  });

  it('a request the intake refuses before the database is needed keeps its own answer', async () => {
    expect((await post({ text: '' })).status).toBe(400);
  });

  it('/ask says in words that the question was not taken, and keeps what was typed', async () => {
    const typed = { name: 'Maya Ortiz', email: 'maya@example.com', text: 'Rye on Saturday?' };
    const state = await callAction(submitQuestion, form(typed));
    expect(state).toEqual({
      ok: false,
      status: 503,
      message: QUESTION_NOT_TAKEN,
      retryAfterSeconds: 5,
      values: typed,
    });
    expect(QUESTION_NOT_TAKEN).toMatch(
      /^We couldn.t take your question just now\. Please try again in a moment\.$/,
    );
  });

  it('so does the "Ask us" panel, and the session lookup of someone signed in', async () => {
    request.cookies.set(PLAIN_SESSION_COOKIE, 'a-session-token-the-desk-cannot-look-up-now');
    const typed = { name: 'Ana', text: 'Are you open on Monday?' };
    const state = await callAction(askFromWidget, form(typed));
    expect(state).toMatchObject({ ok: false, status: 503, message: QUESTION_NOT_TAKEN });
    expect((state as { values: unknown }).values).toEqual(typed);
  });

  it('/api/ready says not ready, and that the database is the check that failed', async () => {
    const response = await ready();
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      ready: false,
      failed: ['database'],
      checks: {
        database: 'unreachable',
        migrations: 'unknown',
        mail: { smtp: 'unknown', imap: 'unknown' },
      },
    });
  });

  it('a page shows "The desk is reconnecting…" with 503, Retry-After and a nonce for its script', async () => {
    const response = await page('/inbox?tab=mine');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const nonce = /'nonce-([^']+)'/.exec(
      response.headers.get('content-security-policy') ?? '',
    )?.[1];
    expect(nonce).toBeTruthy();
    const html = await response.text();
    expect(html).toContain('<h1>The desk is reconnecting…</h1>');
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html).toContain('<a href="/inbox?tab=mine">Try again now</a>');
    expect(html).toContain("fetch('/api/ready'");
  });

  it('the customers’ pages and the panel get it too; routes and files are left to themselves', async () => {
    expect((await page('/ask')).status).toBe(503);
    const panel = await page('/widget');
    expect(panel.status).toBe(503);
    expect(panel.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect((await page('/ask', { method: 'HEAD' })).status).toBe(503);
    for (const path of ['/api/health', '/widget.js', '/metrics']) {
      expect((await page(path)).status, path).not.toBe(503);
    }
  });
});

describe('with the database there', () => {
  let temp: TempDatabase;
  beforeEach(async () => {
    process.env = { ...saved, INTAKE_API_KEY: KEY };
    temp = await useTempDatabase();
  });
  afterEach(async () => {
    await temp.cleanup();
    process.env = { ...saved };
    resetEnvForTests();
  });

  it('/api/ready is ready: the database answers, its migrations are the latest, no mail set up', async () => {
    const response = await ready();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ready: true,
      failed: [],
      checks: {
        database: 'reachable',
        migrations: 'current',
        mail: { smtp: 'not configured', imap: 'not configured' },
      },
    });
  });

  it('is not ready while the database lacks this release’s newest migration, or has a newer one', async () => {
    const newest = Number(await sqlValue('select max(created_at) from __drizzle_migrations'));
    await sqlRun('delete from __drizzle_migrations where created_at = ?', newest);
    let response = await ready();
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      ready: false,
      failed: ['migrations'],
      checks: { database: 'reachable', migrations: 'behind' },
    });
    await sqlRun(
      "insert into __drizzle_migrations (hash, created_at) values ('from-a-newer-release', ?)",
      newest + 60_000,
    );
    response = await ready();
    expect(await response.json()).toMatchObject({
      failed: ['migrations'],
      checks: { migrations: 'ahead' },
    });
  });

  it('is not ready while a mail channel set up was last heard from failing', async () => {
    process.env.SMTP_URL = 'smtp://127.0.0.1:2525';
    process.env.MAIL_FROM = 'Bakery <hello@bakery.test>';
    process.env.PUBLIC_BASE_URL = 'https://desk.bakery.test';
    resetEnvForTests();
    await recordMailChannelOk({ name: 'smtp', now: new Date(Date.now() - 60_000) });
    expect((await ready()).status).toBe(200);
    await recordMailChannelError({ name: 'smtp', error: 'Connection refused', now: new Date() });
    const response = await ready();
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      failed: ['mail'],
      checks: { database: 'reachable', mail: { smtp: 'failing', imap: 'not configured' } },
    });
  });

  it('pages on SQLite are not probed: a page request passes through', async () => {
    expect((await page('/ask')).status).toBe(200);
  });

  it('SQLite’s write lock held past the busy timeout: 503 with Retry-After, nothing stored, then 201', {
    timeout: 20_000,
  }, async () => {
    const before = Number(await sqlValue('select count(*) from questions'));
    const held = await holdWrites(temp, 'questions');
    let response: Response;
    try {
      response = await post({ ...question, externalId: 'busy-1' });
    } finally {
      await held.release();
    }
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(Number(await sqlValue('select count(*) from questions'))).toBe(before);
    const again = await post({ ...question, externalId: 'busy-1' });
    expect(again.status).toBe(201);
    expect(Number(await sqlValue('select count(*) from questions'))).toBe(before + 1);
  });
});
