import { describe, expect, it } from 'vitest';
import { afterFailedAttempt, BACKOFF_CAP_MS, backoffMs } from './policy';

describe('retrying a failed draft', () => {
  it('backs off exponentially up to a cap', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(backoffMs(30)).toBe(BACKOFF_CAP_MS);
  });

  it('queues the question again after a delay while attempts remain', () => {
    const now = new Date('2026-12-01T10:00:00Z');
    expect(afterFailedAttempt({ attempts: 1, maxAttempts: 3, now, retryable: true })).toEqual({
      status: 'queued',
      notBefore: new Date('2026-12-01T10:00:02Z'),
    });
  });

  it('fails the question on the last attempt', () => {
    const now = new Date();
    expect(afterFailedAttempt({ attempts: 3, maxAttempts: 3, now, retryable: true })).toEqual({
      status: 'failed',
    });
  });

  it('fails the question at once when waiting will not change the answer', () => {
    const now = new Date();
    expect(afterFailedAttempt({ attempts: 1, maxAttempts: 3, now, retryable: false })).toEqual({
      status: 'failed',
    });
  });
});
