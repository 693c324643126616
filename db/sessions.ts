import 'server-only';
import { and, desc, eq, isNull, lt, ne } from 'drizzle-orm';
import { writeAudit } from './audit';
import { getDb, immediate } from './client';
import { type Session, sessions, signInChallenges, users } from './schema';
import { summary, type UserSummary } from './users';

export function insertSession({
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
}): void {
  getDb()
    .insert(sessions)
    .values({ id, userId, expiresAt, createdAt: now, lastSeenAt: now, userAgent, address })
    .run();
}

/** The session with this id and its account, unless the account has been removed. */
export function findSessionWithUser({
  id,
}: {
  id: string;
}): { session: Session; user: UserSummary } | undefined {
  return getDb()
    .select({ session: sessions, user: summary })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), isNull(users.removedAt)))
    .get();
}

/** Notes that the session was used, and when it now ends. */
export function touchSession({
  id,
  lastSeenAt,
  expiresAt,
}: {
  id: string;
  lastSeenAt: Date;
  expiresAt: Date;
}): void {
  getDb().update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.id, id)).run();
}

export type SessionListing = Pick<
  Session,
  'id' | 'createdAt' | 'lastSeenAt' | 'expiresAt' | 'userAgent' | 'address'
>;

/** A person's sessions, most recently used first. */
export function listSessionsOfUser({ userId }: { userId: number }): SessionListing[] {
  return getDb()
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
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
    .all();
}

export function deleteSession({ id }: { id: string }): void {
  getDb().delete(sessions).where(eq(sessions.id, id)).run();
}

/** Ends one of a person's own sessions; false when it is not theirs or already gone. */
export function deleteSessionOfUser({ id, userId }: { id: string; userId: number }): boolean {
  return (
    getDb()
      .delete(sessions)
      .where(and(eq(sessions.id, id), eq(sessions.userId, userId)))
      .run().changes === 1
  );
}

/**
 * Ends every session a person has ("sign out everywhere"), or every one but `exceptId`, with
 * an audit row, in one transaction. Returns how many ended.
 */
export function deleteSessionsOfUser({
  userId,
  exceptId,
  now,
}: {
  userId: number;
  exceptId?: string;
  now: Date;
}): number {
  const db = getDb();
  return immediate(db, () => {
    const mine = eq(sessions.userId, userId);
    const ended = db
      .delete(sessions)
      .where(exceptId ? and(mine, ne(sessions.id, exceptId)) : mine)
      .run().changes;
    // A sign-in halfway through (password given, code not yet) ends with the sessions.
    db.delete(signInChallenges).where(eq(signInChallenges.userId, userId)).run();
    writeAudit(db, {
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

export function deleteExpiredSessions({ now }: { now: Date }): number {
  return getDb().delete(sessions).where(lt(sessions.expiresAt, now)).run().changes;
}
