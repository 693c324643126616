// @module-tag postgres: accounts and their audit rows.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listAuditEntries } from '@/db/audit';
import { getDb } from '@/db/client';
import { users } from '@/db/schema';
import {
  deleteSessionOfUser,
  deleteSessionsOfUser,
  findSessionWithUser,
  insertSession,
  listSessionsOfUser,
} from '@/db/sessions';
import {
  changePassword,
  createUser,
  findActiveUserById,
  findUserByEmail,
  removeStaffUser,
} from '@/db/users';
import {
  decodePasswordHash,
  hashPassword,
  PASSWORD_HASH_PARAMS,
  UNMATCHABLE_PASSWORD_HASH,
  verifyPassword,
} from '@/lib/auth/password-hash';
import { attemptSignIn } from '@/server/sign-in';
import { useTempDatabase } from '../support/temp-db';

const now = new Date('2026-12-01T09:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);

async function addUser(
  email: string,
  role: 'owner' | 'staff' = 'staff',
  passwordHash = UNMATCHABLE_PASSWORD_HASH,
) {
  const created = await createUser({
    email,
    name: email.split('@')[0] ?? email,
    role,
    passwordHash,
    now,
  });
  if (!created.ok) throw new Error(`could not add ${email}`);
  return created.user;
}

async function session(id: string, userId: number, at = now) {
  await insertSession({
    id,
    userId,
    expiresAt: later(60 * 60 * 1000),
    now: at,
    userAgent: 'Firefox',
    address: '192.0.2.9',
  });
}

describe('accounts on a real database', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  beforeEach(async () => {
    temp = await useTempDatabase();
  });
  afterEach(() => temp.cleanup());

  it('lets a removed person’s email be added again, but never twice at once', async () => {
    const owner = await addUser('olive@juniper.test', 'owner');
    const first = await addUser('ana@juniper.test');
    expect(await removeStaffUser({ userId: first.id, removedBy: owner.id, now })).toEqual({
      ok: true,
    });
    expect(await findUserByEmail({ email: 'ana@juniper.test' })).toBeUndefined();

    const again = await addUser('ANA@juniper.test');
    expect(again.id).not.toBe(first.id);
    expect((await findUserByEmail({ email: 'ana@juniper.test' }))?.id).toBe(again.id);
    expect(
      await createUser({
        email: 'ana@juniper.test',
        name: 'Ana',
        role: 'staff',
        passwordHash: 'x',
        now,
      }),
    ).toEqual({ ok: false, reason: 'emailTaken' });
    // The old row stays, so replies the first Ana sent still name her.
    expect(await (await getDb()).select().from(users)).toHaveLength(3);
  });

  it('marks staff added with a temporary password, and nobody else', async () => {
    const owner = await addUser('olive@juniper.test', 'owner');
    const created = await createUser({
      email: 'nina@juniper.test',
      name: 'Nina',
      role: 'staff',
      passwordHash: 'x',
      now,
      addedBy: owner.id,
      mustChangePassword: true,
    });
    expect(created).toMatchObject({ ok: true, user: { mustChangePassword: true } });
    expect(owner.mustChangePassword).toBe(false);
  });

  it('changes a password, ending every other session, in one audited step', async () => {
    const oldHash = await hashPassword('first temporary one', { ...PASSWORD_HASH_PARAMS, n: 1024 });
    const created = await createUser({
      email: 'nina@juniper.test',
      name: 'Nina',
      role: 'staff',
      passwordHash: oldHash,
      now,
      mustChangePassword: true,
    });
    if (!created.ok) throw new Error('not created');
    const userId = created.user.id;
    const other = await addUser('sam@juniper.test');
    await session('this-one', userId);
    await session('phone', userId);
    await session('till', userId);
    await session('sams', other.id);

    const result = await changePassword({
      userId,
      expectedHash: oldHash,
      passwordHash: 'new hash',
      keepSessionId: 'this-one',
      now,
    });
    expect(result).toEqual({ ok: true, endedSessions: 2 });
    expect((await listSessionsOfUser({ userId })).map((s) => s.id)).toEqual(['this-one']);
    expect(await findSessionWithUser({ id: 'sams' })).toBeDefined();
    expect(await findActiveUserById({ id: userId })).toMatchObject({
      passwordHash: 'new hash',
      mustChangePassword: false,
    });
    const [entry] = await listAuditEntries({ limit: 1 });
    expect(entry).toMatchObject({ action: 'password.change', userId, entityId: String(userId) });
    expect(entry?.after).not.toContain('hash');

    // Checked against a hash that is no longer stored: nothing is written.
    const stale = await changePassword({
      userId,
      expectedHash: oldHash,
      passwordHash: 'another',
      keepSessionId: 'this-one',
      now,
    });
    expect(stale).toEqual({ ok: false });
    expect((await findActiveUserById({ id: userId }))?.passwordHash).toBe('new hash');
  });

  it('lists a person’s sessions and ends one, or all, of their own only', async () => {
    const ana = await addUser('ana@juniper.test');
    const sam = await addUser('sam@juniper.test');
    await session('ana-1', ana.id, now);
    await session('ana-2', ana.id, later(1000));
    await session('sam-1', sam.id);

    const listed = await listSessionsOfUser({ userId: ana.id });
    expect(listed.map((s) => s.id)).toEqual(['ana-2', 'ana-1']);
    expect(listed[0]).toMatchObject({ userAgent: 'Firefox', address: '192.0.2.9' });

    expect(await deleteSessionOfUser({ id: 'sam-1', userId: ana.id })).toBe(false);
    expect(await findSessionWithUser({ id: 'sam-1' })).toBeDefined();
    expect(await deleteSessionOfUser({ id: 'ana-1', userId: ana.id })).toBe(true);

    await session('ana-3', ana.id);
    expect(await deleteSessionsOfUser({ userId: ana.id, now })).toBe(2);
    expect(await listSessionsOfUser({ userId: ana.id })).toEqual([]);
    expect(await findSessionWithUser({ id: 'sam-1' })).toBeDefined();
    expect((await listAuditEntries({ limit: 1 }))[0]).toMatchObject({ action: 'sessions.end' });
  });

  it('rehashes a password made with older parameters when its owner signs in', async () => {
    const password = 'caraway and rye at six';
    const oldParams = { ...PASSWORD_HASH_PARAMS, n: 2 ** 14 };
    const oldHash = await hashPassword(password, oldParams);
    const olive = await addUser('olive@juniper.test', 'owner', oldHash);

    const wrong = await attemptSignIn({
      email: olive.email,
      password: 'nope nope nope',
      address: 'a',
    });
    expect(wrong.ok).toBe(false);
    expect((await findActiveUserById({ id: olive.id }))?.passwordHash).toBe(oldHash);

    const signedIn = await attemptSignIn({ email: olive.email, password, address: 'a' });
    expect(signedIn).toMatchObject({ ok: true, user: { id: olive.id } });
    if (signedIn.ok) expect(signedIn.user).not.toHaveProperty('passwordHash');
    const stored = (await findActiveUserById({ id: olive.id }))?.passwordHash ?? '';
    expect(stored).not.toBe(oldHash);
    expect(decodePasswordHash(stored)).toMatchObject({ n: PASSWORD_HASH_PARAMS.n, r: 8, p: 1 });
    expect(await verifyPassword(password, stored)).toBe(true);

    // Already current: left alone.
    await attemptSignIn({ email: olive.email, password, address: 'a' });
    expect((await findActiveUserById({ id: olive.id }))?.passwordHash).toBe(stored);
  }, 60_000);
});
