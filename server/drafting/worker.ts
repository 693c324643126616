import 'server-only';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setImmediate } from 'node:timers/promises';
import { claimNextQuestion, releaseLeases, type SpendCap } from '@/db/queue';
import type { Question } from '@/db/schema';
import { idleSlots } from '../idle-slots';
import { onDeskEvent } from './live';

export type DraftClaimed = (input: {
  question: Question;
  owner: string;
  signal: AbortSignal;
}) => Promise<unknown>;

export type WorkerOptions = {
  concurrency: number;
  leaseMs: number;
  /** A question abandoned mid-draft this many times is failed rather than claimed again. */
  maxAttempts?: number;
  /**
   * Past the day's budget for a paid model, slots claim nothing until it allows again. A
   * function is asked before each claim (the model, and whether it is paid, may change).
   */
  budget?: SpendCap | (() => Promise<SpendCap | undefined>);
  /** How often an idle slot looks for work that another process queued. */
  pollMs: number;
  /**
   * A cheap count that moves when another process writes to the database (SQLite's
   * data_version), read every `everyMs` while slots are idle: a question another server took in
   * wakes them within that time instead of at the next poll.
   */
  changeCheck?: { everyMs: number; read: () => Promise<number> };
  draft: DraftClaimed;
  owner?: string;
  log?: (message: string) => void;
};

export type Worker = {
  readonly owner: string;
  /**
   * Stops claiming, lets what is in hand finish for up to graceMs, aborts the rest and hands
   * their leases back. Resolves once every slot has stopped.
   */
  stop: (options?: { graceMs?: number }) => Promise<void>;
  /**
   * For a process that is exiting now: aborts everything at once, then releases leases
   * (resolving to how many were handed back).
   */
  stopNow: () => Promise<number>;
};

export function newWorkerOwner(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/**
 * Runs `concurrency` slots, each claiming the oldest ready question and drafting it. Slots
 * sleep when the queue is empty and wake on news of a new question in this process, or at the
 * next poll for questions that other processes queued.
 */
export function startWorker(options: WorkerOptions): Worker {
  const owner = options.owner ?? newWorkerOwner();
  const log = options.log ?? (() => {});
  const abortAll = new AbortController();
  let claiming = true;
  const { sleep: idle, wakeAll } = idleSlots(options.pollMs);
  const unsubscribe = onDeskEvent((event) => {
    if (event.kind === 'queueChanged') wakeAll();
  });
  const stopChangeCheck = options.changeCheck
    ? watchChanges(options.changeCheck, wakeAll, log)
    : () => {};

  async function slot(index: number): Promise<void> {
    while (claiming) {
      let question: Question | undefined;
      try {
        question = await claimNextQuestion({
          owner,
          leaseMs: options.leaseMs,
          maxAttempts: options.maxAttempts,
          budget: typeof options.budget === 'function' ? await options.budget() : options.budget,
          now: new Date(),
        });
      } catch (error) {
        log(`slot ${index}: could not claim: ${(error as Error).message}`);
      }
      if (!question) {
        // A stop that came while the claim was on its way has already woken the sleepers:
        // sleeping now would hold the stop up until the poll.
        if (claiming) await idle();
        continue;
      }
      try {
        await options.draft({ question, owner, signal: abortAll.signal });
      } catch (error) {
        // The drafting function records its own failures; this is a bug or a dead database.
        log(`slot ${index}: question ${question.id}: ${(error as Error).stack ?? error}`);
      }
      // More work may be waiting: look again at once rather than after a poll, but after
      // the event loop has had its turn. A draft by a model that answers without I/O (the
      // offline drafter) resolves entirely in microtasks, and a backlog drained that way would
      // keep every request waiting until the queue was empty.
      await setImmediate();
    }
  }

  const slots = Array.from({ length: options.concurrency }, (_, i) => slot(i));
  log(`drafting worker ${owner} started with ${options.concurrency} slot(s)`);

  const halt = () => {
    claiming = false;
    unsubscribe();
    stopChangeCheck();
    wakeAll();
  };

  return {
    owner,
    async stop({ graceMs = 8_000 } = {}) {
      halt();
      const finished = Promise.all(slots).then(() => true);
      const late = await Promise.race([
        finished,
        new Promise<false>((resolve) => setTimeout(() => resolve(false), graceMs).unref()),
      ]);
      if (!late) abortAll.abort(new Error('The drafting worker is shutting down.'));
      await finished;
      const released = await releaseLeases({ owner, now: new Date() });
      log(`drafting worker ${owner} stopped; ${released} question(s) handed back`);
    },
    async stopNow() {
      halt();
      abortAll.abort(new Error('The drafting worker is shutting down.'));
      return releaseLeases({ owner, now: new Date() });
    },
  };
}

/** Calls `changed` whenever the count moves; a read that fails (a busy database) waits a tick. */
function watchChanges(
  check: { everyMs: number; read: () => Promise<number> },
  changed: () => void,
  log: (message: string) => void,
): () => void {
  let last: number | undefined;
  let failing = false;
  // One read at a time: a tick that comes while the last read still waits (behind another
  // statement's transaction, say) is skipped.
  let reading = false;
  const look = async () => {
    let now: number;
    try {
      now = await check.read();
      failing = false;
    } catch (error) {
      if (!failing) log(`could not read the database's change count: ${(error as Error).message}`);
      failing = true;
      return;
    }
    if (last !== undefined && now !== last) changed();
    last = now;
  };
  const timer = setInterval(() => {
    if (reading) return;
    reading = true;
    // Never rejects (look catches the read's failure); the flag is cleared however it ends.
    void look().finally(() => {
      reading = false;
    });
  }, check.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
