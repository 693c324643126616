import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fake, startFakeAnthropic } from '../support/fake-anthropic';
import { type InProcessWorker, startWorkerInProcess } from '../support/in-process-worker';
import { waitUntil } from '../support/processes';
import { queueApiQuestions } from '../support/queued-questions';
import { sqlRows, sqlRun, sqlValue } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

type Row = Record<string, number | string | null>;

/*
 * What the drafting worker leaves behind when the Claude Messages API fails it, each fault in
 * a state a person can read. The worker runs in this process: the point is the queue and the
 * adapter, not the process (tests/queue/worker-processes.test.ts starts it as one).
 */
describe('the drafting worker and the Claude API’s faults', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let running: InProcessWorker | undefined;

  const all = async (sql: string) => (await sqlRows(sql)) as Row[];
  const scalar = async (sql: string) => (await sqlValue(sql)) as number;

  beforeEach(async () => {
    temp = await useTempDatabase();
    await sqlRun("update questions set status = 'discarded'");
  });
  afterEach(async () => {
    await running?.stop();
    running = undefined;
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

  function startClaudeWorker(url: string, extra: Record<string, string> = {}): InProcessWorker {
    running = startWorkerInProcess({
      DRAFT_MODEL: 'claude',
      ANTHROPIC_API_KEY: 'test-key',
      ANTHROPIC_BASE_URL: url,
      DRAFT_CONCURRENCY: '1',
      ...extra,
    });
    return running;
  }

  /** A draft that threw past the drafting function (a bug, a dead database) is logged so. */
  const crashes = (worker: InProcessWorker) => worker.log.filter((line) => /^slot \d+:/.test(line));

  it('model faults through the Claude adapter each end in a state a person can read', async () => {
    await queueApiQuestions(5);
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
      const worker = startClaudeWorker(server.url, {
        DRAFT_MAX_ATTEMPTS: '1',
        CLAUDE_IDLE_TIMEOUT_MS: '700',
      });
      await queueEmptied();
      const rows = await all(`
        select q.status, q.last_error, q.draft_text, r.stop_kind, r.stop_reason, r.error
        from questions q join agent_runs r on r.question_id = q.id
        where q.channel = 'api' order by q.received_at`);
      expect(rows.map((r) => [r.status, r.stop_kind, r.stop_reason])).toEqual([
        ['drafted', 'answered', null],
        // A failed request keeps its ModelFailure class, which GET /metrics counts by.
        ['failed', 'failed', 'refusedRequest'],
        ['failed', 'failed', 'stalled'],
        ['drafted', 'modelStopped', 'refused'],
        ['drafted', 'modelStopped', 'truncated'],
      ]);
      expect(rows[0]?.draft_text).toBe('We are open on Saturday from 08:00 to 13:00.');
      expect(String(rows[1]?.last_error)).toContain('roles must alternate');
      expect(String(rows[1]?.error)).toContain('roles must alternate');
      expect(String(rows[2]?.last_error)).toMatch(/stream|idle|silent/i);
      expect(rows[3]?.draft_text).toBeNull();
      expect(server.requests).toHaveLength(6);
      // Every fault was the drafting function's to record: none reached the worker's slot (an
      // error thrown past it, or a promise rejected with nobody waiting, fails the test run).
      expect(crashes(worker)).toEqual([]);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('a request the API will refuse again fails at once with one request; a 529 is retried and then drafts', async () => {
    await queueApiQuestions(5);
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
      startClaudeWorker(server.url, { DRAFT_MAX_ATTEMPTS: '3', CLAUDE_MAX_RETRIES: '0' });
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
      const classes = await all(
        "select r.stop_reason from agent_runs r where r.stop_kind = 'failed' order by r.id",
      );
      expect(classes.map((r) => r.stop_reason)).toEqual([
        'refusedRequest',
        'keyRejected',
        'forbidden',
        'tooLarge',
        'overloaded',
      ]);
      expect(server.requests).toHaveLength(6);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('a model the API does not have fails the question at once, named', async () => {
    await queueApiQuestions(1);
    const server = await startFakeAnthropic({ script: [fake.text('never sent')] });
    try {
      startClaudeWorker(server.url, { CLAUDE_MODEL: 'claude-imaginary-9' });
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
