import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getDb, otherConnectionsCommitCount } from '@/db/client';
import { createQuestion } from '@/db/questions';
import { startWorker, type Worker } from '@/server/drafting/worker';
import { useTempDatabase } from '../support/temp-db';

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
  let other: Database.Database;
  let worker: Worker | undefined;

  beforeEach(async () => {
    temp = await useTempDatabase();
    await getDb();
    other = new Database(temp.path);
    other.pragma('busy_timeout = 5000');
  });
  afterEach(async () => {
    await worker?.stop({ graceMs: 100 });
    worker = undefined;
    other.close();
    await temp.cleanup();
  });

  it('wakes when another connection commits, long before its poll', async () => {
    const drafted: number[] = [];
    worker = startWorker({
      concurrency: 1,
      leaseMs: 60_000,
      pollMs: 60_000,
      changeCheck: { everyMs: 20, read: otherConnectionsCommitCount },
      draft: async ({ question }) => {
        drafted.push(question.id);
      },
    });
    // The worker drafts whatever is queued at its start (the example bakery's samples), then
    // sleeps for the poll.
    await pause(300);

    // A question stored through this process's own connection announces nothing: the worker
    // (with no in-process news of it) sleeps on.
    const { question } = await createQuestion({
      text: 'Do you have rye on Friday?',
      customerName: 'Ana',
      customerEmail: null,
      channel: 'web',
    });
    await pause(400);
    expect(drafted).not.toContain(question.id);

    // Another process writes (a colleague's server, say): the change count moves and the
    // worker looks at once.
    other.prepare('update questions set version = version + 1 where id = ?').run(question.id);
    expect(await waitFor(() => drafted.includes(question.id), 5_000)).toBe(true);
  });

  it('without a change check, sleeps until its poll', async () => {
    const drafted: number[] = [];
    worker = startWorker({
      concurrency: 1,
      leaseMs: 60_000,
      pollMs: 60_000,
      draft: async ({ question }) => {
        drafted.push(question.id);
      },
    });
    await pause(300);
    const { question } = await createQuestion({
      text: 'Do you have rye on Friday?',
      customerName: 'Ana',
      customerEmail: null,
      channel: 'web',
    });
    other.prepare('update questions set version = version + 1 where id = ?').run(question.id);
    await pause(700);
    expect(drafted).not.toContain(question.id);
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
