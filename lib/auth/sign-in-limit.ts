/** At most 5 failed sign-ins in 15 minutes, counted per account and per address. */
export const SIGN_IN_LIMIT = { maxFailures: 5, windowMs: 15 * 60 * 1000 };

export type SignInLimitVerdict = { limited: false } | { limited: true; retryAfterSeconds: number };

/**
 * Keyed on the account too, so rotating addresses does not help an attacker; keyed on the
 * address too, so trying one password across many accounts does not either.
 */
export function signInFailureKeys({ email, address }: { email: string; address: string }): {
  account: string;
  address: string;
} {
  return { account: `account:${email.trim().toLowerCase()}`, address: `address:${address}` };
}

/** Whether another attempt is allowed, given each key's failure times within the window. */
export function judgeSignInLimit({
  failuresByKey,
  now,
  limit = SIGN_IN_LIMIT,
}: {
  failuresByKey: Date[][];
  now: Date;
  limit?: typeof SIGN_IN_LIMIT;
}): SignInLimitVerdict {
  const since = now.getTime() - limit.windowMs;
  let retryAt = 0;
  for (const failures of failuresByKey) {
    const recent = failures
      .map((at) => at.getTime())
      .filter((at) => at > since)
      .sort((a, b) => a - b);
    if (recent.length < limit.maxFailures) continue;
    // Allowed again once enough of the oldest failures have aged out of the window.
    const freeing = recent[recent.length - limit.maxFailures] ?? 0;
    retryAt = Math.max(retryAt, freeing + limit.windowMs);
  }
  if (retryAt === 0) return { limited: false };
  return {
    limited: true,
    retryAfterSeconds: Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000)),
  };
}

export function signInLimitMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
