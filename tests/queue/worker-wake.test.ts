// @module-tag postgres: another connection's commits seen (data_version, NOTIFY).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getDb, otherConnectionsCommitCount } from '@/db/client';
import { exampleBakery } from '@/db/example-bakery';
import { createQuestion } from '@/db/questions';
import { startWorker, type Worker } from '@/server/drafting/worker';
import {
  type OutsideConnection,
  openOutsideConnection,
  queueQuestionElsewhere,
} from '../support/outside-connection';
import { onPostgres, useTempDatabase } from '../support/temp-db';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await pause(10);
  }
  return condition();
}

describe('an idle worker and another process’s writes', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let other: OutsideConnection;
  let worker: Worker | undefined;

  beforeEach(async () => {
    temp = await useTempDatabase();
    await getDb();
    other = await openOutsideConnection(temp);
  });
  afterEach(async () => {
    await worker?.stop({ graceMs: 100 });
    worker = undefined;
    await other.close();
    await temp.cleanup();
  });

  const idleWorker = (drafted: number[], changeCheck: boolean) =>
    startWorker({
      concurrency: 1,
      leaseMs: 60_000,
      pollMs: 60_000,
      ...(changeCheck ? { changeCheck: { everyMs: 20, read: otherConnectionsCommitCount } } : {}),
      draft: async ({ question }) => {
        drafted.push(question.id);
      },
    });

  /**
   * Waits until the worker has drafted the samples queued at its start and gone back to sleep:
   * on a busy machine that takes longer than any fixed pause.
   */
  const samplesDrafted = async (drafted: number[]) => {
    const samples = exampleBakery.sampleQuestions.length;
    expect(await waitFor(() => drafted.length >= samples, 10_000)).toBe(true);
    await pause(300);
  };

  it('wakes when another connection commits, long before its poll', async () => {
    const drafted: number[] = [];
    worker = idleWorker(drafted, true);
    // The worker drafts whatever is queued at its start (the example bakery's samples), then
    // sleeps for the poll.
    await samplesDrafted(drafted);
    const before = drafted.length;

    // Another process stores a question (a colleague's server, say): SQLite's data_version or
    // PostgreSQL's notice of the commit moves the change count, and the worker looks at once.
    await queueQuestionElsewhere(other, { text: 'Do you have rye on Friday?', at: Date.now() });
    expect(await waitFor(() => drafted.length === before + 1, 5_000)).toBe(true);
  });

  // SQLite's data_version counts only other connections' commits, so the process's own writes
  // must announce themselves in-process; PostgreSQL announces every commit, its own included.
  it.runIf(!onPostgres())(
    'on SQLite, a write through this process’s own connection announces nothing',
    async () => {
      const drafted: number[] = [];
      worker = idleWorker(drafted, true);
      await samplesDrafted(drafted);
      const { question } = await createQuestion({
        text: 'Do you have rye on Friday?',
        customerName: 'Ana',
        customerEmail: null,
        channel: 'web',
      });
      await pause(400);
      expect(drafted).not.toContain(question.id);
      await other.run('update questions set version = version + 1 where id = ?', question.id);
      expect(await waitFor(() => drafted.includes(question.id), 5_000)).toBe(true);
    },
  );

  it('without a change check, sleeps until its poll', async () => {
    const drafted: number[] = [];
    worker = idleWorker(drafted, false);
    await samplesDrafted(drafted);
    const before = drafted.length;
    await queueQuestionElsewhere(other, { text: 'Do you have rye on Friday?', at: Date.now() });
    await pause(700);
    expect(drafted.length).toBe(before);
  });
});

describe('a worker draining a backlog', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let worker: Worker | undefined;

  beforeEach(async () => {
    temp = await useTempDatabase();
    await getDb();
  });
  afterEach(async () => {
    await worker?.stop({ graceMs: 100 });
    worker = undefined;
    await temp.cleanup();
  });

  it('lets the event loop run between drafts, even when each draft needs no I/O', async () => {
    for (let n = 0; n < 40; n++) {
      await createQuestion({
        text: `Question ${n}`,
        customerName: 'Ana',
        customerEmail: null,
        channel: 'web',
      });
    }
    const drafted: number[] = [];
    let draftedWhenARequestGotIn: number | undefined;
    worker = startWorker({
      concurrency: 1,
      leaseMs: 60_000,
      pollMs: 60_000,
      // Like the offline drafter: resolves without waiting on anything outside the process.
      draft: async ({ question }) => {
        drafted.push(question.id);
      },
    });
    // Stands for a request arriving on the server while the backlog drains.
    setImmediate(() => {
      draftedWhenARequestGotIn = drafted.length;
    });
    expect(await waitFor(() => drafted.length >= 40, 5_000)).toBe(true);
    expect(draftedWhenARequestGotIn).toBeDefined();
    expect(draftedWhenARequestGotIn).toBeLessThan(5);
  });
});
