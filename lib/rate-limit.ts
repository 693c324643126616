/**
 * A sliding-window limit as pure data: `decide` takes the hits so far and the time, and says
 * whether one more is allowed. The hits are kept in the database (db/rate-limits.ts), so every
 * server counts the same ones.
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
