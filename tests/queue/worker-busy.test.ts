import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { killGroup, type Spawned, spawnWorker, waitUntil } from '../support/processes';
import { queueApiQuestions } from '../support/queued-questions';
import { sqlRun, sqlValue } from '../support/sql';
import { type TempDatabase, useTempDatabase } from '../support/temp-db';
import { expectWorkerRodeItOut } from '../support/worker-trouble';

/**
 * `npm run worker` on SQLite while another process holds the write lock well past the busy
 * timeout (5 s): its claims fail as "database is locked", it backs off rather than exiting or
 * trying every poll, and once the lock is let go it drafts on by itself, each question once.
 */
const QUESTIONS = 60;
const HELD_MS = 12_000;

describe('the drafting worker and a SQLite write lock held elsewhere', () => {
  let temp: TempDatabase;
  let worker: Spawned | undefined;

  beforeEach(async () => {
    temp = await useTempDatabase();
    await sqlRun("update questions set status = 'discarded'");
  });
  afterEach(async () => {
    if (worker) {
      killGroup(worker, 'SIGKILL');
      await worker.exited;
      worker = undefined;
    }
    await temp.cleanup();
  });

  const drafted = () => sqlValue<number>("select count(*) from questions where status = 'drafted'");

  it('backs off while the lock is held and drafts every question once after', async () => {
    await queueApiQuestions(QUESTIONS);
    // Not ready yet: the worker starts idle, and its claims are what the lock holds up.
    await sqlRun("update questions set not_before = ? where channel = 'api'", Date.now() + 600_000);
    worker = spawnWorker({
      DATABASE_PATH: temp.path,
      DRAFT_MODEL: 'offline',
      DRAFT_CONCURRENCY: '2',
      DRAFT_LEASE_MS: '60000',
    });
    const running = worker;
    await waitUntil('the worker has started', () => running.output().includes('drafting with'));

    // Another process takes the write lock and, in the same transaction, makes the questions
    // ready: they become claimable the moment the lock is let go.
    const other = new Database(temp.path);
    other.exec('BEGIN IMMEDIATE');
    other.prepare("update questions set not_before = null where channel = 'api'").run();
    await new Promise((resolve) => setTimeout(resolve, HELD_MS));
    expect(running.child.exitCode, running.output()).toBeNull();
    expect(await drafted()).toBe(0);
    other.exec('COMMIT');
    other.close();
    const released = Date.now();

    await waitUntil('drafting resumes', async () => (await drafted()) > 0, 15_000);
    expect(Date.now() - released).toBeLessThan(10_000);
    await waitUntil(
      'every question is drafted',
      async () => (await drafted()) === QUESTIONS,
      90_000,
    );

    expect(running.output()).toContain('database is locked');
    await expectWorkerRodeItOut(running, { questions: QUESTIONS, slots: 2 });
    worker = undefined;
  }, 180_000);
});
