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

function addUser(
  email: string,
  role: 'owner' | 'staff' = 'staff',
  passwordHash = UNMATCHABLE_PASSWORD_HASH,
) {
  const created = createUser({
    email,
    name: email.split('@')[0] ?? email,
    role,
    passwordHash,
    now,
  });
  if (!created.ok) throw new Error(`could not add ${email}`);
  return created.user;
}

function session(id: string, userId: number, at = now) {
  insertSession({
    id,
    userId,
    expiresAt: later(60 * 60 * 1000),
    now: at,
    userAgent: 'Firefox',
    address: '192.0.2.9',
  });
}

describe('accounts on a real database', () => {
  let temp: ReturnType<typeof useTempDatabase>;
  beforeEach(() => {
    temp = useTempDatabase();
  });
  afterEach(() => temp.cleanup());

  it('lets a removed person’s email be added again, but never twice at once', () => {
    const owner = addUser('olive@juniper.test', 'owner');
    const first = addUser('ana@juniper.test');
    expect(removeStaffUser({ userId: first.id, removedBy: owner.id, now })).toEqual({ ok: true });
    expect(findUserByEmail({ email: 'ana@juniper.test' })).toBeUndefined();

    const again = addUser('ANA@juniper.test');
    expect(again.id).not.toBe(first.id);
    expect(findUserByEmail({ email: 'ana@juniper.test' })?.id).toBe(again.id);
    expect(
      createUser({ email: 'ana@juniper.test', name: 'Ana', role: 'staff', passwordHash: 'x', now }),
    ).toEqual({ ok: false, reason: 'emailTaken' });
    // The old row stays, so replies the first Ana sent still name her.
    expect(getDb().select().from(users).all()).toHaveLength(3);
  });

  it('marks staff added with a temporary password, and nobody else', () => {
    const owner = addUser('olive@juniper.test', 'owner');
    const created = createUser({
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
    const created = createUser({
      email: 'nina@juniper.test',
      name: 'Nina',
      role: 'staff',
      passwordHash: oldHash,
      now,
      mustChangePassword: true,
    });
    if (!created.ok) throw new Error('not created');
    const userId = created.user.id;
    const other = addUser('sam@juniper.test');
    session('this-one', userId);
    session('phone', userId);
    session('till', userId);
    session('sams', other.id);

    const result = changePassword({
      userId,
      expectedHash: oldHash,
      passwordHash: 'new hash',
      keepSessionId: 'this-one',
      now,
    });
    expect(result).toEqual({ ok: true, endedSessions: 2 });
    expect(listSessionsOfUser({ userId }).map((s) => s.id)).toEqual(['this-one']);
    expect(findSessionWithUser({ id: 'sams' })).toBeDefined();
    expect(findActiveUserById({ id: userId })).toMatchObject({
      passwordHash: 'new hash',
      mustChangePassword: false,
    });
    const [entry] = listAuditEntries({ limit: 1 });
    expect(entry).toMatchObject({ action: 'password.change', userId, entityId: String(userId) });
    expect(entry?.after).not.toContain('hash');

    // Checked against a hash that is no longer stored: nothing is written.
    const stale = changePassword({
      userId,
      expectedHash: oldHash,
      passwordHash: 'another',
      keepSessionId: 'this-one',
      now,
    });
    expect(stale).toEqual({ ok: false });
    expect(findActiveUserById({ id: userId })?.passwordHash).toBe('new hash');
  });

  it('lists a person’s sessions and ends one, or all, of their own only', () => {
    const ana = addUser('ana@juniper.test');
    const sam = addUser('sam@juniper.test');
    session('ana-1', ana.id, now);
    session('ana-2', ana.id, later(1000));
    session('sam-1', sam.id);

    const listed = listSessionsOfUser({ userId: ana.id });
    expect(listed.map((s) => s.id)).toEqual(['ana-2', 'ana-1']);
    expect(listed[0]).toMatchObject({ userAgent: 'Firefox', address: '192.0.2.9' });

    expect(deleteSessionOfUser({ id: 'sam-1', userId: ana.id })).toBe(false);
    expect(findSessionWithUser({ id: 'sam-1' })).toBeDefined();
    expect(deleteSessionOfUser({ id: 'ana-1', userId: ana.id })).toBe(true);

    session('ana-3', ana.id);
    expect(deleteSessionsOfUser({ userId: ana.id, now })).toBe(2);
    expect(listSessionsOfUser({ userId: ana.id })).toEqual([]);
    expect(findSessionWithUser({ id: 'sam-1' })).toBeDefined();
    expect(listAuditEntries({ limit: 1 })[0]).toMatchObject({ action: 'sessions.end' });
  });

  it('rehashes a password made with older parameters when its owner signs in', async () => {
    const password = 'caraway and rye at six';
    const oldParams = { ...PASSWORD_HASH_PARAMS, n: 2 ** 14 };
    const oldHash = await hashPassword(password, oldParams);
    const olive = addUser('olive@juniper.test', 'owner', oldHash);

    const wrong = await attemptSignIn({
      email: olive.email,
      password: 'nope nope nope',
      address: 'a',
    });
    expect(wrong.ok).toBe(false);
    expect(findActiveUserById({ id: olive.id })?.passwordHash).toBe(oldHash);

    const signedIn = await attemptSignIn({ email: olive.email, password, address: 'a' });
    expect(signedIn).toMatchObject({ ok: true, user: { id: olive.id } });
    if (signedIn.ok) expect(signedIn.user).not.toHaveProperty('passwordHash');
    const stored = findActiveUserById({ id: olive.id })?.passwordHash ?? '';
    expect(stored).not.toBe(oldHash);
    expect(decodePasswordHash(stored)).toMatchObject({ n: PASSWORD_HASH_PARAMS.n, r: 8, p: 1 });
    expect(await verifyPassword(password, stored)).toBe(true);

    // Already current: left alone.
    await attemptSignIn({ email: olive.email, password, address: 'a' });
    expect(findActiveUserById({ id: olive.id })?.passwordHash).toBe(stored);
  }, 60_000);
});
