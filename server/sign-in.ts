import 'server-only';
import {
  clearSignInFailures,
  reserveSignInAttempt,
  withdrawSignInAttempt,
} from '@/db/sign-in-failures';
import { findActiveUserByEmail, type UserSummary, upgradePasswordHash } from '@/db/users';
import {
  hashPassword,
  needsRehash,
  UNMATCHABLE_PASSWORD_HASH,
  verifyPassword,
} from '@/lib/auth/password-hash';
import { judgeSignInLimit, SIGN_IN_LIMIT, signInFailureKeys } from '@/lib/auth/sign-in-limit';

export type SignInAttempt =
  | { ok: true; user: UserSummary }
  | { ok: false; kind: 'invalid' }
  | { ok: false; kind: 'limited'; retryAfterSeconds: number };

/**
 * Checks an email and password, limited per account and per address. Each attempt is counted
 * before its password is checked, so parallel guesses cannot outrun the limit; a limited attempt
 * is refused without checking the password, and is not itself counted.
 */
export async function attemptSignIn({
  email,
  password,
  address,
}: {
  email: string;
  password: string;
  address: string;
}): Promise<SignInAttempt> {
  const { account, address: addressKey } = signInFailureKeys({ email, address });
  const keys = [account, addressKey];
  const now = new Date();
  const since = new Date(now.getTime() - SIGN_IN_LIMIT.windowMs);
  const reserved = reserveSignInAttempt({
    keys,
    at: now,
    since,
    judge: (failuresByKey) => {
      const limit = judgeSignInLimit({ failuresByKey, now });
      return limit.limited ? limit.retryAfterSeconds : null;
    },
  });
  if (!reserved.ok) return { ok: false, kind: 'limited', retryAfterSeconds: reserved.refusal };

  const user = findActiveUserByEmail({ email });
  // Unknown emails cost the same hash as known ones, so timing does not reveal accounts.
  const matches = await verifyPassword(password, user?.passwordHash ?? UNMATCHABLE_PASSWORD_HASH);
  // The attempt was counted as a failure up front; a wrong password simply leaves it counted.
  if (!user || !matches) return { ok: false, kind: 'invalid' };
  withdrawSignInAttempt({ ids: reserved.ids });
  // Only the account's count: clearing the address would let one good sign-in reset a
  // password-spraying run from the same address.
  clearSignInFailures({ keys: [account] });
  // Hashing parameters raised since this password was set: store a hash made with today's.
  if (needsRehash(user.passwordHash)) {
    upgradePasswordHash({
      userId: user.id,
      expectedHash: user.passwordHash,
      passwordHash: await hashPassword(password),
    });
  }
  const { id, email: userEmail, name, role, createdAt, mustChangePassword, totpEnabledAt } = user;
  return {
    ok: true,
    user: { id, email: userEmail, name, role, createdAt, mustChangePassword, totpEnabledAt },
  };
}

export const WRONG_CREDENTIALS = 'That email and password do not match an account.';
