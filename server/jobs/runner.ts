import 'server-only';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setImmediate } from 'node:timers/promises';
import {
  type Backoff,
  backoffDelay,
  DATABASE_BACKOFF,
  nextStep,
  type SlotEvent,
  type SlotState,
  type SlotStep,
} from '@/lib/jobs/slot';
import type { Log } from '../log';

/**
 * One leased-job runner for every queue the desk works through (drafting, email delivery): slots
 * that claim a job under a lease token new to that claim, renew the lease while the job runs,
 * let the job write its own outcome under that token, and hand back what they hold when the
 * process stops. Idle slots wake on news of work in this process, on another process's commit
 * (a change count: SQLite's data_version, PostgreSQL's desk_changes notices), or at the poll.
 * When the database does not answer, a slot backs off (`lib/jobs/slot.ts`) and carries on by
 * itself once it answers again; nothing the database does ends the process.
 *
 * A queue is a `JobDefinition`: what to claim, how to renew, run and hand back one job.
 */
export type JobDefinition<Job> = {
  /** For the log: "drafting", "email delivery". */
  name: string;
  /** For the log: "question 12". */
  describe: (job: Job) => string;
  /** The oldest job ready, under a new lease token for `owner`, or nothing. */
  claim: (input: { owner: string; now: Date }) => Promise<Job | undefined>;
  /** Extends the job's lease under its token; false once the lease is no longer this claim's. */
  renew: (job: Job, now: Date) => Promise<boolean>;
  /**
   * Runs one claimed job and writes what came of it (success or failure), under its token. The
   * signal aborts when the runner stops or the lease is lost (`isLeaseLost(signal.reason)`).
   * A throw means the job's outcome could not be written (the database went away, a bug).
   */
  run: (job: Job, context: { owner: string; signal: AbortSignal }) => Promise<unknown>;
  /**
   * After a run that threw: ends this claim's lease now (under its token only), so the job is
   * claimable at once, as one whose worker died, rather than when the lease runs out.
   */
  handBack: (job: Job, now: Date) => Promise<unknown>;
  /** On shutdown: hands back every job `owner` still holds; how many. */
  releaseAll: (input: { owner: string; now: Date }) => Promise<number>;
  /** How long a lease lasts; it is renewed every third of it (at least every 250 ms). */
  leaseMs: number;
};

