import 'server-only';
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import { decideRate, type RateDecision, type RateLimit } from '@/lib/rate-limit';
import { type Db, getDb, immediate } from './client';
import { rateLimitHits } from './schema';

/** Every limit's window is shorter than this; older hits count for nothing and are dropped. */
const LONGEST_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Takes one hit under `key` if `limit` allows it, deciding (lib/rate-limit) from the hits every
 * server on the database recorded in the window, so several servers share one allowance. One
 * writing transaction, so two servers cannot both take the last hit.
 */
export async function takeRateLimitHit({
  key,
  limit,
  now,
}: {
  key: string;
  limit: RateLimit;
  now: Date;
}): Promise<RateDecision> {
  if (limit.windowMs > LONGEST_WINDOW_MS) throw new Error('A rate limit window is at most a day.');
  const db = await getDb();
  const since = new Date(now.getTime() - limit.windowMs);
  return immediate(db, async () => {
    await dropStaleHits(db, now);
    const hits = await db
      .select({ at: rateLimitHits.at })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.at, since)))
      .orderBy(asc(rateLimitHits.at));
    const decision = decideRate(
      limit,
      hits.map((hit) => hit.at.getTime()),
      now.getTime(),
    );
    if (decision.allowed) await db.insert(rateLimitHits).values({ key, at: now });
    return decision;
  });
}

/**
 * Deletes hits older than every window: they hold addresses, kept no longer than a limit
 * needs. Run by every hit taken, and hourly by the session sweeper for a quiet desk.
 */
export async function deleteStaleRateLimitHits({ now }: { now: Date }): Promise<void> {
  await dropStaleHits(await getDb(), now);
}

async function dropStaleHits(db: Db, now: Date): Promise<void> {
  await db
    .delete(rateLimitHits)
    .where(lte(rateLimitHits.at, new Date(now.getTime() - LONGEST_WINDOW_MS)));
}
