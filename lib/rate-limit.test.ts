import { describe, expect, it } from 'vitest';
import { decideRate } from './rate-limit';

describe('a sliding-window rate limit', () => {
  const limit = { max: 3, windowMs: 60_000 };

  it('allows up to the limit, then says when the next one is allowed', () => {
    let hits: number[] = [];
    for (const t of [0, 1_000, 2_000]) {
      const decision = decideRate(limit, hits, t);
      expect(decision.allowed).toBe(true);
      hits = decision.hits;
    }
    const refused = decideRate(limit, hits, 30_000);
    expect(refused).toEqual({ allowed: false, hits, retryAfterMs: 30_000 });
  });

  it('forgets hits older than the window', () => {
    expect(decideRate(limit, [0, 1, 2], 60_001).allowed).toBe(true);
  });
});
