/**
 * A sliding-window limit as pure data: `decide` takes the hits so far and the time, and says
 * whether one more is allowed. The store that keeps the hits is the caller's choice.
 */
export type RateLimit = { max: number; windowMs: number };

export type RateDecision =
  | { allowed: true; hits: number[] }
  | { allowed: false; hits: number[]; retryAfterMs: number };

export function decideRate(
  limit: RateLimit,
  previous: readonly number[],
  now: number,
): RateDecision {
  const recent = previous.filter((t) => t > now - limit.windowMs);
  if (recent.length >= limit.max) {
    const oldest = Math.min(...recent);
    return { allowed: false, hits: recent, retryAfterMs: oldest + limit.windowMs - now };
  }
  return { allowed: true, hits: [...recent, now] };
}

/** A per-process store for limits that need not be shared between processes. */
export class MemoryRateLimiter {
  private readonly hits = new Map<string, number[]>();
  constructor(private readonly limit: RateLimit) {}

  take(key: string, now = Date.now()): RateDecision {
    const decision = decideRate(this.limit, this.hits.get(key) ?? [], now);
    this.hits.set(key, decision.hits);
    if (this.hits.size > 10_000) this.sweep(now);
    return decision;
  }

  private sweep(now: number): void {
    for (const [key, times] of this.hits) {
      if (times.every((t) => t <= now - this.limit.windowMs)) this.hits.delete(key);
    }
  }
}
