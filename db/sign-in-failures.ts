import 'server-only';
import { and, gt, inArray, lt } from 'drizzle-orm';
import { getDb } from './client';
import { signInFailures } from './schema';

/** Failure times since `since` for each key, in the order of `keys`. */
export function listSignInFailures({ keys, since }: { keys: string[]; since: Date }): Date[][] {
  const rows = getDb()
    .select()
    .from(signInFailures)
    .where(and(inArray(signInFailures.key, keys), gt(signInFailures.at, since)))
    .all();
  return keys.map((key) => rows.filter((row) => row.key === key).map((row) => row.at));
}

/** Records one failure under every key, and forgets failures too old to matter. */
export function recordSignInFailure({
  keys,
  at,
  forgetBefore,
}: {
  keys: string[];
  at: Date;
  forgetBefore: Date;
}): void {
  const db = getDb();
  db.$client.transaction(() => {
    db.delete(signInFailures).where(lt(signInFailures.at, forgetBefore)).run();
    db.insert(signInFailures)
      .values(keys.map((key) => ({ key, at })))
      .run();
  })();
}

export function clearSignInFailures({ keys }: { keys: string[] }): void {
  getDb().delete(signInFailures).where(inArray(signInFailures.key, keys)).run();
}
