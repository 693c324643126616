/** What happens to a question after a drafting attempt: pure decisions, no clock of their own. */

export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_CAP_MS = 60_000;

/** 2 s, 4 s, 8 s … capped at a minute: room for a rate limit or an outage to pass. */
export function backoffMs(attempt: number): number {
  return Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
}

export type AfterFailure = { status: 'queued'; notBefore: Date } | { status: 'failed' };

/**
 * A failed request: try again later, or give up and leave it for a person to retry. A failure
 * that will not change by waiting (a refused request, a rejected key, an unknown model) gives up
 * at once rather than spending the remaining attempts on the same answer.
 */
export function afterFailedAttempt(input: {
  attempts: number;
  maxAttempts: number;
  now: Date;
  retryable: boolean;
}): AfterFailure {
  if (!input.retryable || input.attempts >= input.maxAttempts) return { status: 'failed' };
  return { status: 'queued', notBefore: new Date(input.now.getTime() + backoffMs(input.attempts)) };
}
