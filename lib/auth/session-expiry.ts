const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * How long a session may last: `absoluteMs` from sign-in whatever happens (one working day on
 * a shop computer), and `idleMs` since it was last used (a counter left unattended).
 */
export type SessionPolicy = { absoluteMs: number; idleMs: number };

export function sessionPolicy({
  maxHours,
  idleMinutes,
}: {
  maxHours: number;
  idleMinutes: number;
}): SessionPolicy {
  return { absoluteMs: maxHours * HOUR_MS, idleMs: idleMinutes * MINUTE_MS };
}

/**
 * "Last seen" is written at most once a minute (or a tenth of the idle timeout when that is
 * shorter), so a busy page does not write on every request.
 */
export function touchIntervalMs(policy: SessionPolicy): number {
  return Math.min(MINUTE_MS, Math.floor(policy.idleMs / 10));
}

/** When a session used at `lastSeenAt` ends: whichever of its two limits comes first. */
export function sessionEndsAt({
  createdAt,
  lastSeenAt,
  policy,
}: {
  createdAt: Date;
  lastSeenAt: Date;
  policy: SessionPolicy;
}): Date {
  return new Date(
    Math.min(createdAt.getTime() + policy.absoluteMs, lastSeenAt.getTime() + policy.idleMs),
  );
}

export type SessionVerdict =
  | { kind: 'expired'; reason: 'absolute' | 'idle' }
  | { kind: 'valid' }
  | { kind: 'touch'; lastSeenAt: Date; expiresAt: Date };

/**
 * What to do with a session found for a cookie, at `now`. Judged from its creation and last
 * use under the current policy, so a shorter setting applies to sessions already open.
 */
export function judgeSession({
  createdAt,
  lastSeenAt,
  now,
  policy,
}: {
  createdAt: Date;
  /** null for a session never seen since sign-in. */
  lastSeenAt: Date | null;
  now: Date;
  policy: SessionPolicy;
}): SessionVerdict {
  const seen = lastSeenAt ?? createdAt;
  if (now.getTime() >= createdAt.getTime() + policy.absoluteMs) {
    return { kind: 'expired', reason: 'absolute' };
  }
  if (now.getTime() >= seen.getTime() + policy.idleMs) return { kind: 'expired', reason: 'idle' };
  if (now.getTime() - seen.getTime() < touchIntervalMs(policy)) return { kind: 'valid' };
  return {
    kind: 'touch',
    lastSeenAt: now,
    expiresAt: sessionEndsAt({ createdAt, lastSeenAt: now, policy }),
  };
}
