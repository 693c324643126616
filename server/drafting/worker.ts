import 'server-only';
import { claimNextQuestion, endLease, releaseLeases, renewLease, type SpendCap } from '@/db/queue';
import type { Question } from '@/db/schema';
import { type JobDefinition, newWorkerOwner, startJobRunner } from '../jobs/runner';
import { onDeskEvent } from './live';

export { newWorkerOwner };

export type DraftClaimed = (input: {
  question: Question;
  owner: string;
  signal: AbortSignal;
}) => Promise<unknown>;

export type DraftingJobs = {
  leaseMs: number;
  /** A question abandoned mid-draft this many times is failed rather than claimed again. */
  maxAttempts?: number;
  /**
   * Past the day's budget for a paid model, nothing is claimed until it allows again. A
   * function is asked before each claim (the model, and whether it is paid, may change).
   */
  budget?: SpendCap | (() => Promise<SpendCap | undefined>);
  draft: DraftClaimed;
};

/**
 * The drafting queue as the job runner works it: the oldest question ready to draft (within the
 * day's budget), its lease renewed under its claim's token, drafted by `draft` (which stores the
 * run and the question's new state, or its failure, under that token).
 */
export function draftingJobs(jobs: DraftingJobs): JobDefinition<Question> {
  return {
    name: 'drafting',
    describe: (question) => `question ${question.id}`,
    leaseMs: jobs.leaseMs,
    claim: async ({ owner, now }) =>
      claimNextQuestion({
        owner,
        leaseMs: jobs.leaseMs,
        maxAttempts: jobs.maxAttempts,
        budget: typeof jobs.budget === 'function' ? await jobs.budget() : jobs.budget,
        now,
      }),
    renew: (question, now) =>
      renewLease({
        questionId: question.id,
        leaseToken: question.leaseToken ?? '',
        leaseMs: jobs.leaseMs,
        now,
      }),
    run: (question, { owner, signal }) => jobs.draft({ question, owner, signal }),
    handBack: (question, now) =>
      endLease({ questionId: question.id, leaseToken: question.leaseToken ?? '', now }),
    releaseAll: releaseLeases,
  };
}

export type WorkerOptions = DraftingJobs & {
  concurrency: number;
  /** How often an idle slot looks for work that another process queued. */
  pollMs: number;
  /**
   * A cheap count that moves when another process writes to the database (SQLite's
   * data_version), read every `everyMs` while slots are idle: a question another server took in
   * wakes them within that time instead of at the next poll.
   */
  changeCheck?: { everyMs: number; read: () => Promise<number> };
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

/**
 * Runs `concurrency` slots of the job runner over the drafting queue. Slots sleep when the queue
 * is empty and wake on news of a new question in this process, on another process's commit
 * (with a change check), or at the next poll.
 */
export function startWorker(options: WorkerOptions): Worker {
  const log = options.log ?? (() => {});
  const runner = startJobRunner(draftingJobs(options), {
    concurrency: options.concurrency,
    pollMs: options.pollMs,
    owner: options.owner,
    wakeOn: [
      (wake) =>
        onDeskEvent((event) => {
          if (event.kind === 'queueChanged') wake();
        }),
    ],
    changeCheck: options.changeCheck,
    log,
  });
  log(`drafting worker ${runner.owner} started with ${options.concurrency} slot(s)`);
  return {
    owner: runner.owner,
    async stop(stopOptions) {
      const released = await runner.stop(stopOptions);
      log(`drafting worker ${runner.owner} stopped; ${released} question(s) handed back`);
    },
    stopNow: runner.stopNow,
  };
}
