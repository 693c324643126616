import 'server-only';
import { and, count, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { writeAudit } from './audit';
import { getDb, immediate } from './client';
import { recoveryCodes, signInChallenges, users } from './schema';
import { summary, type UserSummary } from './users';

/** Keeps the secret an owner is about to enrol, replacing any earlier unconfirmed one. */
export async function setPendingTotpSecret({
  userId,
  secret,
}: {
  userId: number;
  secret: string;
}): Promise<void> {
  await (await getDb())
    .update(users)
    .set({ totpPendingSecret: secret })
    .where(and(eq(users.id, userId), isNull(users.totpSecret), isNull(users.removedAt)));
}

export type EnableTwoFactorResult = { ok: true } | { ok: false; reason: 'notPending' };

/**
 * Turns two-factor sign-in on with the pending secret the person confirmed a code for, and
 * replaces their recovery codes, in one transaction with its audit row. `step` is the step of
 * the confirming code, so that code cannot also be used to sign in.
 */
export async function enableTwoFactor({
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
}): Promise<EnableTwoFactorResult> {
  const db = await getDb();
  return immediate(db, async (tx): Promise<EnableTwoFactorResult> => {
    const changed = (
      await tx
        .update(users)
        .set({
          totpSecret: secret,
          totpEnabledAt: now,
          totpPendingSecret: null,
          totpLastStep: step,
        })
        .where(
          and(
            eq(users.id, userId),
            eq(users.totpPendingSecret, secret),
            isNull(users.totpSecret),
            isNull(users.removedAt),
          ),
        )
        .returning({ id: users.id })
    ).length;
    if (changed !== 1) return { ok: false, reason: 'notPending' };
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx
      .insert(recoveryCodes)
      .values(recoveryCodeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
    await writeAudit(tx, {
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
export async function disableTwoFactor({
  userId,
  now,
}: {
  userId: number;
  now: Date;
}): Promise<boolean> {
  const db = await getDb();
  return immediate(db, async (tx) => {
    const changed = (
      await tx
        .update(users)
        .set({
          totpSecret: null,
          totpEnabledAt: null,
          totpPendingSecret: null,
          totpLastStep: null,
        })
        .where(and(eq(users.id, userId), isNotNull(users.totpSecret)))
        .returning({ id: users.id })
    ).length;
    if (changed !== 1) return false;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.delete(signInChallenges).where(eq(signInChallenges.userId, userId));
    await writeAudit(tx, {
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
export async function acceptTotpStep({
  userId,
  step,
}: {
  userId: number;
  step: number;
}): Promise<boolean> {
  const accepted = await (await getDb())
    .update(users)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(users.id, userId),
        isNotNull(users.totpSecret),
        or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
      ),
    )
    .returning({ id: users.id });
  return accepted.length === 1;
}

/** Uses up one recovery code (audited); false when it is not one of theirs or already used. */
export async function spendRecoveryCode({
  userId,
  codeHash,
  now,
}: {
  userId: number;
  codeHash: string;
  now: Date;
}): Promise<{ ok: true; remaining: number } | { ok: false }> {
  const db = await getDb();
  return immediate(db, async (tx): Promise<{ ok: true; remaining: number } | { ok: false }> => {
    const used = (
      await tx
        .update(recoveryCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(recoveryCodes.userId, userId),
            eq(recoveryCodes.codeHash, codeHash),
            isNull(recoveryCodes.usedAt),
          ),
        )
        .returning({ id: recoveryCodes.id })
    ).length;
    if (used !== 1) return { ok: false };
    const remaining = await countUnusedRecoveryCodes({ userId });
    await writeAudit(tx, {
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

export async function countUnusedRecoveryCodes({ userId }: { userId: number }): Promise<number> {
  const [row] = await (await getDb())
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** A sign-in waiting for its second step; expired ones are cleared on the way. */
export async function insertSignInChallenge({
  id,
  userId,
  now,
  expiresAt,
}: {
  id: string;
  userId: number;
  now: Date;
  expiresAt: Date;
}): Promise<void> {
  const db = await getDb();
  await immediate(db, async (tx) => {
    await tx.delete(signInChallenges).where(lt(signInChallenges.expiresAt, now));
    await tx.insert(signInChallenges).values({ id, userId, createdAt: now, expiresAt });
  });
}

/** The waiting sign-in with this id, while it is fresh and its account still has 2FA on. */
export async function findSignInChallenge({
  id,
  now,
}: {
  id: string;
  now: Date;
}): Promise<{ user: UserSummary } | undefined> {
  const [row] = await (await getDb())
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
    .limit(1);
  return row;
}

export async function deleteSignInChallenge({ id }: { id: string }): Promise<void> {
  await (await getDb()).delete(signInChallenges).where(eq(signInChallenges.id, id));
}
