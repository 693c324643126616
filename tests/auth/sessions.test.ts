// @module-tag postgres: sessions.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deleteExpiredSessions, findSessionWithUser, insertSession } from '@/db/sessions';
import { createUser } from '@/db/users';
import { useTempDatabase } from '../support/temp-db';

describe('sweeping sessions', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  beforeEach(async () => {
    temp = await useTempDatabase();
  });
  afterEach(() => temp.cleanup());

  it('deletes only the sessions that have expired', async () => {
    const now = new Date('2026-12-01T12:00:00Z');
    const created = await createUser({
      email: 'sam@example.com',
      name: 'Sam',
      role: 'staff',
      passwordHash: 'x',
      now,
    });
    if (!created.ok) throw new Error('user not created');
    const userId = created.user.id;
    await insertSession({ id: 'expired', userId, expiresAt: new Date(now.getTime() - 1), now });
    await insertSession({
      id: 'current',
      userId,
      expiresAt: new Date(now.getTime() + 60_000),
      now,
    });
    expect(await deleteExpiredSessions({ now })).toBe(1);
    expect(await findSessionWithUser({ id: 'expired' })).toBeUndefined();
    expect((await findSessionWithUser({ id: 'current' }))?.session.id).toBe('current');
  });
});
