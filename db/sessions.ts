import 'server-only';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { getDb } from './client';
import { type Session, sessions, users } from './schema';
import type { UserSummary } from './users';

export function insertSession({
  id,
  userId,
  expiresAt,
  now,
}: {
  id: string;
  userId: number;
  expiresAt: Date;
  now: Date;
}): void {
  getDb().insert(sessions).values({ id, userId, expiresAt, createdAt: now }).run();
}

/** The session with this id and its account, unless the account has been removed. */
export function findSessionWithUser({
  id,
}: {
  id: string;
}): { session: Session; user: UserSummary } | undefined {
  return getDb()
    .select({
      session: sessions,
      user: {
        id: users.id,
        email: users.email,
        name: users.name,
        role: users.role,
        createdAt: users.createdAt,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), isNull(users.removedAt)))
    .get();
}

export function extendSession({ id, expiresAt }: { id: string; expiresAt: Date }): void {
  getDb().update(sessions).set({ expiresAt }).where(eq(sessions.id, id)).run();
}

export function deleteSession({ id }: { id: string }): void {
  getDb().delete(sessions).where(eq(sessions.id, id)).run();
}

export function deleteExpiredSessions({ now }: { now: Date }): number {
  return getDb().delete(sessions).where(lt(sessions.expiresAt, now)).run().changes;
}
