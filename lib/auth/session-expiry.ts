const DAY_MS = 24 * 60 * 60 * 1000;

/** A session lives 30 days from its last renewal. */
export const SESSION_LIFETIME_MS = 30 * DAY_MS;

/** Renewed on use once less than half its lifetime is left: at most one write per 15 days. */
export const SESSION_RENEW_BELOW_MS = SESSION_LIFETIME_MS / 2;

export function sessionExpiresAt(now: Date): Date {
  return new Date(now.getTime() + SESSION_LIFETIME_MS);
}

export type SessionVerdict =
  | { kind: 'expired' }
  | { kind: 'valid' }
  | { kind: 'renew'; expiresAt: Date };

/** What to do with a session found for a cookie, at `now`. */
export function judgeSession({ expiresAt, now }: { expiresAt: Date; now: Date }): SessionVerdict {
  const left = expiresAt.getTime() - now.getTime();
  if (left <= 0) return { kind: 'expired' };
  if (left < SESSION_RENEW_BELOW_MS) return { kind: 'renew', expiresAt: sessionExpiresAt(now) };
  return { kind: 'valid' };
}
