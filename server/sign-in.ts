import 'server-only';
import { recordSecurityEvent } from '@/db/security-events';
import {
  clearSignInFailures,
  reserveSignInAttempt,
  withdrawSignInAttempt,
} from '@/db/sign-in-failures';
import { findActiveUserByEmail, type UserSummary, upgradePasswordHash } from '@/db/users';
import { deviceFailureKey, deviceNonceFor } from '@/lib/auth/device-cookie';
import { HashGate, PASSWORD_HASH_LIMITS } from '@/lib/auth/hash-gate';
import {
  hashPassword,
  needsRehash,
  UNMATCHABLE_PASSWORD_HASH,
  verifyPassword,
} from '@/lib/auth/password-hash';
import {
  DEVICE_SIGN_IN_LIMIT,
  judgeOneLimit,
  judgeSignInLimit,
  SIGN_IN_BUSY,
  SIGN_IN_LIMITS,
  SIGN_IN_LOOKBACK_MS,
  type SignInLimitKind,
  signInFailureKeys,
} from '@/lib/auth/sign-in-limit';
import { deviceCookieKey } from './device-key';

export type SignInAttempt =
  | { ok: true; user: UserSummary }
  | { ok: false; kind: 'invalid' }
  | { ok: false; kind: 'limited'; limit: SignInLimitKind | 'device'; retryAfterSeconds: number }
  | { ok: false; kind: 'busy'; retryAfterSeconds: number };

const shared = globalThis as unknown as { __passwordHashGate?: HashGate };
shared.__passwordHashGate ??= new HashGate(PASSWORD_HASH_LIMITS);
/**
 * One gate for every password hash an anonymous request can cause in this process (sign-in
 * and its rehash): see lib/auth/hash-gate.ts.
 */
export const passwordHashGate: HashGate = shared.__passwordHashGate;

type Reservation =
  | { ok: true; ids: number[]; reachesCeiling: boolean; clearOnSuccess: string[] }
  | { ok: false; limit: SignInLimitKind | 'device'; retryAfterSeconds: number };

/** An unknown device: per account and address, per address, and the account's ceiling. */
async function reserveFromUnknownDevice({
  email,
  address,
  now,
}: {
  email: string;
  address: string;
  now: Date;
}): Promise<Reservation> {
  const keys = signInFailureKeys({ email, address });
  const reserved = await reserveSignInAttempt({
    keys,
    at: now,
    since: new Date(now.getTime() - SIGN_IN_LOOKBACK_MS),
    judge: (failures) => {
      const verdict = judgeSignInLimit({ failures, now });
      return verdict.limited ? verdict : null;
    },
  });
  if (!reserved.ok) {
    const { kind: limit, retryAfterSeconds } = reserved.refusal;
    return { ok: false, limit, retryAfterSeconds };
  }
  const before = judgeSignInLimit({ failures: reserved.failures, now });
  return {
    ok: true,
    ids: reserved.ids,
    reachesCeiling: !before.limited && before.reachesCeiling,
    // Not the address's count: one good sign-in must not reset a password-spraying run from
    // the same address.
    clearOnSuccess: [keys.pair, keys.account],
  };
}

/** A known device: its own cookie's limit only, whatever the account's ceiling says. */
async function reserveFromKnownDevice({
  nonce,
  now,
}: {
  nonce: string;
  now: Date;
}): Promise<Reservation> {
  const key = deviceFailureKey(nonce);
  const reserved = await reserveSignInAttempt({
    keys: { device: key },
    at: now,
    since: new Date(now.getTime() - DEVICE_SIGN_IN_LIMIT.windowMs),
    judge: ({ device }) => {
      const verdict = judgeOneLimit({ failures: device, now, limit: DEVICE_SIGN_IN_LIMIT });
      return verdict.limited ? verdict : null;
    },
  });
  if (!reserved.ok) {
    return { ok: false, limit: 'device', retryAfterSeconds: reserved.refusal.retryAfterSeconds };
  }
  return { ok: true, ids: reserved.ids, reachesCeiling: false, clearOnSuccess: [key] };
}

