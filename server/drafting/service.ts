import 'server-only';
import { otherConnectionsCommitCount } from '@/db/client';
import { claimQuestion, releaseLeases, renewLease } from '@/db/queue';
import { env } from '@/lib/env';
import { type Log, logger } from '@/server/log';
import { COMMIT_CHECK_MS, holdLease, renewEveryMs } from '../jobs/runner';
import { type DraftOutcome, draftClaimedQuestion } from './draft-question';
import { draftSettingsFromEnv } from './settings';
import { newWorkerOwner, startWorker, type Worker } from './worker';

/**
 * The drafting service of one process: its worker, and the drafts people start by hand. Both
 * share one owner id, so shutting down hands back every lease the process holds.
 */
type Service = { owner: string; worker?: Worker; stopping: AbortController };

const holder = globalThis as unknown as { __bakeryDrafting?: Service };

function service(): Service {
  holder.__bakeryDrafting ??= {
    owner: newWorkerOwner(),
    stopping: new AbortController(),
  };
  return holder.__bakeryDrafting;
}

export const POLL_MS = 500;
/** How often idle slots ask whether another process wrote: a constant-time read. */
export const CHANGE_CHECK_MS = COMMIT_CHECK_MS;

/** One line per draft the worker finishes: the question, what became of it, how long it took. */
function logDraft(log: Log, questionId: number, outcome: DraftOutcome, ms: number): void {
  if (outcome.kind === 'stored') {
    log(`question ${questionId} drafted: ${outcome.status}`, {
      status: outcome.status,
      runId: outcome.runId,
      ms,
    });
  } else if (outcome.kind === 'crashed') {
    log(`question ${questionId}: the draft stopped: ${outcome.message}`, { level: 'error', ms });
  } else if (outcome.kind === 'leaseLost') {
    log(`question ${questionId}: its claim ran out before the draft was stored`, {
      level: 'warn',
      ms,
    });
  }
}

export function startDraftingWorker(options: { concurrency?: number; log?: Log } = {}): Worker {
  const current = service();
  if (current.worker) return current.worker;
  const settings = draftSettingsFromEnv();
  const log = options.log ?? (() => {});
  current.worker = startWorker({
    owner: current.owner,
    concurrency: options.concurrency ?? env().DRAFT_CONCURRENCY,
    leaseMs: settings.leaseMs,
    maxAttempts: settings.maxAttempts,
    budget: settings.budget,
    pollMs: POLL_MS,
    changeCheck: { everyMs: CHANGE_CHECK_MS, read: otherConnectionsCommitCount },
    log,
    draft: async ({ question, owner, signal }) => {
      const began = Date.now();
      const outcome = await draftClaimedQuestion({ question, owner, signal, settings });
      logDraft(log, question.id, outcome, Date.now() - began);
      return outcome;
    },
  });
  return current.worker;
}

export type DraftNowResult =
  | { ok: true; started: Promise<DraftOutcome> }
  | { ok: false; reason: 'notFound' | 'busy' | 'closed' | 'overBudget' };

/**
 * A person asked for a draft (or a redraft) now. Claims the question under this process's
 * lease, so a worker cannot draft it at the same time, and starts the same drafting function
 * the worker uses. The caller need not wait: progress is published as it goes.
 */
export async function draftNow({ questionId }: { questionId: number }): Promise<DraftNowResult> {
  const current = service();
  const settings = draftSettingsFromEnv();
  const claim = await claimQuestion({
    id: questionId,
    owner: current.owner,
    leaseMs: settings.leaseMs,
    budget: await settings.budget(),
    now: new Date(),
  });
  if (!claim.ok) return { ok: false, reason: claim.reason };
  // Nobody may be waiting on this promise, so it must never reject: a bug or a dead database
  // is logged, and the lease runs out so the worker tries the question again.
  const leaseToken = claim.question.leaseToken ?? '';
  const lease = holdLease({
    renew: (now) => renewLease({ questionId, leaseToken, leaseMs: settings.leaseMs, now }),
    everyMs: renewEveryMs(settings.leaseMs),
    signal: current.stopping.signal,
  });
  const started: Promise<DraftOutcome> = draftClaimedQuestion({
    question: claim.question,
    owner: current.owner,
    signal: lease.signal,
    settings,
  })
    .catch((error: unknown) => {
      logger('drafting').error({ questionId, err: error }, 'the draft stopped with an error');
      return {
        kind: 'crashed' as const,
        message: error instanceof Error ? error.message : String(error),
      };
    })
    .finally(lease.release);
  return { ok: true, started };
}

/**
 * For a server that is exiting: aborts every draft at once and hands back every lease. The
 * hand-back waits for no I/O (SQLite answers within the promise), so it is done before the
 * server has finished closing.
 */
export async function stopDraftingNow(): Promise<number> {
  const current = holder.__bakeryDrafting;
  if (!current) return 0;
  current.stopping.abort(new Error('The server is shutting down.'));
  await current.worker?.stopNow();
  return releaseLeases({ owner: current.owner, now: new Date() });
}
