import 'server-only';
import { and, count, gt, inArray, like, lt, sql } from 'drizzle-orm';
import { SIGN_IN_LOOKBACK_MS } from '@/lib/auth/sign-in-limit';
import { getDb, immediate } from './client';
import { signInFailures } from './schema';

/** Failure times since `since` for each named key. */
function listSignInFailures<K extends string>({
  keys,
  since,
}: {
  keys: Record<K, string>;
  since: Date;
}): Record<K, Date[]> {
  const rows = getDb()
    .select()
    .from(signInFailures)
    .where(and(inArray(signInFailures.key, Object.values(keys)), gt(signInFailures.at, since)))
    .all();
  const out = {} as Record<K, Date[]>;
  for (const name of Object.keys(keys) as K[]) {
    out[name] = rows.filter((row) => row.key === keys[name]).map((row) => row.at);
  }
  return out;
}

export function clearSignInFailures({ keys }: { keys: string[] }): void {
  getDb().delete(signInFailures).where(inArray(signInFailures.key, keys)).run();
}

/**
 * Counts an attempt before its password is checked: in one BEGIN IMMEDIATE transaction, reads
 * the recent failures, lets `judge` decide, and unless it refuses, records this attempt as a
 * failure under every key. Attempts sent in parallel therefore see each other, and cannot all
 * slip in while the first password is still being hashed. A successful sign-in (or one that
 * never got to hash) takes its rows back with `withdrawSignInAttempt`.
 */
export function reserveSignInAttempt<K extends string, Refusal>({
  keys,
  at,
  since,
  judge,
}: {
  keys: Record<K, string>;
  at: Date;
  since: Date;
  judge: (failures: Record<K, Date[]>) => Refusal | null;
}): { ok: true; ids: number[]; failures: Record<K, Date[]> } | { ok: false; refusal: Refusal } {
  const db = getDb();
  return immediate(db, () => {
    const failures = listSignInFailures({ keys, since });
    const refusal = judge(failures);
    if (refusal !== null) return { ok: false, refusal };
    // Only rows older than every limit's window go: a caller with a short window (a code or a
    // current-password check) must not wipe the longer history an account's ceiling reads.
    const expired = new Date(at.getTime() - SIGN_IN_LOOKBACK_MS);
    db.delete(signInFailures).where(lt(signInFailures.at, expired)).run();
    const rows = db
      .insert(signInFailures)
      .values(Object.values<string>(keys).map((key) => ({ key, at })))
      .returning({ id: signInFailures.id })
      .all();
    return { ok: true, ids: rows.map((row) => row.id), failures };
  });
}

export function withdrawSignInAttempt({ ids }: { ids: number[] }): void {
  getDb().delete(signInFailures).where(inArray(signInFailures.id, ids)).run();
}

/** Keys starting with `prefix` with at least `atLeast` failures since `since`, most first. */
export function listKeysOverLimit({
  prefix,
  since,
  atLeast,
}: {
  prefix: string;
  since: Date;
  atLeast: number;
}): { key: string; failures: number; latest: Date }[] {
  const failures = count();
  return getDb()
    .select({
      key: signInFailures.key,
      failures,
      latest: sql<number>`max(${signInFailures.at})`.mapWith((ms: number) => new Date(ms)),
    })
    .from(signInFailures)
    .where(and(like(signInFailures.key, `${prefix}%`), gt(signInFailures.at, since)))
    .groupBy(signInFailures.key)
    .having(sql`count(*) >= ${atLeast}`)
    .orderBy(sql`count(*) desc`)
    .all();
}