/**
 * Checks an email and password. From an unknown device it is limited per account and address
 * pair, per address, and by a ceiling per account (lib/auth/sign-in-limit.ts); a browser that
 * brings a valid device cookie for the account (lib/auth/device-cookie.ts) is limited by that
 * cookie's own count instead, so the ceiling others reach does not keep it out. Each attempt is
 * counted before its password is checked, so parallel guesses cannot outrun the limits; a
 * limited attempt is refused without checking the password and is not itself counted, and
 * neither is one the hash gate turns away.
 */
export async function attemptSignIn({
  email,
  password,
  address,
  deviceCookie = null,
}: {
  email: string;
  password: string;
  /** The client's address key (server/client-address.ts). */
  address: string;
  /** The request's device cookie, as the browser sent it. */
  deviceCookie?: string | null;
}): Promise<SignInAttempt> {
  const now = new Date();
  const account = email.trim().toLowerCase();
  const nonce = deviceCookie
    ? deviceNonceFor({ cookie: deviceCookie, account, key: deviceCookieKey(), now })
    : null;
  const reserved = nonce
    ? await reserveFromKnownDevice({ nonce, now })
    : await reserveFromUnknownDevice({ email, address, now });
  if (!reserved.ok) {
    const { limit, retryAfterSeconds } = reserved;
    return { ok: false, kind: 'limited', limit, retryAfterSeconds };
  }

  const user = await findActiveUserByEmail({ email });
  // Unknown emails cost the same hash as known ones, so timing does not reveal accounts; the
  // gate keeps a burst of them from costing more than a few hashes at a time.
  const checking = passwordHashGate.tryRun(() =>
    verifyPassword(password, user?.passwordHash ?? UNMATCHABLE_PASSWORD_HASH),
  );
  if (!checking) {
    await withdrawSignInAttempt({ ids: reserved.ids });
    return { ok: false, kind: 'busy', retryAfterSeconds: SIGN_IN_BUSY.retryAfterSeconds };
  }
  const matches = await checking;
  const at = new Date();
  if (!user || !matches) {
    // The attempt was counted as a failure up front; a wrong password simply leaves it counted.
    await recordSecurityEvent({
      kind: 'signInFailure',
      userId: null,
      account,
      detail: { address, knownAccount: user !== undefined, knownDevice: nonce !== null },
      at,
    });
    if (reserved.reachesCeiling) {
      await recordSecurityEvent({
        kind: 'lockout',
        userId: null,
        account,
        detail: { address, failures: SIGN_IN_LIMITS.account.maxFailures },
        at,
      });
    }
    return { ok: false, kind: 'invalid' };
  }
  await withdrawSignInAttempt({ ids: reserved.ids });
  await clearSignInFailures({ keys: reserved.clearOnSuccess });
  await recordSecurityEvent({
    kind: 'signInSuccess',
    userId: user.id,
    account,
    detail: { address, knownDevice: nonce !== null },
    at,
  });
  // Hashing parameters raised since this password was set: store a hash made with today's
  // (through the gate too; when it is full, the next sign-in will do it).
  if (needsRehash(user.passwordHash)) {
    const rehash = passwordHashGate.tryRun(() => hashPassword(password));
    if (rehash) {
      await upgradePasswordHash({
        userId: user.id,
        expectedHash: user.passwordHash,
        passwordHash: await rehash,
      });
    }
  }
  const { id, email: userEmail, name, role, createdAt, mustChangePassword, totpEnabledAt } = user;
  return {
    ok: true,
    user: { id, email: userEmail, name, role, createdAt, mustChangePassword, totpEnabledAt },
  };
}

export const WRONG_CREDENTIALS = 'That email and password do not match an account.';
