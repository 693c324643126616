import 'server-only';
import {
  clearSignInFailures,
  listSignInFailures,
  recordSignInFailure,
} from '@/db/sign-in-failures';
import { findActiveUserByEmail, type UserSummary } from '@/db/users';
import { UNMATCHABLE_PASSWORD_HASH, verifyPassword } from '@/lib/auth/password-hash';
import { judgeSignInLimit, SIGN_IN_LIMIT, signInFailureKeys } from '@/lib/auth/sign-in-limit';

export type SignInAttempt =
  | { ok: true; user: UserSummary }
  | { ok: false; kind: 'invalid' }
  | { ok: false; kind: 'limited'; retryAfterSeconds: number };

/**
 * Checks an email and password, limited per account and per address. A limited attempt is
 * refused before the password is checked, and is not itself counted.
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
  const limit = judgeSignInLimit({ failuresByKey: listSignInFailures({ keys, since }), now });
  if (limit.limited)
    return { ok: false, kind: 'limited', retryAfterSeconds: limit.retryAfterSeconds };

  const user = findActiveUserByEmail({ email });
  // Unknown emails cost the same hash as known ones, so timing does not reveal accounts.
  const matches = await verifyPassword(password, user?.passwordHash ?? UNMATCHABLE_PASSWORD_HASH);
  if (!user || !matches) {
    recordSignInFailure({ keys, at: new Date(), forgetBefore: since });
    return { ok: false, kind: 'invalid' };
  }
  // Only the account's count: clearing the address would let one good sign-in reset a
  // password-spraying run from the same address.
  clearSignInFailures({ keys: [account] });
  const { passwordHash: _hash, removedAt: _removed, ...summary } = user;
  return { ok: true, user: summary };
}

export const WRONG_CREDENTIALS = 'That email and password do not match an account.';
