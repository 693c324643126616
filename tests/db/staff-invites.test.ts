// @module-tag postgres: invite links, single use under concurrent accepts.
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  acceptStaffInvite,
  createStaffInvite,
  findStaffInvite,
  listOpenInvites,
  revokeStaffInvite,
} from '@/db/staff-invites';
import { createUser, findUserByEmail } from '@/db/users';
import { hashInviteToken, INVITE_LIFETIME_MS } from '@/lib/auth/staff-invite';
import { sqlRows, sqlValue } from '../support/sql';
import { onPostgres, useTempDatabase } from '../support/temp-db';

let temp: Awaited<ReturnType<typeof useTempDatabase>>;
let ownerId: number;
const made = new Date('2026-12-01T09:00:00Z');
const later = (ms: number) => new Date(made.getTime() + ms);

beforeEach(async () => {
  temp = await useTempDatabase();
  const owner = await createUser({
    email: 'olive@example.com',
    name: 'Olive',
    role: 'owner',
    passwordHash: 'x',
    now: made,
  });
  if (!owner.ok) throw new Error(owner.reason);
  ownerId = owner.user.id;
});
afterEach(() => temp.cleanup());

async function invite(email = 'Sam@Example.com') {
  const result = await createStaffInvite({
    email,
    name: 'Sam',
    role: 'staff',
    by: ownerId,
    now: made,
  });
  if (!result.ok) throw new Error(result.reason);
  return result;
}

describe('staff invite links', () => {
  it('keeps only the SHA-256 of the link’s token, and audits the invite without it', async () => {
    const { token, invite: made } = await invite();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await sqlRows('select * from staff_invites');
    expect(row?.token_hash).toBe(hashInviteToken(token));
    expect(row?.email).toBe('sam@example.com');
    const everything = JSON.stringify(await sqlRows('select * from staff_invites'));
    const audit = JSON.stringify(await sqlRows('select * from audit_log'));
    expect(everything).not.toContain(token);
    expect(audit).not.toContain(token);
    expect(audit).toContain('staff.invite');
    if (!onPostgres()) {
      // The file and its write-ahead log, where a fresh write sits until a checkpoint.
      const hash = hashInviteToken(token);
      const bytes = Buffer.concat(
        [temp.path, `${temp.path}-wal`].filter(existsSync).map((f) => readFileSync(f)),
      );
      expect(bytes.includes(hash)).toBe(true);
      expect(bytes.includes(token)).toBe(false);
    }
    expect(made.expiresAt.getTime() - made.createdAt.getTime()).toBe(7 * 24 * 3600 * 1000);
  });

  it('opens for seven days, then says it has expired and makes no account', async () => {
    const { token } = await invite();
    expect(await findStaffInvite({ token, now: later(INVITE_LIFETIME_MS - 1) })).toMatchObject({
      state: 'open',
      invite: { email: 'sam@example.com', name: 'Sam', role: 'staff' },
    });
    expect(await findStaffInvite({ token, now: later(INVITE_LIFETIME_MS) })).toEqual({
      state: 'expired',
    });
    expect(
      await acceptStaffInvite({ token, passwordHash: 'h', now: later(INVITE_LIFETIME_MS) }),
    ).toEqual({ ok: false, reason: 'expired' });
    expect(await findUserByEmail({ email: 'sam@example.com' })).toBeUndefined();
    expect(await listOpenInvites({ now: later(INVITE_LIFETIME_MS) })).toEqual([]);
  });

  it('is used once: the account is made with the chosen password, and the link opens nothing after', async () => {
    const { token } = await invite();
    const accepted = await acceptStaffInvite({ token, passwordHash: 'chosen', now: later(1000) });
    expect(accepted).toMatchObject({
      ok: true,
      user: { email: 'sam@example.com', name: 'Sam', role: 'staff', mustChangePassword: false },
    });
    expect(
      await sqlValue<string>("select password_hash from users where email = 'sam@example.com'"),
    ).toBe('chosen');
    expect(await findStaffInvite({ token, now: later(2000) })).toEqual({ state: 'used' });
    expect(await acceptStaffInvite({ token, passwordHash: 'again', now: later(2000) })).toEqual({
      ok: false,
      reason: 'used',
    });
    expect(Number(await sqlValue('select count(*) from users'))).toBe(2);
    const actions = await sqlRows<{ action: string }>('select action from audit_log order by id');
    expect(actions.map((a) => a.action)).toEqual([
      'user.add',
      'staff.invite',
      'user.add',
      'staff.invite.accept',
    ]);
  });

  it('makes one account when the link is sent twice at once', async () => {
    const { token } = await invite();
    const both = await Promise.all([
      acceptStaffInvite({ token, passwordHash: 'one', now: later(1000) }),
      acceptStaffInvite({ token, passwordHash: 'two', now: later(1000) }),
    ]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(both.filter((r) => !r.ok)).toEqual([{ ok: false, reason: 'used' }]);
    expect(Number(await sqlValue("select count(*) from users where role = 'staff'"))).toBe(1);
  });

  it('opens nothing once the owner takes it back, and lists only open invites', async () => {
    const { token, invite: first } = await invite();
    const other = await invite('kim@example.com');
    expect((await listOpenInvites({ now: later(1) })).map((i) => i.email)).toEqual([
      'kim@example.com',
      'sam@example.com',
    ]);
    expect(await revokeStaffInvite({ id: first.id, by: ownerId, now: later(10) })).toEqual({
      ok: true,
    });
    expect(await revokeStaffInvite({ id: first.id, by: ownerId, now: later(20) })).toEqual({
      ok: false,
      reason: 'notOpen',
    });
    expect(await findStaffInvite({ token, now: later(30) })).toEqual({ state: 'revoked' });
    expect(await acceptStaffInvite({ token, passwordHash: 'h', now: later(30) })).toEqual({
      ok: false,
      reason: 'revoked',
    });
    expect((await listOpenInvites({ now: later(30) })).map((i) => i.email)).toEqual([
      'kim@example.com',
    ]);
    expect(await findStaffInvite({ token: other.token, now: later(30) })).toMatchObject({
      state: 'open',
    });
    expect(await findStaffInvite({ token: `${token.slice(0, -1)}x`, now: later(30) })).toEqual({
      state: 'unknown',
    });
  });

  it('takes back an earlier open link for the same email, and refuses an email with an account', async () => {
    const first = await invite();
    const second = await invite('sam@example.com');
    expect(await findStaffInvite({ token: first.token, now: later(1) })).toEqual({
      state: 'revoked',
    });
    expect(await findStaffInvite({ token: second.token, now: later(1) })).toMatchObject({
      state: 'open',
    });
    expect(
      await createStaffInvite({
        email: 'OLIVE@example.com',
        name: 'Olive again',
        role: 'staff',
        by: ownerId,
        now: made,
      }),
    ).toEqual({ ok: false, reason: 'emailTaken' });
    // An account made meanwhile (the staff page's temporary password) wins over the link.
    await createUser({
      email: 'sam@example.com',
      name: 'Sam',
      role: 'staff',
      passwordHash: 'temp',
      now: later(5),
    });
    expect(
      await acceptStaffInvite({ token: second.token, passwordHash: 'h', now: later(10) }),
    ).toEqual({ ok: false, reason: 'emailTaken' });
    expect(await findStaffInvite({ token: second.token, now: later(10) })).toMatchObject({
      state: 'open',
    });
  });
});
