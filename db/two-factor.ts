import 'server-only';
import { and, count, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { writeAudit } from './audit';
import { getDb, immediate } from './client';
import { recoveryCodes, signInChallenges, users } from './schema';
import { summary, type UserSummary } from './users';

/** Keeps the secret an owner is about to enrol, replacing any earlier unconfirmed one. */
export function setPendingTotpSecret({ userId, secret }: { userId: number; secret: string }): void {
  getDb()
    .update(users)
    .set({ totpPendingSecret: secret })
    .where(and(eq(users.id, userId), isNull(users.totpSecret), isNull(users.removedAt)))
    .run();
}

export type EnableTwoFactorResult = { ok: true } | { ok: false; reason: 'notPending' };

/**
 * Turns two-factor sign-in on with the pending secret the person confirmed a code for, and
 * replaces their recovery codes, in one transaction with its audit row. `step` is the step of
 * the confirming code, so that code cannot also be used to sign in.
 */
export function enableTwoFactor({
  userId,
  secret,
  step,
  recoveryCodeHashes,
  now,
}: {
  userId: number;
  secret: string;
  step: number;
  recoveryCodeHashes: string[];
  now: Date;
}): EnableTwoFactorResult {
  const db = getDb();
  return immediate(db, () => {
    const changed = db
      .update(users)
      .set({ totpSecret: secret, totpEnabledAt: now, totpPendingSecret: null, totpLastStep: step })
      .where(
        and(
          eq(users.id, userId),
          eq(users.totpPendingSecret, secret),
          isNull(users.totpSecret),
          isNull(users.removedAt),
        ),
      )
      .run().changes;
    if (changed !== 1) return { ok: false, reason: 'notPending' };
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
    db.insert(recoveryCodes)
      .values(recoveryCodeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now })))
      .run();
    writeAudit(db, {
      userId,
      at: now,
      action: 'twoFactor.enable',
      entity: 'user',
      entityId: String(userId),
      after: { recoveryCodes: recoveryCodeHashes.length },
    });
    return { ok: true };
  });
}

/** Turns two-factor sign-in off: secret, recovery codes and waiting sign-ins go, audited. */
export function disableTwoFactor({ userId, now }: { userId: number; now: Date }): boolean {
  const db = getDb();
  return immediate(db, () => {
    const changed = db
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpPendingSecret: null, totpLastStep: null })
      .where(and(eq(users.id, userId), isNotNull(users.totpSecret)))
      .run().changes;
    if (changed !== 1) return false;
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
    db.delete(signInChallenges).where(eq(signInChallenges.userId, userId)).run();
    writeAudit(db, {
      userId,
      at: now,
      action: 'twoFactor.disable',
      entity: 'user',
      entityId: String(userId),
    });
    return true;
  });
}

/**
 * Records that a code of `step` was accepted, only if no code of that step or a later one was:
 * of two requests racing with the same code, one wins.
 */
export function acceptTotpStep({ userId, step }: { userId: number; step: number }): boolean {
  return (
    getDb()
      .update(users)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(users.id, userId),
          isNotNull(users.totpSecret),
          or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
        ),
      )
      .run().changes === 1
  );
}

/** Uses up one recovery code (audited); false when it is not one of theirs or already used. */
export function spendRecoveryCode({
  userId,
  codeHash,
  now,
}: {
  userId: number;
  codeHash: string;
  now: Date;
}): { ok: true; remaining: number } | { ok: false } {
  const db = getDb();
  return immediate(db, () => {
    const used = db
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, codeHash),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .run().changes;
    if (used !== 1) return { ok: false };
    const remaining = countUnusedRecoveryCodes({ userId });
    writeAudit(db, {
      userId,
      at: now,
      action: 'twoFactor.recoveryCodeUsed',
      entity: 'user',
      entityId: String(userId),
      after: { remaining },
    });
    return { ok: true, remaining };
  });
}

export function countUnusedRecoveryCodes({ userId }: { userId: number }): number {
  return (
    getDb()
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
      .get()?.n ?? 0
  );
}

/** A sign-in waiting for its second step; expired ones are cleared on the way. */
export function insertSignInChallenge({
  id,
  userId,
  now,
  expiresAt,
}: {
  id: string;
  userId: number;
  now: Date;
  expiresAt: Date;
}): void {
  const db = getDb();
  immediate(db, () => {
    db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, now)).run();
    db.insert(signInChallenges).values({ id, userId, createdAt: now, expiresAt }).run();
  });
}

/** The waiting sign-in with this id, while it is fresh and its account still has 2FA on. */
export function findSignInChallenge({
  id,
  now,
}: {
  id: string;
  now: Date;
}): { user: UserSummary } | undefined {
  return getDb()
    .select({ user: summary })
    .from(signInChallenges)
    .innerJoin(users, eq(users.id, signInChallenges.userId))
    .where(
      and(
        eq(signInChallenges.id, id),
        gt(signInChallenges.expiresAt, now),
        isNull(users.removedAt),
        isNotNull(users.totpSecret),
      ),
    )
    .get();
}

export function deleteSignInChallenge({ id }: { id: string }): void {
  getDb().delete(signInChallenges).where(eq(signInChallenges.id, id)).run();
}
