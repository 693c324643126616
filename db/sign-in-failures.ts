import 'server-only';
import { and, count, gt, inArray, like, lt, sql } from 'drizzle-orm';
import { SIGN_IN_LOOKBACK_MS } from '@/lib/auth/sign-in-limit';
import { getDb, immediate } from './client';
import { signInFailures } from './schema';

/** Failure times since `since` for each named key. */
async function listSignInFailures<K extends string>({
  keys,
  since,
}: {
  keys: Record<K, string>;
  since: Date;
}): Promise<Record<K, Date[]>> {
  const rows = await (await getDb())
    .select()
    .from(signInFailures)
    .where(and(inArray(signInFailures.key, Object.values(keys)), gt(signInFailures.at, since)));
  const out = {} as Record<K, Date[]>;
  for (const name of Object.keys(keys) as K[]) {
    out[name] = rows.filter((row) => row.key === keys[name]).map((row) => row.at);
  }
  return out;
}

export async function clearSignInFailures({ keys }: { keys: string[] }): Promise<void> {
  await (await getDb()).delete(signInFailures).where(inArray(signInFailures.key, keys));
}

/**
 * Counts an attempt before its password is checked: in one BEGIN IMMEDIATE transaction, reads
 * the recent failures, lets `judge` decide, and unless it refuses, records this attempt as a
 * failure under every key. Attempts sent in parallel therefore see each other, and cannot all
 * slip in while the first password is still being hashed. A successful sign-in (or one that
 * never got to hash) takes its rows back with `withdrawSignInAttempt`.
 */
export async function reserveSignInAttempt<K extends string, Refusal>({
  keys,
  at,
  since,
  judge,
}: {
  keys: Record<K, string>;
  at: Date;
  since: Date;
  judge: (failures: Record<K, Date[]>) => Refusal | null;
}): Promise<
  { ok: true; ids: number[]; failures: Record<K, Date[]> } | { ok: false; refusal: Refusal }
> {
  const db = await getDb();
  return immediate(db, async (tx) => {
    const failures = await listSignInFailures({ keys, since });
    const refusal = judge(failures);
    if (refusal !== null) return { ok: false as const, refusal };
    // Only rows older than every limit's window go: a caller with a short window (a code or a
    // current-password check) must not wipe the longer history an account's ceiling reads.
    const expired = new Date(at.getTime() - SIGN_IN_LOOKBACK_MS);
    await tx.delete(signInFailures).where(lt(signInFailures.at, expired));
    const rows = await tx
      .insert(signInFailures)
      .values(Object.values<string>(keys).map((key) => ({ key, at })))
      .returning({ id: signInFailures.id });
    return { ok: true as const, ids: rows.map((row) => row.id), failures };
  });
}

export async function withdrawSignInAttempt({ ids }: { ids: number[] }): Promise<void> {
  await (await getDb()).delete(signInFailures).where(inArray(signInFailures.id, ids));
}

/** Keys starting with `prefix` with at least `atLeast` failures since `since`, most first. */
export async function listKeysOverLimit({
  prefix,
  since,
  atLeast,
}: {
  prefix: string;
  since: Date;
  atLeast: number;
}): Promise<{ key: string; failures: number; latest: Date }[]> {
  const failures = count();
  return (await getDb())
    .select({
      key: signInFailures.key,
      failures,
      latest: sql<number>`max(${signInFailures.at})`.mapWith((ms: number) => new Date(ms)),
    })
    .from(signInFailures)
    .where(and(like(signInFailures.key, `${prefix}%`), gt(signInFailures.at, since)))
    .groupBy(signInFailures.key)
    .having(sql`count(*) >= ${atLeast}`)
    .orderBy(sql`count(*) desc`);
}
