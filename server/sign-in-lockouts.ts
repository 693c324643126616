import 'server-only';
import { recordSecurityEvent } from '@/db/security-events';
import { clearSignInFailures, listKeysOverLimit } from '@/db/sign-in-failures';
import { accountFailureKey, SIGN_IN_LIMITS } from '@/lib/auth/sign-in-limit';

export type LockedAccount = { email: string; failures: number; unlocksAt: Date };

/** Accounts at their ceiling of failed sign-ins now (lib/auth/sign-in-limit.ts). */
export async function lockedAccounts({ now }: { now: Date }): Promise<LockedAccount[]> {
  const { maxFailures, windowMs } = SIGN_IN_LIMITS.account;
  const over = await listKeysOverLimit({
    prefix: 'account:',
    since: new Date(now.getTime() - windowMs),
    atLeast: maxFailures,
  });
  return over.map(({ key, failures, latest }) => ({
    email: key.slice('account:'.length),
    failures,
    unlocksAt: new Date(latest.getTime() + windowMs),
  }));
}

/**
 * An owner clears an account's ceiling. The per-address limits stay: whoever was guessing is
 * still slowed down, and the person can sign in again from their own address.
 */
export async function unlockAccount({
  email,
  by,
  now,
}: {
  email: string;
  /** The owner who asked, or null from the command line. */
  by: number | null;
  now: Date;
}): Promise<void> {
  await clearSignInFailures({ keys: [accountFailureKey(email)] });
  await recordSecurityEvent({ kind: 'unlock', userId: by, account: email.toLowerCase(), at: now });
}
