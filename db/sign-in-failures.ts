import 'server-only';
import { and, gt, inArray, lt } from 'drizzle-orm';
import { getDb, immediate } from './client';
import { signInFailures } from './schema';

/** Failure times since `since` for each key, in the order of `keys`. */
function listSignInFailures({ keys, since }: { keys: string[]; since: Date }): Date[][] {
  const rows = getDb()
    .select()
    .from(signInFailures)
    .where(and(inArray(signInFailures.key, keys), gt(signInFailures.at, since)))
    .all();
  return keys.map((key) => rows.filter((row) => row.key === key).map((row) => row.at));
}

export function clearSignInFailures({ keys }: { keys: string[] }): void {
  getDb().delete(signInFailures).where(inArray(signInFailures.key, keys)).run();
}

/**
 * Counts an attempt before its password is checked: in one BEGIN IMMEDIATE transaction, reads
 * the recent failures, lets `judge` decide, and unless it refuses, records this attempt as a
 * failure under every key. Attempts sent in parallel therefore see each other, and cannot all
 * slip in while the first password is still being hashed. A successful sign-in then takes its
 * rows back with `withdrawSignInAttempt`.
 */
export function reserveSignInAttempt<Refusal>({
  keys,
  at,
  since,
  judge,
}: {
  keys: string[];
  at: Date;
  since: Date;
  judge: (failuresByKey: Date[][]) => Refusal | null;
}): { ok: true; ids: number[] } | { ok: false; refusal: Refusal } {
  const db = getDb();
  return immediate(db, () => {
    const refusal = judge(listSignInFailures({ keys, since }));
    if (refusal !== null) return { ok: false, refusal };
    db.delete(signInFailures).where(lt(signInFailures.at, since)).run();
    const rows = db
      .insert(signInFailures)
      .values(keys.map((key) => ({ key, at })))
      .returning({ id: signInFailures.id })
      .all();
    return { ok: true, ids: rows.map((row) => row.id) };
  });
}

export function withdrawSignInAttempt({ ids }: { ids: number[] }): void {
  getDb().delete(signInFailures).where(inArray(signInFailures.id, ids)).run();
}
