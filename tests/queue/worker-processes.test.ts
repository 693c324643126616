import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQuestion } from '@/db/questions';
import { fake, startFakeAnthropic } from '../support/fake-anthropic';
import { killGroup, type Spawned, spawnWorker, waitUntil } from '../support/processes';
import { sqlRows, sqlRun, sqlValue } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

type Row = Record<string, number | string | null>;

describe('drafting worker processes', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  const workers: Spawned[] = [];

  const all = async (sql: string) => (await sqlRows(sql)) as Row[];
  const scalar = async (sql: string) => (await sqlValue(sql)) as number;

  beforeEach(async () => {
    temp = await useTempDatabase();
    await sqlRun("update questions set status = 'discarded'");
  });
  afterEach(async () => {
    for (const worker of workers.splice(0)) {
      killGroup(worker, 'SIGKILL');
      await worker.exited;
    }
    await temp.cleanup();
  });

  const queueEmptied = () =>
    waitUntil(
      'every question has left the queue',
      async () =>
        (await scalar(
          "select count(*) from questions where channel = 'api' and status in ('queued', 'drafting')",
        )) === 0,
      30_000,
    );

  async function queue(count: number): Promise<void> {
    const start = Date.now();
    for (let i = 0; i < count; i++) {
      await createQuestion({
        text: i % 2 ? 'How much is a rye loaf?' : 'Are you open on Saturday?',
        customerName: `Customer ${i}`,
        customerEmail: null,
        channel: 'api',
        externalId: `q-${i}`,
        now: new Date(start + i),
      });
    }
  }

  it('two workers and 200 queued questions: each question is drafted exactly once', async () => {
    await queue(200);
    const env = { DATABASE_PATH: temp.path, DRAFT_MODEL: 'offline', DRAFT_CONCURRENCY: '2' };
    workers.push(spawnWorker(env), spawnWorker(env));
    await waitUntil(
      'every question is drafted',
      async () => (await scalar("select count(*) from questions where status = 'drafted'")) === 200,
      60_000,
    );
    const perQuestion = await all(
      "select q.id, count(r.id) as runs from questions q left join agent_runs r on r.question_id = q.id where q.channel = 'api' group by q.id",
    );
    expect(perQuestion).toHaveLength(200);
    expect(perQuestion.filter((row) => row.runs !== 1)).toEqual([]);
    expect(await scalar("select count(*) from agent_runs where stop_kind <> 'answered'")).toBe(0);
    expect(await scalar('select count(*) from tool_calls')).toBeGreaterThanOrEqual(200);

    // One worker may have drafted the lot before the other finished starting: a signal that
    // came before its handlers would end it by the signal instead of by its own shutdown.
    for (const worker of workers) {
      await waitUntil('the worker has started', () =>
        worker.output().includes('[worker] drafting with the'),
      );
    }
    for (const worker of workers) killGroup(worker, 'SIGTERM');
    const codes = await Promise.all(workers.map((w) => w.exited));
    expect(codes).toEqual([0, 0]);
  }, 90_000);

  function claudeEnv(url: string, extra: Record<string, string> = {}) {
    return {
      DATABASE_PATH: temp.path,
      DRAFT_MODEL: 'claude',
      ANTHROPIC_API_KEY: 'test-key',
      ANTHROPIC_BASE_URL: url,
      DRAFT_CONCURRENCY: '1',
      ...extra,
    };
  }

  it('a worker killed mid-draft loses nothing: the next worker drafts the question exactly once', async () => {
    await queue(1);
    const server = await startFakeAnthropic({
      script: [{ kind: 'stall' }, fake.text('Yes, we are open on Saturday from 08:00.')],
    });
    try {
      const env = claudeEnv(server.url, {
        DRAFT_LEASE_MS: '1500',
        CLAUDE_IDLE_TIMEOUT_MS: '60000',
      });
      const first = spawnWorker(env);
      workers.push(first);
      await waitUntil('the first worker is mid-draft', () => server.requests.length === 1);
      expect(await scalar("select count(*) from questions where status = 'drafting'")).toBe(1);
      killGroup(first, 'SIGKILL');
      expect(await first.exited).toBeNull();

      workers.push(spawnWorker(env));
      await waitUntil(
        'the question is drafted',
        async () => (await scalar("select count(*) from questions where status = 'drafted'")) === 1,
      );
      const [question] = await all(
        "select status, attempts, lease_owner, draft_text from questions where channel = 'api'",
      );
      // Claimed twice (two requests reached the model); the stored draft resets the count.
      expect(question).toEqual({
        status: 'drafted',
        attempts: 0,
        lease_owner: null,
        draft_text: 'Yes, we are open on Saturday from 08:00.',
      });
      expect(await scalar('select count(*) from agent_runs')).toBe(1);
      expect(await scalar("select count(*) from questions where status = 'drafting'")).toBe(0);
      expect(
        await scalar(
          'select count(*) from tool_calls where run_id not in (select id from agent_runs)',
        ),
      ).toBe(0);
      expect(server.requests).toHaveLength(2);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('on SIGTERM a worker aborts its draft, hands the question back and exits within 10 seconds', async () => {
    await queue(1);
    const server = await startFakeAnthropic({ script: [{ kind: 'stall' }] });
    try {
      const worker = spawnWorker(claudeEnv(server.url, { CLAUDE_IDLE_TIMEOUT_MS: '60000' }));
      workers.push(worker);
      await waitUntil('the worker is mid-draft', () => server.requests.length === 1);
      const signalledAt = Date.now();
      killGroup(worker, 'SIGTERM');
      expect(await worker.exited).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(10_000);
      expect(
        await all("select status, attempts, lease_owner from questions where channel = 'api'"),
      ).toEqual([{ status: 'queued', attempts: 0, lease_owner: null }]);
      expect(await scalar('select count(*) from agent_runs')).toBe(0);
      expect(worker.output()).toContain('handed back');
    } finally {
      await server.close();
    }
  }, 30_000);

  it('model faults through the Claude adapter each end in a state a person can read', async () => {
    await queue(5);
    const server = await startFakeAnthropic({
      script: [
        fake.error(429, 'rate_limit_error', 'slow down', { 'retry-after-ms': '1' }),
        fake.text('We are open on Saturday from 08:00 to 13:00.'),
        fake.error(400, 'invalid_request_error', 'messages: roles must alternate'),
        { kind: 'stall' },
        fake.stop('refusal'),
        fake.stop('max_tokens', 'We are open on Satur'),
      ],
    });
    try {
      const worker = spawnWorker(
        claudeEnv(server.url, { DRAFT_MAX_ATTEMPTS: '1', CLAUDE_IDLE_TIMEOUT_MS: '700' }),
      );
      workers.push(worker);
      await queueEmptied();
      const rows = await all(`
        select q.status, q.last_error, q.draft_text, r.stop_kind, r.stop_reason, r.error
        from questions q join agent_runs r on r.question_id = q.id
        where q.channel = 'api' order by q.received_at`);
      expect(rows.map((r) => [r.status, r.stop_kind, r.stop_reason])).toEqual([
        ['drafted', 'answered', null],
        ['failed', 'failed', null],
        ['failed', 'failed', null],
        ['drafted', 'modelStopped', 'refused'],
        ['drafted', 'modelStopped', 'truncated'],
      ]);
      expect(rows[0]?.draft_text).toBe('We are open on Saturday from 08:00 to 13:00.');
      expect(String(rows[1]?.last_error)).toContain('roles must alternate');
      expect(String(rows[1]?.error)).toContain('roles must alternate');
      expect(String(rows[2]?.last_error)).toMatch(/stream|idle|silent/i);
      expect(rows[3]?.draft_text).toBeNull();
      expect(server.requests).toHaveLength(6);
      expect(worker.child.exitCode).toBeNull();
      expect(worker.output()).not.toMatch(/Unhandled|uncaught/i);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('a request the API will refuse again fails at once with one request; a 529 is retried and then drafts', async () => {
    await queue(5);
    const server = await startFakeAnthropic({
      script: [
        fake.error(
          400,
          'invalid_request_error',
          "For 'integer' type, property 'maximum' is not supported",
        ),
        fake.error(401, 'authentication_error', 'invalid x-api-key'),
        fake.error(403, 'permission_error', 'this key may not use the model'),
        fake.error(413, 'request_too_large', 'request exceeds the maximum size'),
        fake.error(529, 'overloaded_error', 'Overloaded', { 'retry-after-ms': '1' }),
        fake.text('We are open on Saturday from 08:00 to 13:00.'),
      ],
    });
    try {
      // The queue's own attempts, not the SDK's, so each attempt is one request.
      const env = claudeEnv(server.url, { DRAFT_MAX_ATTEMPTS: '3', CLAUDE_MAX_RETRIES: '0' });
      workers.push(spawnWorker(env));
      await queueEmptied();
      const rows = await all(`
        select q.status, q.attempts, q.last_error,
          (select count(*) from agent_runs r where r.question_id = q.id) as runs
        from questions q where q.channel = 'api' order by q.received_at`);
      expect(rows.map((r) => [r.status, r.attempts, r.runs])).toEqual([
        ['failed', 1, 1],
        ['failed', 1, 1],
        ['failed', 1, 1],
        ['failed', 1, 1],
        // Two runs: the overloaded one and the draft; attempts start over once a draft is stored.
        ['drafted', 0, 2],
      ]);
      expect(rows.slice(0, 4).map((r) => r.last_error)).toEqual([
        "The model refused the request (400 invalid_request_error: For 'integer' type, property 'maximum' is not supported)",
        'The API key was rejected (401 authentication_error: invalid x-api-key)',
        'The API key may not use this model or feature (403 permission_error: this key may not use the model)',
        'The request was too large for the API (413 request_too_large: request exceeds the maximum size)',
      ]);
      expect(server.requests).toHaveLength(6);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('a model the API does not have fails the question at once, named', async () => {
    await queue(1);
    const server = await startFakeAnthropic({ script: [fake.text('never sent')] });
    try {
      const env = claudeEnv(server.url, { CLAUDE_MODEL: 'claude-imaginary-9' });
      workers.push(spawnWorker(env));
      await waitUntil(
        'the question has failed',
        async () =>
          (await scalar(
            "select count(*) from questions where channel = 'api' and status = 'failed'",
          )) === 1,
        30_000,
      );
      const [row] = await all("select attempts, last_error from questions where channel = 'api'");
      expect(row).toEqual({
        attempts: 1,
        last_error:
          'Model claude-imaginary-9 does not exist (404 not_found_error: model: claude-imaginary-9)',
      });
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  }, 60_000);
});
