import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fake, startFakeAnthropic } from '../support/fake-anthropic';
import { type InProcessWorker, startWorkerInProcess } from '../support/in-process-worker';
import { killGroup, type Spawned, spawnWorker, waitUntil } from '../support/processes';
import { queueApiQuestions } from '../support/queued-questions';
import { sqlRows, sqlRun, sqlValue } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

type Row = Record<string, number | string | null>;

describe('drafting worker processes', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  const workers: Spawned[] = [];
  let next: InProcessWorker | undefined;

  const all = async (sql: string) => (await sqlRows(sql)) as Row[];
  const scalar = async (sql: string) => (await sqlValue(sql)) as number;

  beforeEach(async () => {
    temp = await useTempDatabase();
    await sqlRun("update questions set status = 'discarded'");
  });
  afterEach(async () => {
    await next?.stop();
    next = undefined;
    for (const worker of workers.splice(0)) {
      killGroup(worker, 'SIGKILL');
      await worker.exited;
    }
    await temp.cleanup();
  });

  it('two workers and 200 queued questions: each question is drafted exactly once', async () => {
    await queueApiQuestions(200);
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
        worker.output().includes('drafting with the'),
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
    await queueApiQuestions(1);
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

      // The next worker runs in this process: the crash under test is the first one's.
      const { DATABASE_PATH: _same, ...settings } = env;
      next = startWorkerInProcess(settings);
      await waitUntil(
        'the question is drafted',
        async () => (await scalar("select count(*) from questions where status = 'drafted'")) === 1,
      );
      expect(next.log.filter((line) => /^slot \d+:/.test(line))).toEqual([]);
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
    await queueApiQuestions(1);
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
      // Its output is the log: one JSON object a line, each with its level and time.
      for (const line of worker.output().split('\n').filter(Boolean)) {
        expect(JSON.parse(line), line).toMatchObject({
          level: expect.any(String),
          time: expect.any(String),
        });
      }
    } finally {
      await server.close();
    }
  }, 30_000);
});
