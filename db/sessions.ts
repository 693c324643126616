import 'server-only';
import { and, desc, eq, isNull, lt, ne } from 'drizzle-orm';
import { writeAudit } from './audit';
import { getDb, immediate } from './client';
import { type Session, sessions, signInChallenges, users } from './schema';
import { summary, type UserSummary } from './users';

export async function insertSession({
  id,
  userId,
  expiresAt,
  now,
  userAgent = null,
  address = null,
}: {
  id: string;
  userId: number;
  expiresAt: Date;
  now: Date;
  userAgent?: string | null;
  address?: string | null;
}): Promise<void> {
  await (await getDb())
    .insert(sessions)
    .values({ id, userId, expiresAt, createdAt: now, lastSeenAt: now, userAgent, address });
}

/** The session with this id and its account, unless the account has been removed. */
export async function findSessionWithUser({
  id,
}: {
  id: string;
}): Promise<{ session: Session; user: UserSummary } | undefined> {
  const [row] = await (await getDb())
    .select({ session: sessions, user: summary })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), isNull(users.removedAt)))
    .limit(1);
  return row;
}

/** Notes that the session was used, and when it now ends. */
export async function touchSession({
  id,
  lastSeenAt,
  expiresAt,
}: {
  id: string;
  lastSeenAt: Date;
  expiresAt: Date;
}): Promise<void> {
  await (await getDb()).update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.id, id));
}

export type SessionListing = Pick<
  Session,
  'id' | 'createdAt' | 'lastSeenAt' | 'expiresAt' | 'userAgent' | 'address'
>;

/** A person's sessions, most recently used first. */
export async function listSessionsOfUser({
  userId,
}: {
  userId: number;
}): Promise<SessionListing[]> {
  return (await getDb())
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      userAgent: sessions.userAgent,
      address: sessions.address,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

export async function deleteSession({ id }: { id: string }): Promise<void> {
  await (await getDb()).delete(sessions).where(eq(sessions.id, id));
}

/** Ends one of a person's own sessions; false when it is not theirs or already gone. */
export async function deleteSessionOfUser({
  id,
  userId,
}: {
  id: string;
  userId: number;
}): Promise<boolean> {
  const ended = await (await getDb())
    .delete(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return ended.length === 1;
}

/**
 * Ends every session a person has ("sign out everywhere"), or every one but `exceptId`, with
 * an audit row, in one transaction. Returns how many ended.
 */
export async function deleteSessionsOfUser({
  userId,
  exceptId,
  now,
}: {
  userId: number;
  exceptId?: string;
  now: Date;
}): Promise<number> {
  const db = await getDb();
  return immediate(db, async (tx) => {
    const mine = eq(sessions.userId, userId);
    const ended = (
      await tx
        .delete(sessions)
        .where(exceptId ? and(mine, ne(sessions.id, exceptId)) : mine)
        .returning({ id: sessions.id })
    ).length;
    // A sign-in halfway through (password given, code not yet) ends with the sessions.
    await tx.delete(signInChallenges).where(eq(signInChallenges.userId, userId));
    await writeAudit(tx, {
      userId,
      at: now,
      action: 'sessions.end',
      entity: 'user',
      entityId: String(userId),
      after: { ended, keptThisOne: exceptId !== undefined },
    });
    return ended;
  });
}

export async function deleteExpiredSessions({ now }: { now: Date }): Promise<number> {
  const ended = await (await getDb())
    .delete(sessions)
    .where(lt(sessions.expiresAt, now))
    .returning({ id: sessions.id });
  return ended.length;
}