/** Time as the runner sees it: the real clock, or a test's. */
export type RunnerClock = {
  now: () => Date;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

export const systemClock: RunnerClock = {
  now: () => new Date(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type RunnerOptions = {
  concurrency: number;
  /** How often an idle slot looks for work anyway. */
  pollMs: number;
  owner?: string;
  /** In-process news of work: each subscription calls `wake`, and returns its unsubscribe. */
  wakeOn?: ((wake: () => void) => () => void)[];
  /**
   * A cheap count that moves when another process commits, read every `everyMs` while the
   * runner runs: work another process queued wakes idle slots within that time.
   */
  changeCheck?: { everyMs: number; read: () => Promise<number> };
  /** Before the first claim (a mail server's check, say); its failure is the caller's to catch. */
  beforeClaiming?: () => Promise<void>;
  backoff?: Backoff;
  clock?: RunnerClock;
  random?: () => number;
  /** Between one job and the next claim: the event loop's turn (tests may pass their own). */
  yieldTurn?: () => Promise<void>;
  log?: Log;
};

export type JobRunner = {
  readonly owner: string;
  /**
   * Stops claiming, lets the jobs in hand finish for up to graceMs, aborts the rest and hands
   * back their leases. Resolves once every slot has stopped, with how many were handed back.
   */
  stop: (options?: { graceMs?: number }) => Promise<number>;
  /**
   * For a process that is exiting now: aborts everything and starts handing back every lease
   * before the event loop's next turn (after any transaction already open in this process); the
   * promise brings the count.
   */
  stopNow: () => Promise<number>;
};

/** A process's owner id: the host, the process and a random part, so two runs never share one. */
export function newWorkerOwner(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/** The abort reason of a job whose lease was lost to a later claim. */
export class LeaseLost extends Error {
  override readonly name = 'LeaseLost';
  constructor() {
    super('The lease on this job was lost.');
  }
}

/** Whether a job's signal was aborted because its lease was lost (by name: bundles differ). */
export function isLeaseLost(reason: unknown): boolean {
  return (reason as { name?: unknown } | undefined)?.name === 'LeaseLost';
}

export type HeldLease = {
  /** Aborted when the caller's signal aborts, or with `LeaseLost` when a renewal finds it gone. */
  signal: AbortSignal;
  /** Stops renewing. */
  release: () => void;
};

/**
 * Renews a lease every `everyMs` while work runs under it, one renewal at a time. A renewal
 * that fails (a busy or absent database) is tried again at the next beat, well before the lease
 * runs out; one that finds the lease taken aborts the work. Used by the runner for every job,
 * and by a person's "draft now", which claims outside it.
 */
export function holdLease(input: {
  renew: (now: Date) => Promise<boolean>;
  everyMs: number;
  signal?: AbortSignal;
  clock?: RunnerClock;
}): HeldLease {
  const clock = input.clock ?? systemClock;
  const controller = new AbortController();
  const onAbort = () => controller.abort(input.signal?.reason);
  input.signal?.addEventListener('abort', onAbort, { once: true });
  if (input.signal?.aborted) onAbort();
  let holding = true;
  let timer: unknown;
  const beat = async () => {
    try {
      if (!(await input.renew(clock.now())) && holding) controller.abort(new LeaseLost());
    } catch {
      // The next beat tries again.
    }
    if (holding && !controller.signal.aborted) schedule();
  };
  const schedule = () => {
    timer = clock.setTimeout(() => void beat(), input.everyMs);
  };
  schedule();
  return {
    signal: controller.signal,
    release: () => {
      holding = false;
      clock.clearTimeout(timer);
      input.signal?.removeEventListener('abort', onAbort);
    },
  };
}

/**
 * Runs a write that must not be lost (a mail server's acceptance on record) until it succeeds:
 * while the database does not answer it is tried again with the runner's back-off, for up to
 * `withinMs`, or until the signal aborts for a stop (a lost lease does not stop it: a fact is
 * recorded whoever holds the lease). Past that, the last error is thrown.
 */
export async function retryWhileAway<T>(
  work: () => Promise<T>,
  options: {
    signal: AbortSignal;
    withinMs: number;
    backoff?: Backoff;
    clock?: RunnerClock;
    random?: () => number;
  },
): Promise<T> {
  const clock = options.clock ?? systemClock;
  const deadline = clock.now().getTime() + options.withinMs;
  const stopping = () => options.signal.aborted && !isLeaseLost(options.signal.reason);
  for (let failures = 1; ; failures++) {
    try {
      return await work();
    } catch (error) {
      const wait = backoffDelay(
        failures,
        options.backoff ?? DATABASE_BACKOFF,
        options.random ?? Math.random,
      );
      if (stopping() || clock.now().getTime() + wait > deadline) throw error;
      await new Promise<void>((resolve) => {
        const done = () => {
          clock.clearTimeout(timer);
          options.signal.removeEventListener('abort', done);
          resolve();
        };
        const timer = clock.setTimeout(done, wait);
        options.signal.addEventListener('abort', done, { once: true });
      });
    }
  }
}

/** How often idle slots ask whether another process committed: a constant-time read. */
export const COMMIT_CHECK_MS = 25;

/** How often a job's lease is renewed: a third of it, never more often than every 250 ms. */
export const renewEveryMs = (leaseMs: number) => Math.max(250, Math.floor(leaseMs / 3));

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function startJobRunner<Job>(
  definition: JobDefinition<Job>,
  options: RunnerOptions,
): JobRunner {
  const owner = options.owner ?? newWorkerOwner();
  const log = options.log ?? (() => {});
  const clock = options.clock ?? systemClock;
  const random = options.random ?? Math.random;
  const backoff = options.backoff ?? DATABASE_BACKOFF;
  const yieldTurn = options.yieldTurn ?? (() => setImmediate());
  const abortAll = new AbortController();
  let claiming = true;

  // Sleepers: idle slots (woken by news, a change, the poll or a stop) and backing-off slots
  // (woken by their timer or a stop only: news does not mean the database answers again).
  const idleSleepers = new Set<() => void>();
  const waitingSleepers = new Set<() => void>();
  const sleep = (ms: number, sleepers: Set<() => void>) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clock.clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = clock.setTimeout(wake, ms);
      sleepers.add(wake);
    });
  const wakeIdle = () => {
    for (const wake of [...idleSleepers]) wake();
  };
  const unsubscribes = (options.wakeOn ?? []).map((subscribe) => subscribe(wakeIdle));
  const stopChangeCheck = options.changeCheck
    ? watchChanges(options.changeCheck, wakeIdle, clock, log)
    : () => {};

  const runOne = async (job: Job, index: number): Promise<SlotEvent> => {
    const lease = holdLease({
      renew: (now) => definition.renew(job, now),
      everyMs: renewEveryMs(definition.leaseMs),
      signal: abortAll.signal,
      clock,
    });
    try {
      await definition.run(job, { owner, signal: lease.signal });
      return 'ran';
    } catch (error) {
      log(`slot ${index}: ${definition.describe(job)}: ${(error as Error)?.stack ?? error}`, {
        level: 'error',
      });
      return 'crashed';
    } finally {
      lease.release();
    }
  };

  async function slot(index: number): Promise<void> {
    let state: SlotState = { failures: 0 };
    let step: SlotStep = { do: 'claim', yieldFirst: false };
    let job: Job | undefined;
    const advance = (event: SlotEvent, error?: unknown): SlotStep => {
      const before = state.failures;
      const next = nextStep(state, event, backoff, random);
      state = next.state;
      if (before === 0 && state.failures > 0) {
        log(
          `slot ${index}: the database did not answer (${messageOf(error)}); trying again with back-off`,
          { level: 'warn' },
        );
      } else if (before > 0 && state.failures === 0) {
        log(`slot ${index}: the database answers again after ${before} failed tries`);
      }
      return next.step;
    };
    while (claiming) {
      switch (step.do) {
        case 'claim':
          if (step.yieldFirst) await yieldTurn();
          if (!claiming) break;
          try {
            job = await definition.claim({ owner, now: clock.now() });
            step = advance(job === undefined ? 'empty' : 'claimed');
          } catch (error) {
            step = advance('claimFailed', error);
          }
          break;
        case 'run':
          // A stop that came while the claim was on its way still lets this job run: it is in
          // hand, and stop's grace (or its abort) decides how it ends.
          step = job === undefined ? advance('empty') : advance(await runOne(job, index));
          break;
        case 'sleep':
          await sleep(options.pollMs, idleSleepers);
          step = { do: 'claim', yieldFirst: false };
          break;
        case 'handBack':
          try {
            if (job !== undefined) await definition.handBack(job, clock.now());
            job = undefined;
            step = advance('handedBack');
          } catch (error) {
            step = advance('handBackFailed', error);
          }
          break;
        case 'wait':
          await sleep(step.ms, waitingSleepers);
          step = step.retry === 'claim' ? { do: 'claim', yieldFirst: false } : { do: 'handBack' };
          break;
      }
    }
  }

  const running = (async () => {
    await options.beforeClaiming?.();
    await Promise.all(Array.from({ length: options.concurrency }, (_, i) => slot(i)));
  })();

  const halt = () => {
    claiming = false;
    for (const unsubscribe of unsubscribes) unsubscribe();
    stopChangeCheck();
    wakeIdle();
    for (const wake of [...waitingSleepers]) wake();
  };
  const releaseAll = () => definition.releaseAll({ owner, now: clock.now() });

  return {
    owner,
    async stop({ graceMs = 8_000 } = {}) {
      halt();
      const finished = running.then(
        () => true,
        () => true,
      );
      let timer: unknown;
      const inTime = await Promise.race([
        finished,
        new Promise<false>((resolve) => {
          timer = clock.setTimeout(() => resolve(false), graceMs);
          (timer as { unref?: () => void }).unref?.();
        }),
      ]);
      clock.clearTimeout(timer);
      if (!inTime) abortAll.abort(new Error(`The ${definition.name} worker is shutting down.`));
      await finished;
      return releaseAll();
    },
    stopNow() {
      halt();
      abortAll.abort(new Error(`The ${definition.name} worker is shutting down.`));
      return releaseAll();
    },
  };
}

/** Calls `changed` whenever the count moves; a read that fails (a busy database) waits a tick. */
function watchChanges(
  check: { everyMs: number; read: () => Promise<number> },
  changed: () => void,
  clock: RunnerClock,
  log: Log,
): () => void {
  let last: number | undefined;
  let failing = false;
  let stopped = false;
  let timer: unknown;
  // One read at a time: the next is scheduled once the last has answered (behind another
  // statement's transaction, say).
  const look = async () => {
    try {
      const now = await check.read();
      failing = false;
      if (last !== undefined && now !== last) changed();
      last = now;
    } catch (error) {
      if (!failing) {
        log(`could not read the database's change count: ${messageOf(error)}`, { level: 'warn' });
      }
      failing = true;
    }
    schedule();
  };
  const schedule = () => {
    if (stopped) return;
    timer = clock.setTimeout(() => void look(), check.everyMs);
    (timer as { unref?: () => void }).unref?.();
  };
  schedule();
  return () => {
    stopped = true;
    clock.clearTimeout(timer);
  };
}
