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
export function hasAnyUser(): boolean {
  return getDb().select({ id: users.id }).from(users).limit(1).get() !== undefined;
}

export function findActiveUserByEmail({ email }: { email: string }): User | undefined {
  return getDb()
    .select()
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), isNull(users.removedAt)))
    .get();
}

/** The whole row of a current account, for checking its password or second factor. */
export function findActiveUserById({ id }: { id: number }): User | undefined {
  return getDb()
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.removedAt)))
    .get();
}

/** The current account with this email; a removed person's old row does not count. */
export function findUserByEmail({ email }: { email: string }): UserSummary | undefined {
  return getDb()
    .select(summary)
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), isNull(users.removedAt)))
    .get();
}

export function listActiveUsers(): UserSummary[] {
  return getDb()
    .select(summary)
    .from(users)
    .where(isNull(users.removedAt))
    .orderBy(asc(sql`${users.role} = 'staff'`), asc(users.name))
    .all();
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
export function createUser(input: NewUser): CreateUserResult {
  const db = getDb();
  return immediate(db, () => {
    if (findUserByEmail({ email: input.email })) return { ok: false, reason: 'emailTaken' };
    return { ok: true, user: insertUser(input) };
  });
}

/** Creates the first owner, only while the database has no account at all. */
export function createFirstOwner(
  input: Omit<NewUser, 'role' | 'addedBy'>,
): { ok: true; user: UserSummary } | { ok: false; reason: 'alreadySetUp' } {
  const db = getDb();
  return immediate(db, () => {
    if (hasAnyUser()) return { ok: false, reason: 'alreadySetUp' };
    return { ok: true, user: insertUser({ ...input, role: 'owner' }) };
  });
}

function insertUser({
  email,
  name,
  role,
  passwordHash,
  now,
  addedBy,
  mustChangePassword = false,
}: NewUser): UserSummary {
  const db = getDb();
  const user = db
    .insert(users)
    .values({
      email: email.toLowerCase(),
      name,
      role,
      passwordHash,
      mustChangePassword,
      createdAt: now,
    })
    .returning(summary)
    .get();
  writeAudit(db, {
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
export function removeStaffUser({
  userId,
  removedBy,
  now,
}: {
  userId: number;
  removedBy: number;
  now: Date;
}): RemoveStaffResult {
  const db = getDb();
  return immediate(db, () => {
    const user = db
      .select(summary)
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.removedAt)))
      .get();
    if (!user) return { ok: false, reason: 'notFound' };
    if (user.role !== 'staff') return { ok: false, reason: 'notStaff' };
    db.update(users).set({ removedAt: now }).where(eq(users.id, userId)).run();
    db.delete(sessions).where(eq(sessions.userId, userId)).run();
    writeAudit(db, {
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
export function changePassword({
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
}): ChangePasswordResult {
  const db = getDb();
  return immediate(db, () => {
    const before = db
      .select({ mustChangePassword: users.mustChangePassword })
      .from(users)
      .where(
        and(eq(users.id, userId), eq(users.passwordHash, expectedHash), isNull(users.removedAt)),
      )
      .get();
    if (!before) return { ok: false };
    db.update(users)
      .set({ passwordHash, mustChangePassword: false })
      .where(eq(users.id, userId))
      .run();
    const ended = db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
      .run().changes;
    // A sign-in halfway through (password given, code not yet) ends with the sessions.
    db.delete(signInChallenges).where(eq(signInChallenges.userId, userId)).run();
    writeAudit(db, {
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
export function upgradePasswordHash({
  userId,
  expectedHash,
  passwordHash,
}: {
  userId: number;
  expectedHash: string;
  passwordHash: string;
}): boolean {
  return (
    getDb()
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, userId), eq(users.passwordHash, expectedHash)))
      .run().changes === 1
  );
}
