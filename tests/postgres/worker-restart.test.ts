import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, getDb } from '@/db/client';
import { resetEnvForTests } from '@/lib/env';
import { type Postgres, startPostgres } from '../support/postgres';
import { killGroup, type Spawned, spawnWorker, waitUntil } from '../support/processes';
import { sqlRun, sqlValue } from '../support/sql';
import { expectWorkerRodeItOut } from '../support/worker-trouble';

/**
 * `npm run worker` drafting a backlog on PostgreSQL while the database restarts under it (a
 * throwaway server of its own, stopped and started as an operator's restart would): the worker
 * backs off while the database is away, never exits, and resumes on its own once it returns;
 * every question is drafted exactly once. The lease is a minute long, so a question the restart
 * caught mid-draft is drafted again within the test only because the worker hands it back.
 */
const QUESTIONS = 300;
const DOWN_MS = 3_000;

describe('the drafting worker across a PostgreSQL restart', () => {
  let server: Postgres;
  let worker: Spawned | undefined;
  const saved = { ...process.env };

  beforeAll(async () => {
    server = await startPostgres();
    process.env.DATABASE_URL = await server.createDatabase('desk');
    resetEnvForTests();
    await getDb();
  }, 60_000);
  afterAll(async () => {
    if (worker) {
      killGroup(worker, 'SIGKILL');
      await worker.exited;
    }
    await closeDb();
    process.env = { ...saved };
    resetEnvForTests();
    server?.stop();
  });

  /** Drafted questions, or undefined while this process's own pool cannot reach the server. */
  const drafted = async () =>
    sqlValue<number>("select count(*) from questions where status = 'drafted'").catch(
      () => undefined,
    );

  it('backs off while the database is away and drafts every question exactly once after', async () => {
    await sqlRun("update questions set status = 'discarded'");
    // Loaded once DATABASE_URL is set: the desk's tables are picked by engine as modules load.
    const { queueApiQuestions } = await import('../support/queued-questions');
    await queueApiQuestions(QUESTIONS);
    worker = spawnWorker({
      DATABASE_URL: process.env.DATABASE_URL ?? '',
      DRAFT_MODEL: 'offline',
      DRAFT_CONCURRENCY: '2',
      DRAFT_LEASE_MS: '60000',
    });
    const running = worker;

    // Under way: a few drafted, most still queued.
    await waitUntil('the worker is drafting', async () => ((await drafted()) ?? 0) >= 10, 60_000);
    server.down();
    const atStop = (await drafted()) ?? -1;
    expect(atStop).toBe(-1);
    await new Promise((resolve) => setTimeout(resolve, DOWN_MS));
    expect(running.child.exitCode, running.output()).toBeNull();

    server.up();
    const back = Date.now();
    let before: number | undefined;
    await waitUntil('this process reaches the database again', async () => {
      before = await drafted();
      return before !== undefined;
    });
    await waitUntil(
      'drafting resumes',
      async () => ((await drafted()) ?? 0) > (before ?? QUESTIONS),
      15_000,
    );
    const resumedAfterMs = Date.now() - back;
    expect(resumedAfterMs).toBeLessThan(10_000);

    await waitUntil(
      'every question is drafted',
      async () => (await drafted()) === QUESTIONS,
      120_000,
    );
    // It said so once a slot, not on every try, and drafted on by itself.
    await expectWorkerRodeItOut(running, { questions: QUESTIONS, slots: 2 });
    worker = undefined;
  }, 240_000);
});
