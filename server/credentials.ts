import 'server-only';
import { cookies } from 'next/headers';
import {
  clearSignInFailures,
  reserveSignInAttempt,
  withdrawSignInAttempt,
} from '@/db/sign-in-failures';
import {
  acceptTotpStep,
  deleteSignInChallenge,
  findSignInChallenge,
  insertSignInChallenge,
  spendRecoveryCode,
} from '@/db/two-factor';
import { findActiveUserById, type UserSummary } from '@/db/users';
import { verifyPassword } from '@/lib/auth/password-hash';
import {
  challengeCookieName,
  challengeTokenFrom,
  PLAIN_CHALLENGE_COOKIE,
  SECURE_CHALLENGE_COOKIE,
  sessionCookieOptions,
} from '@/lib/auth/session-cookie';
import { generateSessionToken, hashSessionToken } from '@/lib/auth/session-token';
import { CREDENTIAL_CHECK_LIMIT, judgeOneLimit } from '@/lib/auth/sign-in-limit';
import {
  checkTotpCode,
  hashRecoveryCode,
  secondFactorFailureKey,
  totpCodeFrom,
} from '@/lib/auth/two-factor';
import { requestIsHttps } from './session';

/**
 * Checks of what a signed-in person (or one half-way through signing in) knows: their current
 * password, their authenticator code or a recovery code. Each is limited like sign-in (five
 * wrong in 15 minutes per account), counted before the check so parallel guesses cannot
 * outrun it: a stolen session cannot be used to guess the password, nor a known password to
 * guess the code.
 */
export type CredentialCheck =
  | { ok: true }
  | { ok: false; kind: 'wrong' }
  | { ok: false; kind: 'limited'; retryAfterSeconds: number };

async function limited(
  key: string,
  now: Date,
  check: () => boolean | Promise<boolean>,
): Promise<CredentialCheck> {
  const reserved = await reserveSignInAttempt({
    keys: { check: key },
    at: now,
    since: new Date(now.getTime() - CREDENTIAL_CHECK_LIMIT.windowMs),
    judge: (failures) => {
      const verdict = judgeOneLimit({ failures: failures.check, now });
      return verdict.limited ? verdict.retryAfterSeconds : null;
    },
  });
  if (!reserved.ok) return { ok: false, kind: 'limited', retryAfterSeconds: reserved.refusal };
  if (!(await check())) return { ok: false, kind: 'wrong' };
  await withdrawSignInAttempt({ ids: reserved.ids });
  await clearSignInFailures({ keys: [key] });
  return { ok: true };
}

/** The person's current password, before they change it or turn two-factor sign-in off. */
export async function checkCurrentPassword({
  userId,
  password,
  now = new Date(),
}: {
  userId: number;
  password: string;
  now?: Date;
}): Promise<CredentialCheck & { passwordHash?: string }> {
  let checkedHash: string | undefined;
  const result = await limited(`password-check:${userId}`, now, async () => {
    const user = await findActiveUserById({ id: userId });
    if (!user) return false;
    checkedHash = user.passwordHash;
    return verifyPassword(password, user.passwordHash);
  });
  return result.ok ? { ...result, passwordHash: checkedHash } : result;
}

export type SecondFactorCheck = CredentialCheck & { via?: 'app' | 'recovery' };

/**
 * A six-digit authenticator code (each accepted once) or one of the person's unused recovery
 * codes (each usable once, audited when used).
 */
export async function checkSecondFactor({
  userId,
  code,
  now = new Date(),
}: {
  userId: number;
  code: string;
  now?: Date;
}): Promise<SecondFactorCheck> {
  let via: 'app' | 'recovery' = 'app';
  const result = await limited(secondFactorFailureKey(userId), now, async () => {
    const user = await findActiveUserById({ id: userId });
    if (!user?.totpSecret) return false;
    if (totpCodeFrom(code)) {
      const check = checkTotpCode({
        secret: user.totpSecret,
        code,
        now,
        lastStep: user.totpLastStep,
      });
      return check.ok && (await acceptTotpStep({ userId, step: check.step }));
    }
    via = 'recovery';
    return (await spendRecoveryCode({ userId, codeHash: hashRecoveryCode(code), now })).ok;
  });
  return result.ok ? { ...result, via } : result;
}

/** How long the second step of a sign-in may wait for its code. */
export const CHALLENGE_MS = 10 * 60 * 1000;

/** After a right password for an account with two-factor sign-in on: wait for the code. */
export async function beginSecondFactor({ userId }: { userId: number }): Promise<void> {
  const now = new Date();
  const token = generateSessionToken();
  const expiresAt = new Date(now.getTime() + CHALLENGE_MS);
  await insertSignInChallenge({ id: hashSessionToken(token), userId, now, expiresAt });
  const secure = await requestIsHttps();
  const jar = await cookies();
  jar.set(challengeCookieName({ secure }), token, sessionCookieOptions({ secure, expiresAt }));
}

/** The sign-in waiting for this browser's code, if any and still fresh. */
export async function pendingSecondFactor(): Promise<{
  challengeId: string;
  user: UserSummary;
} | null> {
  const jar = await cookies();
  const token = challengeTokenFrom((name) => jar.get(name)?.value);
  if (!token) return null;
  const challengeId = hashSessionToken(token);
  const found = await findSignInChallenge({ id: challengeId, now: new Date() });
  return found ? { challengeId, user: found.user } : null;
}

/** Ends the waiting sign-in (done, or abandoned) and clears its cookie. */
export async function endSecondFactor({ challengeId }: { challengeId: string }): Promise<void> {
  await deleteSignInChallenge({ id: challengeId });
  const jar = await cookies();
  jar.delete({ name: SECURE_CHALLENGE_COOKIE, path: '/', secure: true });
  jar.delete(PLAIN_CHALLENGE_COOKIE);
}
