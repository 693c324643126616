import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { ChangeKey } from '@/lib/inbox/staleness';
import { writeAudit } from './audit';
import { type Db, getDb, immediate } from './client';
import { bakery, factChanges } from './schema';

/** What one owner's save changed, for the audit log; null when it changed nothing. */
export type FactsChange = {
  action: string;
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  /** False for a setting no draft reads (the budget, retention): earlier drafts stay current. */
  affectsDrafts?: boolean;
  /**
   * The facts it changed, so only drafts that read them turn stale; absent means everything
   * (a draft may rest on any of it).
   */
  touches?: ChangeKey[];
};

export type ChangeContext = { by: number; now: Date };

/**
 * Runs one owner's change to the bakery's facts in a BEGIN IMMEDIATE transaction: the rows,
 * then bakery.factsVersion + 1 (so drafts made before it read as stale) and an audit row with
 * before and after. `work` returns its result and the change it made; a refusal returns a
 * null change and writes nothing, and anything thrown rolls the whole save back.
 */
export async function changeFacts<R>(
  { by, now }: ChangeContext,
  work: (db: Db) => Promise<{ result: R; change: FactsChange | null }>,
): Promise<R> {
  const db = await getDb();
  return immediate(db, async (tx) => {
    const { result, change } = await work(tx);
    if (change) {
      const { affectsDrafts = true, touches = ['*'], ...audit } = change;
      const [bumped] = await tx
        .update(bakery)
        .set(
          affectsDrafts
            ? { factsVersion: sql`${bakery.factsVersion} + 1`, updatedAt: now }
            : { updatedAt: now },
        )
        .where(eq(bakery.id, 1))
        .returning({ factsVersion: bakery.factsVersion });
      if (affectsDrafts && bumped) {
        for (const key of new Set(touches)) {
          await tx
            .insert(factChanges)
            .values({ key, factsVersion: bumped.factsVersion })
            .onConflictDoUpdate({
              target: factChanges.key,
              set: { factsVersion: bumped.factsVersion },
            });
        }
      }
      await writeAudit(tx, { userId: by, at: now, ...audit });
    }
    return result;
  });
}

/** Two plain values hold the same facts (key order aside, which this code keeps stable). */
export function sameFacts(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
