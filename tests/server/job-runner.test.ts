import { afterEach, describe, expect, it } from 'vitest';
import {
  isLeaseLost,
  type JobDefinition,
  type JobRunner,
  LeaseLost,
  type RunnerClock,
  retryWhileAway,
  startJobRunner,
} from '@/server/jobs/runner';

/**
 * The job runner against a fake queue (leases in memory, a database that can be "down") and a
 * fake clock, so leases, renewals, back-off and wake-ups are checked to the millisecond.
 */

/** Lets every promise and immediate queued so far run (the runner's steps chain a few deep). */
async function settle(): Promise<void> {
  for (let i = 0; i < 30; i++) await new Promise((resolve) => setImmediate(resolve));
}

function fakeClock() {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const clock: RunnerClock = {
    now: () => new Date(now),
    setTimeout: (callback, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout: (id) => {
      timers.delete(id as number);
    },
  };
  return {
    clock,
    now: () => now,
    /** Moves time forward, firing each timer at its own moment, in order. */
    async advance(ms: number) {
      const end = now + ms;
      await settle();
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, timer]) => timer.at <= end)
          .sort(([a, x], [b, y]) => x.at - y.at || a - b)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
        await settle();
      }
      now = end;
      await settle();
    },
  };
}

type FakeJob = { id: number; token: string };
type Row = {
  id: number;
  status: 'queued' | 'held' | 'done';
  token?: string;
  owner?: string;
  expiresAt: number;
  attempts: number;
};

class DatabaseDown extends Error {
  override readonly name = 'DatabaseDown';
  constructor() {
    super('connect ECONNREFUSED 127.0.0.1:5432');
  }
}

/**
 * A queue as the desk's tables keep one: a claim takes the oldest queued job or one whose lease
 * ran out, under a new token; renewing and finishing need that token. While `down`, every
 * statement throws, as a pool does while PostgreSQL restarts.
 */
function fakeQueue(count: number, clockNow: () => number, leaseMs = 3_000) {
  const rows: Row[] = Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    status: 'queued',
    expiresAt: 0,
    attempts: 0,
  }));
  const calls = { claims: [] as number[], renewals: [] as number[], handBacks: 0, releaseAll: 0 };
  const runs: { id: number; token: string; at: number }[] = [];
  const finished: { id: number; token: string }[] = [];
  let tokens = 0;
  const queue = {
    rows,
    calls,
    runs,
    finished,
    down: false,
    /** How each run behaves: by default it finishes at once, writing `done` under its token. */
    run: async (job: FakeJob, _signal: AbortSignal): Promise<void> => {
      queue.finish(job);
    },
    finish(job: FakeJob) {
      if (queue.down) throw new DatabaseDown();
      const row = rows.find((r) => r.id === job.id);
      if (row?.status === 'held' && row.token === job.token) {
        row.status = 'done';
        finished.push(job);
      }
    },
    guard() {
      if (queue.down) throw new DatabaseDown();
    },
  };
  const definition: JobDefinition<FakeJob> = {
    name: 'fake',
    describe: (job) => `job ${job.id}`,
    leaseMs,
    claim: async ({ owner }) => {
      calls.claims.push(clockNow());
      queue.guard();
      const row = rows.find(
        (r) => r.status === 'queued' || (r.status === 'held' && r.expiresAt < clockNow()),
      );
      if (!row) return undefined;
      tokens += 1;
      Object.assign(row, {
        status: 'held',
        token: `t${tokens}`,
        owner,
        expiresAt: clockNow() + leaseMs,
        attempts: row.attempts + 1,
      });
      return { id: row.id, token: `t${tokens}` };
    },
    renew: async (job, now) => {
      calls.renewals.push(now.getTime());
      queue.guard();
      const row = rows.find((r) => r.id === job.id);
      if (row?.status !== 'held' || row.token !== job.token) return false;
      row.expiresAt = now.getTime() + leaseMs;
      return true;
    },
    run: async (job, { signal }) => {
      runs.push({ ...job, at: clockNow() });
      await queue.run(job, signal);
    },
    handBack: async (job, now) => {
      calls.handBacks += 1;
      queue.guard();
      const row = rows.find((r) => r.id === job.id);
      if (row?.status !== 'held' || row.token !== job.token) return false;
      row.expiresAt = now.getTime() - 1;
      return true;
    },
    releaseAll: async ({ owner }) => {
      calls.releaseAll += 1;
      queue.guard();
      let released = 0;
      for (const row of rows) {
        if (row.status === 'held' && row.owner === owner) {
          Object.assign(row, { status: 'queued', token: undefined, owner: undefined });
          released += 1;
        }
      }
      return released;
    },
  };
  return { queue, definition };
}

