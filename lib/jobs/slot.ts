/**
 * What a leased-job runner's slot does next: pure decisions, no clock or database of their own
 * (the waiting shell is `server/jobs/runner.ts`). A slot claims a job, runs it under its lease,
 * and claims again; when the database does not answer (PostgreSQL restarting, SQLite busy past
 * its timeout) it waits, longer after each failure in a row up to a cap, and tries again.
 */

export type Backoff = {
  /** The wait after the first failure. */
  baseMs: number;
  /** No wait is longer than this, so a database that returns is found again within it. */
  capMs: number;
};

/** From a quarter of a second up to 4 s: a restarted database is back in use within 4 s. */
export const DATABASE_BACKOFF: Backoff = { baseMs: 250, capMs: 4_000 };

/**
 * The wait after `failures` failures in a row: doubling from `baseMs`, capped at `capMs`, and
 * drawn between half and all of that (`random` in [0, 1)), so the slots and processes that lost
 * the database together do not all come back at the same instant.
 */
export function backoffDelay(failures: number, backoff: Backoff, random: () => number): number {
  const ceiling = Math.min(backoff.capMs, backoff.baseMs * 2 ** Math.max(0, failures - 1));
  const jittered = ceiling / 2 + (ceiling / 2) * Math.min(Math.max(random(), 0), 1);
  return Math.round(Math.min(ceiling, jittered));
}

/** What happened to the slot's last step. */
export type SlotEvent =
  /** A claim took a job under a new lease token. */
  | 'claimed'
  /** A claim found nothing ready. */
  | 'empty'
  /** A claim failed: the database did not answer. */
  | 'claimFailed'
  /** The job ran and wrote its own outcome (success or failure) under its token. */
  | 'ran'
  /** The job's run threw (the database went away mid-job, or a bug): its lease may still be ours. */
  | 'crashed'
  /** The crashed job's lease was handed back (or was no longer ours). */
  | 'handedBack'
  /** Handing the crashed job back failed: the database did not answer. */
  | 'handBackFailed';

export type SlotStep =
  | { do: 'claim'; yieldFirst: boolean }
  | { do: 'run' }
  /** Nothing to do: sleep until woken (news of work) or the poll. */
  | { do: 'sleep' }
  | { do: 'handBack' }
  /** The database failed: wait `ms`, then try `retry` again. */
  | { do: 'wait'; ms: number; retry: 'claim' | 'handBack' };

/** Failures in a row: the back-off grows with them and a success clears them. */
export type SlotState = { failures: number };

export function nextStep(
  state: SlotState,
  event: SlotEvent,
  backoff: Backoff,
  random: () => number,
): { state: SlotState; step: SlotStep } {
  const failed = (retry: 'claim' | 'handBack') => {
    const failures = state.failures + 1;
    return {
      state: { failures },
      step: { do: 'wait', ms: backoffDelay(failures, backoff, random), retry } as const,
    };
  };
  switch (event) {
    case 'claimed':
      return { state: { failures: 0 }, step: { do: 'run' } };
    case 'empty':
      return { state: { failures: 0 }, step: { do: 'sleep' } };
    case 'claimFailed':
      return failed('claim');
    // More work may be waiting: claim again at once, but after the event loop's turn, so a
    // backlog of jobs that need no I/O never holds requests up.
    case 'ran':
      return { state, step: { do: 'claim', yieldFirst: true } };
    // The job is not run again here: its lease is handed back (under its token only), so the
    // queue has it at once rather than when the lease runs out, and no one runs it twice.
    case 'crashed':
      return { state, step: { do: 'handBack' } };
    case 'handedBack':
      return { state: { failures: 0 }, step: { do: 'claim', yieldFirst: true } };
    case 'handBackFailed':
      return failed('handBack');
  }
}
