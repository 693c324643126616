/**
 * Failed sign-ins are counted under three keys, each with its own limit:
 * - one account from one address (`pair`): 5 in 15 minutes. This is what slows a guesser.
 * - one address over every account (`address`): 10 in 15 minutes, so trying one password
 *   across many accounts does not help either.
 * - one account from every address (`account`): a ceiling of 50 in an hour. Reaching it locks
 *   the account (an owner can unlock it at once from the audit page); it is far above what one
 *   address may try, so a guesser needs many addresses before the real person is kept out,
 *   where a limit per account alone would let anyone lock anyone out with five wrong passwords.
 */
export type SignInLimitKind = 'pair' | 'address' | 'account';

export type Limit = { maxFailures: number; windowMs: number };

export const SIGN_IN_LIMITS: Record<SignInLimitKind, Limit> = {
  pair: { maxFailures: 5, windowMs: 15 * 60_000 },
  address: { maxFailures: 10, windowMs: 15 * 60_000 },
  account: { maxFailures: 50, windowMs: 60 * 60_000 },
};

/**
 * A known device (a valid device cookie for the account, lib/auth/device-cookie.ts) is judged by
 * this limit on its own cookie instead of the three above: the account's ceiling does not keep it
 * out, and a cookie that fails this often is refused until its failures age out.
 */
export const DEVICE_SIGN_IN_LIMIT: Limit = { maxFailures: 5, windowMs: 15 * 60_000 };

/** How far back any limit looks. */
export const SIGN_IN_LOOKBACK_MS = Math.max(
  ...Object.values(SIGN_IN_LIMITS).map((limit) => limit.windowMs),
);

export type SignInLimitVerdict =
  | { limited: false; reachesCeiling: boolean }
  | { limited: true; kind: SignInLimitKind; retryAfterSeconds: number };

export type SignInKeys = Record<SignInLimitKind, string>;

const accountOf = (email: string) => email.trim().toLowerCase();

/** `address` is already a normalised address key (server/client-address.ts). */
export function signInFailureKeys({
  email,
  address,
}: {
  email: string;
  address: string;
}): SignInKeys {
  const account = accountOf(email);
  return {
    pair: `pair:${account} ${address}`,
    address: `address:${address}`,
    account: `account:${account}`,
  };
}

/** The account key alone: what an owner clears to unlock an account. */
export function accountFailureKey(email: string): string {
  return `account:${accountOf(email)}`;
}

/**
 * One key under one limit, for checks that count a single key (a signed-in person's current
 * password, a second-factor code): five wrong in 15 minutes, like an account from one address.
 */
export const CREDENTIAL_CHECK_LIMIT: Limit = SIGN_IN_LIMITS.pair;

export function judgeOneLimit({
  failures,
  now,
  limit = CREDENTIAL_CHECK_LIMIT,
}: {
  failures: readonly Date[];
  now: Date;
  limit?: Limit;
}): { limited: false } | { limited: true; retryAfterSeconds: number } {
  const at = freeAt(failures, limit, now.getTime());
  if (at <= now.getTime()) return { limited: false };
  return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil((at - now.getTime()) / 1000)) };
}

/** When a key with these failures is free again, or 0 if it is free now. */
function freeAt(failures: readonly Date[], limit: Limit, now: number): number {
  const recent = failures
    .map((at) => at.getTime())
    .filter((at) => at > now - limit.windowMs)
    .sort((a, b) => a - b);
  if (recent.length < limit.maxFailures) return 0;
  // Free once enough of the oldest failures have aged out of the window.
  return (recent[recent.length - limit.maxFailures] ?? 0) + limit.windowMs;
}

/** Whether another attempt is allowed, given each key's failure times. */
export function judgeSignInLimit({
  failures,
  now,
  limits = SIGN_IN_LIMITS,
}: {
  failures: Record<SignInLimitKind, readonly Date[]>;
  now: Date;
  limits?: Record<SignInLimitKind, Limit>;
}): SignInLimitVerdict {
  const time = now.getTime();
  // The account ceiling first: its message is the one that tells the person what to do.
  for (const kind of ['account', 'pair', 'address'] as const) {
    const at = freeAt(failures[kind], limits[kind], time);
    if (at > time) {
      return { limited: true, kind, retryAfterSeconds: Math.max(1, Math.ceil((at - time) / 1000)) };
    }
  }
  const accountRecent = failures.account.filter(
    (at) => at.getTime() > time - limits.account.windowMs,
  ).length;
  return { limited: false, reachesCeiling: accountRecent + 1 >= limits.account.maxFailures };
}

export function signInLimitMessage(
  retryAfterSeconds: number,
  kind: SignInLimitKind | 'device' = 'pair',
) {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = `${minutes} minute${minutes === 1 ? '' : 's'}`;
  if (kind === 'account') {
    return `This account is locked after many failed sign-ins. An owner can unlock it from the audit log, or try again in ${wait}.`;
  }
  return `Too many failed sign-ins. Try again in ${wait}.`;
}

/** Every hash is busy and the queue is full: try again in a moment. */
export const SIGN_IN_BUSY = {
  retryAfterSeconds: 2,
  message: 'Signing in is busy. Try again in a moment.',
};