/** A run that waits until the test ends it, or until its signal aborts. */
function heldRuns() {
  const pending = new Map<number, { job: FakeJob; done: () => void; signal: AbortSignal }>();
  const reasons: unknown[] = [];
  const run = (job: FakeJob, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      pending.set(job.id, { job, done: resolve, signal });
      signal.addEventListener('abort', () => {
        reasons.push(signal.reason);
        pending.delete(job.id);
        resolve();
      });
    });
  return { pending, reasons, run };
}

describe('the job runner', () => {
  let runner: JobRunner | undefined;
  afterEach(async () => {
    await runner?.stopNow().catch(() => 0);
    runner = undefined;
  });

  const start = (
    definition: JobDefinition<FakeJob>,
    clock: RunnerClock,
    options: Partial<Parameters<typeof startJobRunner>[1]> = {},
  ) => {
    const log: string[] = [];
    runner = startJobRunner(definition, {
      concurrency: 2,
      pollMs: 60_000,
      owner: 'w1',
      clock,
      random: () => 0.999_999,
      yieldTurn: () => Promise.resolve(),
      log: (line) => log.push(line),
      ...options,
    });
    return { runner, log };
  };

  /** A runner over `count` jobs whose runs wait until the test ends them (or they abort). */
  const startHeld = (count: number, options: { leaseMs?: number; concurrency?: number } = {}) => {
    const time = fakeClock();
    const { queue, definition } = fakeQueue(count, time.now, options.leaseMs);
    const held = heldRuns();
    queue.run = held.run;
    const { runner } = start(definition, time.clock, { concurrency: options.concurrency ?? 2 });
    return { time, queue, held, runner };
  };

  it('claims each job under a token of its own and runs it once, then sleeps', async () => {
    const time = fakeClock();
    const { queue, definition } = fakeQueue(5, time.now);
    start(definition, time.clock);
    await time.advance(10);
    expect(queue.runs.map((run) => run.id).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(queue.runs.map((run) => run.token)).size).toBe(5);
    expect(queue.finished).toHaveLength(5);
    // Both slots then found the queue empty once each, and sleep until the poll.
    const claims = queue.calls.claims.length;
    expect(claims).toBe(7);
    await time.advance(59_000);
    expect(queue.calls.claims.length).toBe(claims);
    await time.advance(1_000);
    expect(queue.calls.claims.length).toBe(claims + 2);
  });

  it('renews a lease every third of it while the job runs, and stops once it is done', async () => {
    const { time, queue, held } = startHeld(1, { leaseMs: 3_000, concurrency: 1 });
    await time.advance(10_000);
    expect(queue.calls.renewals).toEqual([
      1_000, 2_000, 3_000, 4_000, 5_000, 6_000, 7_000, 8_000, 9_000, 10_000,
    ]);
    expect(queue.rows[0]?.expiresAt).toBe(13_000);
    const entry = held.pending.get(1);
    if (!entry) throw new Error('the job is not running');
    queue.finish(entry.job);
    entry.done();
    await time.advance(5_000);
    expect(queue.calls.renewals).toHaveLength(10);
    expect(queue.rows[0]?.status).toBe('done');
  });

  it('aborts a job whose lease another claim took, with the reason LeaseLost', async () => {
    const { time, queue, held } = startHeld(1, { leaseMs: 3_000, concurrency: 1 });
    await time.advance(10);
    // Another worker's claim (after this one's lease ran out, say): a new token on the row.
    const row = queue.rows[0];
    if (!row) throw new Error('no row');
    row.token = 'someone-else';
    await time.advance(1_000);
    expect(held.reasons).toHaveLength(1);
    expect(isLeaseLost(held.reasons[0])).toBe(true);
    expect(queue.finished).toEqual([]);
  });

  it('keeps renewing through a database that fails a beat, and keeps the job', async () => {
    const { time, queue, held } = startHeld(1, { leaseMs: 3_000, concurrency: 1 });
    await time.advance(1_500);
    queue.down = true;
    await time.advance(1_000);
    queue.down = false;
    await time.advance(1_000);
    expect(held.reasons).toEqual([]);
    expect(queue.rows[0]?.expiresAt).toBe(3_000 + 3_000);
  });

  it('on stop, lets jobs in hand finish within the grace, then hands back the rest', async () => {
    const { time, queue, held, runner } = startHeld(3);
    await time.advance(10);
    expect([...held.pending.keys()].sort()).toEqual([1, 2]);
    const stopped = runner.stop({ graceMs: 2_000 });
    // Job 1 finishes within the grace; job 2 does not and is aborted.
    await time.advance(500);
    const first = held.pending.get(1);
    if (!first) throw new Error('job 1 is not running');
    queue.finish(first.job);
    first.done();
    await time.advance(1_500);
    expect(await stopped).toBe(1);
    expect(held.reasons).toHaveLength(1);
    expect(isLeaseLost(held.reasons[0])).toBe(false);
    expect(queue.rows.map((row) => row.status)).toEqual(['done', 'queued', 'queued']);
    // Nothing more is claimed once stopped.
    const claims = queue.calls.claims.length;
    await time.advance(120_000);
    expect(queue.calls.claims.length).toBe(claims);
  });

  it('stopNow aborts at once and starts the hand-back before it returns', async () => {
    const { time, queue, held, runner } = startHeld(2);
    await time.advance(10);
    const released = runner.stopNow();
    expect(queue.calls.releaseAll).toBe(1);
    expect(held.reasons).toHaveLength(2);
    expect(await released).toBe(2);
  });

  it('backs off while the database is down, with growing waits up to the cap, then resumes', async () => {
    const time = fakeClock();
    const { queue, definition } = fakeQueue(0, time.now);
    queue.down = true;
    const { log } = start(definition, time.clock, { concurrency: 1 });
    await time.advance(20_000);
    // 0, then 250, 500, 1 000, 2 000 and 4 000 ms apart (the random draw at its highest).
    expect(queue.calls.claims.slice(0, 7)).toEqual([0, 250, 750, 1_750, 3_750, 7_750, 11_750]);
    const tries = queue.calls.claims.length;
    expect(tries).toBe(9);
    // One line when the trouble starts, not one per try.
    expect(log.filter((line) => line.includes('did not answer'))).toHaveLength(1);
    expect(log.join('\n')).toContain('ECONNREFUSED');

    // The database returns with work queued: found at the next try, within the cap.
    queue.down = false;
    queue.rows.push({ id: 1, status: 'queued', expiresAt: 0, attempts: 0 });
    await time.advance(4_000);
    expect(queue.finished).toEqual([{ id: 1, token: 't1' }]);
    expect(log.some((line) => line.includes('answers again after 9 failed tries'))).toBe(true);
  });

  it('jitters the waits, so slots that lost the database together do not return in step', async () => {
    const time = fakeClock();
    const { queue, definition } = fakeQueue(0, time.now);
    queue.down = true;
    const draws = [0, 0.5, 0.9, 0.1, 0.3, 0.7, 0.2, 0.8];
    let n = 0;
    start(definition, time.clock, { concurrency: 2, random: () => draws[n++ % draws.length] ?? 0 });
    await time.advance(3_000);
    // Both slots try at once at the start; after that, never at the same instant.
    const claims = queue.calls.claims;
    expect(claims.slice(0, 6)).toEqual([0, 0, 125, 188, 463, 600]);
    expect(new Set(claims.slice(2)).size).toBe(claims.length - 2);
  });

  it('hands back a job whose run threw while the database was away, and it runs once more', async () => {
    const time = fakeClock();
    const { queue, definition } = fakeQueue(1, time.now, 30_000);
    let first = true;
    queue.run = async (job) => {
      if (first) {
        first = false;
        // The database goes away mid-job: the outcome cannot be written.
        queue.down = true;
      }
      queue.finish(job);
    };
    start(definition, time.clock, { concurrency: 1 });
    await time.advance(3_000);
    // The hand-back is tried with back-off, and nothing is claimed while the job is in hand.
    expect(queue.calls.handBacks).toBeGreaterThan(1);
    expect(queue.calls.claims).toEqual([0]);
    expect(queue.runs).toHaveLength(1);

    queue.down = false;
    await time.advance(4_000);
    // Handed back under its token (long before its 30 s lease ran out), claimed anew and run.
    expect(queue.runs.map((run) => run.token)).toEqual(['t1', 't2']);
    expect(queue.finished).toEqual([{ id: 1, token: 't2' }]);
    expect(queue.rows[0]?.attempts).toBe(2);
    expect(time.now()).toBeLessThan(30_000);
  });

  it('wakes idle slots on news of work and on another process’s commit, not only at the poll', async () => {
    const time = fakeClock();
    const { queue, definition } = fakeQueue(0, time.now);
    let wake: () => void = () => {};
    let commits = 0;
    start(definition, time.clock, {
      concurrency: 1,
      wakeOn: [
        (callback) => {
          wake = callback;
          return () => {
            wake = () => {};
          };
        },
      ],
      changeCheck: { everyMs: 25, read: async () => commits },
    });
    await time.advance(100);
    queue.rows.push({ id: 1, status: 'queued', expiresAt: 0, attempts: 0 });
    wake();
    await time.advance(1);
    expect(queue.finished.map((job) => job.id)).toEqual([1]);

    // Another process queues a job and commits: the count moves, seen within 25 ms.
    queue.rows.push({ id: 2, status: 'queued', expiresAt: 0, attempts: 0 });
    commits += 1;
    await time.advance(25);
    expect(queue.finished.map((job) => job.id)).toEqual([1, 2]);
  });

  it('a wake does not cut a back-off short, but a stop does', async () => {
    const time = fakeClock();
    const { queue, definition } = fakeQueue(0, time.now);
    let wake: () => void = () => {};
    queue.down = true;
    const { runner } = start(definition, time.clock, {
      concurrency: 1,
      wakeOn: [
        (callback) => {
          wake = callback;
          return () => {};
        },
      ],
    });
    await time.advance(800);
    expect(queue.calls.claims).toEqual([0, 250, 750]);
    wake();
    await time.advance(10);
    expect(queue.calls.claims).toEqual([0, 250, 750]);
    queue.down = false;
    // Stopped mid-wait: at once, with nothing held to hand back.
    expect(await runner.stop({ graceMs: 10_000 })).toBe(0);
    expect(queue.calls.claims).toEqual([0, 250, 750]);
  });
});

