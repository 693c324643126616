import 'server-only';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { writeAudit } from './audit';
import { getDb, immediate } from './client';
import { type Role, sessions, signInChallenges, type User, users } from './schema';

/** What the app needs of a signed-in person; never the password hash or a secret. */
export type UserSummary = Pick<
  User,
  'id' | 'email' | 'name' | 'role' | 'createdAt' | 'mustChangePassword' | 'totpEnabledAt'
>;

export const summary = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  createdAt: users.createdAt,
  mustChangePassword: users.mustChangePassword,
  totpEnabledAt: users.totpEnabledAt,
};

/** Any account at all, removed ones included: once there is one, setup is over for good. */
export async function hasAnyUser(): Promise<boolean> {
  const [row] = await (await getDb()).select({ id: users.id }).from(users).limit(1);
  return row !== undefined;
}

export async function findActiveUserByEmail({
  email,
}: {
  email: string;
}): Promise<User | undefined> {
  const [row] = await (await getDb())
    .select()
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), isNull(users.removedAt)))
    .limit(1);
  return row;
}

/** The whole row of a current account, for checking its password or second factor. */
export async function findActiveUserById({ id }: { id: number }): Promise<User | undefined> {
  const [row] = await (await getDb())
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.removedAt)))
    .limit(1);
  return row;
}

/** The current account with this email; a removed person's old row does not count. */
export async function findUserByEmail({
  email,
}: {
  email: string;
}): Promise<UserSummary | undefined> {
  const [row] = await (await getDb())
    .select(summary)
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), isNull(users.removedAt)))
    .limit(1);
  return row;
}

export async function listActiveUsers(): Promise<UserSummary[]> {
  return (await getDb())
    .select(summary)
    .from(users)
    .where(isNull(users.removedAt))
    .orderBy(asc(sql`${users.role} = 'staff'`), asc(users.name));
}

export type NewUser = {
  email: string;
  name: string;
  role: Role;
  passwordHash: string;
  now: Date;
  /** The owner who added the account, for the audit log; absent for setup and the CLI. */
  addedBy?: number;
  /** A temporary password someone else chose: the person must pick their own at sign-in. */
  mustChangePassword?: boolean;
};

export type CreateUserResult =
  | { ok: true; user: UserSummary }
  | { ok: false; reason: 'emailTaken' };

/** Adds an account unless a current account has the email (a removed person may return). */
export async function createUser(input: NewUser): Promise<CreateUserResult> {
  const db = await getDb();
  return immediate(db, async (): Promise<CreateUserResult> => {
    if (await findUserByEmail({ email: input.email })) return { ok: false, reason: 'emailTaken' };
    return { ok: true, user: await insertUser(input) };
  });
}

/** Creates the first owner, only while the database has no account at all. */
export async function createFirstOwner(
  input: Omit<NewUser, 'role' | 'addedBy'>,
): Promise<{ ok: true; user: UserSummary } | { ok: false; reason: 'alreadySetUp' }> {
  const db = await getDb();
  return immediate(
    db,
    async (): Promise<{ ok: true; user: UserSummary } | { ok: false; reason: 'alreadySetUp' }> => {
      if (await hasAnyUser()) return { ok: false, reason: 'alreadySetUp' };
      return { ok: true, user: await insertUser({ ...input, role: 'owner' }) };
    },
  );
}

async function insertUser({
  email,
  name,
  role,
  passwordHash,
  now,
  addedBy,
  mustChangePassword = false,
}: NewUser): Promise<UserSummary> {
  const db = await getDb();
  const [user] = await db
    .insert(users)
    .values({
      email: email.toLowerCase(),
      name,
      role,
      passwordHash,
      mustChangePassword,
      createdAt: now,
    })
    .returning(summary);
  if (!user) throw new Error('The new account was not returned.');
  await writeAudit(db, {
    userId: addedBy ?? null,
    at: now,
    action: 'user.add',
    entity: 'user',
    entityId: String(user.id),
    after: { email: user.email, name: user.name, role: user.role },
  });
  return user;
}

export type RemoveStaffResult = { ok: true } | { ok: false; reason: 'notFound' | 'notStaff' };

/** Marks a staff account removed and ends every session it has, in one transaction. */
export async function removeStaffUser({
  userId,
  removedBy,
  now,
}: {
  userId: number;
  removedBy: number;
  now: Date;
}): Promise<RemoveStaffResult> {
  const db = await getDb();
  return immediate(db, async (tx): Promise<RemoveStaffResult> => {
    const [user] = await tx
      .select(summary)
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.removedAt)))
      .limit(1);
    if (!user) return { ok: false, reason: 'notFound' };
    if (user.role !== 'staff') return { ok: false, reason: 'notStaff' };
    await tx.update(users).set({ removedAt: now }).where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await writeAudit(tx, {
      userId: removedBy,
      at: now,
      action: 'staff.remove',
      entity: 'user',
      entityId: String(userId),
      before: { email: user.email, name: user.name, role: user.role },
    });
    return { ok: true };
  });
}

export type ChangePasswordResult = { ok: true; endedSessions: number } | { ok: false };

/**
 * Stores a person's new password, clears any "must change" mark, and ends every other session
 * they have, in one transaction with its audit row. `expectedHash` is the hash the current
 * password was checked against: if it changed meanwhile, nothing is written.
 */
export async function changePassword({
  userId,
  expectedHash,
  passwordHash,
  keepSessionId,
  now,
}: {
  userId: number;
  expectedHash: string;
  passwordHash: string;
  keepSessionId: string;
  now: Date;
}): Promise<ChangePasswordResult> {
  const db = await getDb();
  return immediate(db, async (tx): Promise<ChangePasswordResult> => {
    const [before] = await tx
      .select({ mustChangePassword: users.mustChangePassword })
      .from(users)
      .where(
        and(eq(users.id, userId), eq(users.passwordHash, expectedHash), isNull(users.removedAt)),
      )
      .limit(1);
    if (!before) return { ok: false };
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false })
      .where(eq(users.id, userId));
    const ended = (
      await tx
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
        .returning({ id: sessions.id })
    ).length;
    // A sign-in halfway through (password given, code not yet) ends with the sessions.
    await tx.delete(signInChallenges).where(eq(signInChallenges.userId, userId));
    await writeAudit(tx, {
      userId,
      at: now,
      action: 'password.change',
      entity: 'user',
      entityId: String(userId),
      after: { replacedTemporary: before.mustChangePassword, otherSessionsEnded: ended },
    });
    return { ok: true, endedSessions: ended };
  });
}

/**
 * Replaces a hash made with older parameters by one of the same password with today's; only
 * if the stored hash is still the one that was checked, so a password changed meanwhile wins.
 */
export async function upgradePasswordHash({
  userId,
  expectedHash,
  passwordHash,
}: {
  userId: number;
  expectedHash: string;
  passwordHash: string;
}): Promise<boolean> {
  const changed = await (await getDb())
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, userId), eq(users.passwordHash, expectedHash)))
    .returning({ id: users.id });
  return changed.length === 1;
}
