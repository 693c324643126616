import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltServer, holdBuiltApp, startBuiltServer } from '../support/built-server';
import { freePort } from '../support/dovecot';
import { type Postgres, startPostgres } from '../support/postgres';
import { killGroup, waitUntil } from '../support/processes';

/**
 * A real desk (`npm start`, drafting in the server with the offline drafter) on a throwaway
 * PostgreSQL that restarts (`pg_ctl stop -m fast`, then start) while questions keep arriving
 * through the intake API. Every answer is a 201 or a 503 with Retry-After, never a 500 nor a
 * dropped connection; every 201's question is stored once, with its one message, and drafted
 * once; a 503's question is stored whole or not at all; drafting resumes within 10 s of the
 * database's return, and the desk was never restarted.
 */

const KEY = 'restart-test-intake-key';
const SENDERS = 4;
const BEFORE_MS = 3_000;
const DOWN_MS = 4_000;
const AFTER_MS = 6_000;

type Answer = { n: number; status: number | 'no answer'; retryAfter: string | null; id?: number };

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** Rows of one query on a connection of its own (this process's own connection is cut too). */
async function rows<T>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end().catch(() => undefined);
  }
}

describe('the desk across a PostgreSQL restart under intake', () => {
  let build: Awaited<ReturnType<typeof holdBuiltApp>>;
  let server: Postgres;
  let desk: BuiltServer | undefined;
  let url = '';

  beforeAll(async () => {
    build = await holdBuiltApp();
    server = await startPostgres();
    url = await server.createDatabase('desk');
    desk = await startBuiltServer({
      port: await freePort(),
      env: {
        DATABASE_URL: url,
        INTAKE_API_KEY: KEY,
        DRAFT_MODEL: 'offline',
        DRAFT_WORKER: 'on',
        LOG_LEVEL: 'info',
      },
    });
    // The example bakery's sample questions stand aside: only this test's are drafted.
    await rows(url, "update questions set status = 'discarded'");
    // The build may wait for the lock and then build.
  }, 900_000);

  afterAll(async () => {
    if (desk) {
      killGroup(desk, 'SIGKILL');
      await desk.exited;
    }
    server?.stop();
    await build?.release();
  });

  it('answers 201 or 503 + Retry-After, stores and drafts every 201 once, and drafts again within 10 s', async () => {
    const running = desk as BuiltServer;
    const answers: Answer[] = [];
    let next = 0;
    let sending = true;
    const send = async (n: number) => {
      try {
        const response = await fetch(`${running.url}/api/questions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            text: n % 2 ? 'How much is a rye loaf?' : 'Are you open on Saturday?',
            customer: { name: `Customer ${n}`, email: `customer${n}@example.com` },
            externalId: `restart-${n}`,
          }),
          signal: AbortSignal.timeout(20_000),
        });
        const body = (await response.json().catch(() => ({}))) as { id?: number };
        answers.push({
          n,
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          id: body.id,
        });
      } catch {
        answers.push({ n, status: 'no answer', retryAfter: null });
      }
    };
    const senders = Array.from({ length: SENDERS }, async () => {
      while (sending) {
        await send(next++);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    await wait(BEFORE_MS);
    const createdBefore = answers.filter((a) => a.status === 201).length;
    server.down();
    const downAt = Date.now();
    // Meanwhile /api/ready says why it is not ready, and a page says the desk is reconnecting.
    const readyWhileDown = await fetch(`${running.url}/api/ready`);
    const pageWhileDown = await fetch(`${running.url}/login`);
    await wait(DOWN_MS - (Date.now() - downAt));
    server.up();
    const back = Date.now();
    await wait(AFTER_MS);
    sending = false;
    await Promise.all(senders);

    expect(readyWhileDown.status).toBe(503);
    expect(await readyWhileDown.json()).toMatchObject({ ready: false, failed: ['database'] });
    expect(pageWhileDown.status).toBe(503);
    expect(pageWhileDown.headers.get('retry-after')).toBe('5');
    expect(await pageWhileDown.text()).toContain('The desk is reconnecting…');
    const readyAfter = await fetch(`${running.url}/api/ready`);
    expect(await readyAfter.json()).toMatchObject({
      ready: true,
      checks: { database: 'reachable', migrations: 'current' },
    });

    // Only 201s and 503s that say when to come back; the desk answered every request.
    const byStatus = groupBy(answers, (a) => a.status);
    const summary = Object.fromEntries(
      [...byStatus].map(([status, list]) => [status, list.length]),
    );
    expect([...byStatus.keys()].sort(), JSON.stringify(summary)).toEqual([201, 503]);
    expect(createdBefore, JSON.stringify(summary)).toBeGreaterThan(10);
    const refused = byStatus.get(503) ?? [];
    expect(refused.every((a) => a.retryAfter === '5')).toBe(true);
    const created = byStatus.get(201) ?? [];
    // Some arrived after the database came back, so there was drafting to resume.
    expect(created.filter((a) => a.n > (refused.at(-1)?.n ?? 0)).length).toBeGreaterThan(5);
    expect(running.child.exitCode, running.output().slice(-4000)).toBeNull();

    // Every 201 is one question with one message; a 503 left its question whole or absent.
    const stored = await rows<{ id: number; external_id: string; messages: number }>(
      url,
      `select q.id, q.external_id, count(m.id)::int as messages
         from questions q left join messages m on m.question_id = q.id and m.author = 'customer'
        where q.external_id like 'restart-%' group by q.id, q.external_id`,
    );
    const byExternalId = groupBy(stored, (row) => row.external_id);
    for (const answer of created) {
      const found = byExternalId.get(`restart-${answer.n}`) ?? [];
      expect(
        found.map((row) => Number(row.id)),
        `201 for restart-${answer.n}`,
      ).toEqual([answer.id]);
    }
    expect(stored.filter((row) => row.messages !== 1)).toEqual([]);
    expect(stored.length - created.length).toBeLessThanOrEqual(refused.length);

    // Drafted, each exactly once.
    const ids = created.map((a) => a.id as number);
    const runsOf = () =>
      rows<{ question_id: number; runs: number; first_finished: string }>(
        url,
        `select question_id, count(*)::int as runs, min(finished_at)::text as first_finished
           from agent_runs where question_id = any($1::int[]) group by question_id`,
        [ids],
      );
    await waitUntil(
      'every created question is drafted',
      async () => (await runsOf()).length === ids.length,
      90_000,
    ).catch(async (error: Error) => {
      const statuses = await rows<{ status: string; n: number }>(
        url,
        'select status, count(*)::int as n from questions where id = any($1::int[]) group by status',
        [ids],
      );
      throw new Error(
        `${error.message}: ${JSON.stringify(statuses)}\n${running.output().slice(-6000)}`,
      );
    });
    const runs = await runsOf();
    expect(runs.filter((row) => row.runs !== 1)).toEqual([]);
    const drafted = await rows<{ status: string; n: number }>(
      url,
      "select status, count(*)::int as n from questions where id = any($1::int[]) and status <> 'drafted' group by status",
      [ids],
    );
    expect(drafted).toEqual([]);

    // Drafting resumed within 10 s of the database's return.
    const firstAfter = Math.min(
      ...runs.map((row) => Number(row.first_finished)).filter((at) => at > back),
    );
    const resumedAfterMs = firstAfter - back;
    expect(resumedAfterMs, `down at ${downAt}, back at ${back}`).toBeLessThan(10_000);
    expect(running.child.exitCode).toBeNull();
  }, 240_000);
});
