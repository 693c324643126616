import 'server-only';
import { eq } from 'drizzle-orm';
import {
  type Preferences,
  resolvePreferences,
  type StoredPreferences,
} from '@/lib/account/preferences';
import { getDb, immediate } from './client';
import { users } from './schema';

/** A person's own choices, with the defaults filled in for what they never chose. */
export async function getPreferences({ userId }: { userId: number }): Promise<Preferences> {
  const [row] = await (await getDb())
    .select({ preferences: users.preferences })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return resolvePreferences(row?.preferences);
}

/**
 * Changes some of a person's choices and keeps the rest: the alerts form and the notifications
 * button each save their own keys. False when the account is gone.
 */
export async function updatePreferences({
  userId,
  changes,
}: {
  userId: number;
  changes: StoredPreferences;
}): Promise<Preferences | null> {
  const db = await getDb();
  return immediate(db, async (tx) => {
    const [row] = await tx
      .select({ preferences: users.preferences })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!row) return null;
    const next: StoredPreferences = { ...(row.preferences ?? {}), ...changes };
    await tx.update(users).set({ preferences: next }).where(eq(users.id, userId));
    return resolvePreferences(next);
  });
}