describe('a write that must not be lost, while the database is away', () => {
  const flaky = (failures: number, now: () => number) => {
    const tries: number[] = [];
    const work = async () => {
      tries.push(now());
      if (tries.length <= failures) throw new Error('connect ECONNREFUSED');
      return 'recorded';
    };
    return { tries, work };
  };

  const retry = (
    work: () => Promise<string>,
    time: ReturnType<typeof fakeClock>,
    { signal = new AbortController().signal, withinMs = 30_000 } = {},
  ) => retryWhileAway(work, { signal, withinMs, clock: time.clock, random: () => 0.999_999 });

  it('is tried again with back-off until it goes through', async () => {
    const time = fakeClock();
    const { tries, work } = flaky(3, time.now);
    const done = retry(work, time);
    await time.advance(5_000);
    expect(await done).toBe('recorded');
    expect(tries).toEqual([0, 250, 750, 1_750]);
  });

  it('gives up with the last error once the next try would fall past its time', async () => {
    const time = fakeClock();
    const { tries, work } = flaky(100, time.now);
    const done = retry(work, time, { withinMs: 2_000 });
    const failed = expect(done).rejects.toThrow('ECONNREFUSED');
    await time.advance(5_000);
    await failed;
    // The wait after the fourth (2 s) would end past the 2 s allowed.
    expect(tries).toEqual([0, 250, 750, 1_750]);
  });

  it('stops when the worker stops, but not when the lease is lost', async () => {
    const time = fakeClock();
    const lost = new AbortController();
    lost.abort(new LeaseLost());
    const kept = flaky(2, time.now);
    const goesOn = retry(kept.work, time, { signal: lost.signal });
    await time.advance(1_000);
    expect(await goesOn).toBe('recorded');

    const stopping = new AbortController();
    const given = flaky(100, time.now);
    const stops = retry(given.work, time, { signal: stopping.signal });
    const failed = expect(stops).rejects.toThrow('ECONNREFUSED');
    await time.advance(100);
    stopping.abort(new Error('shutting down'));
    await time.advance(1);
    await failed;
    expect(given.tries).toHaveLength(2);
  });
});
