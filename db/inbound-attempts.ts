import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { getDb } from './client';
import { inboundEmailAttempts } from './schema';

/*
 * Each email of the mailbox is its own attempt, counted under its mailbox, UIDVALIDITY and UID
 * (`INBOX:1700000000:42`): counted before the attempt, so even an attempt that ends the process
 * counts, and an email that keeps failing is kept as failed instead of being tried for ever.
 */

/** The mailbox's name for one email: its folder, the folder's UIDVALIDITY and its UID. */
export function emailAttemptKey({
  mailbox,
  uidValidity,
  uid,
}: {
  mailbox: string;
  uidValidity: bigint | number | string;
  uid: number;
}): string {
  return `${mailbox}:${String(uidValidity)}:${uid}`;
}

/** Counts one more attempt at the email; its number (1 for the first). */
export async function countEmailAttempt({ key, now }: { key: string; now: Date }): Promise<number> {
  const [row] = await (await getDb())
    .insert(inboundEmailAttempts)
    .values({ key, attempts: 1, lastAttemptAt: now })
    .onConflictDoUpdate({
      target: inboundEmailAttempts.key,
      set: { attempts: sql`${inboundEmailAttempts.attempts} + 1`, lastAttemptAt: now },
    })
    .returning({ attempts: inboundEmailAttempts.attempts });
  if (!row) throw new Error('The attempt could not be counted.');
  return row.attempts;
}

/** Why the last attempt failed, kept for the email's failed conversation. */
export async function recordEmailAttemptError({
  key,
  error,
}: {
  key: string;
  error: string;
}): Promise<void> {
  await (await getDb())
    .update(inboundEmailAttempts)
    .set({ lastError: error })
    .where(eq(inboundEmailAttempts.key, key));
}

/** The attempt so far, if any: how many and the last failure. */
export async function getEmailAttempt({
  key,
}: {
  key: string;
}): Promise<{ attempts: number; lastError: string | null } | undefined> {
  const [row] = await (await getDb())
    .select({
      attempts: inboundEmailAttempts.attempts,
      lastError: inboundEmailAttempts.lastError,
    })
    .from(inboundEmailAttempts)
    .where(eq(inboundEmailAttempts.key, key))
    .limit(1);
  return row;
}

/** The email is taken (or kept as failed): its count is done with. */
export async function clearEmailAttempt({ key }: { key: string }): Promise<void> {
  await (await getDb()).delete(inboundEmailAttempts).where(eq(inboundEmailAttempts.key, key));
}
