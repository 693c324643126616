// @module-tag postgres: two-factor secrets and recovery codes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listAuditEntries } from '@/db/audit';
import { deleteSessionsOfUser } from '@/db/sessions';
import {
  countUnusedRecoveryCodes,
  disableTwoFactor,
  enableTwoFactor,
  findSignInChallenge,
  insertSignInChallenge,
  setPendingTotpSecret,
} from '@/db/two-factor';
import { changePassword, createUser, findActiveUserById } from '@/db/users';
import { hashPassword, PASSWORD_HASH_PARAMS } from '@/lib/auth/password-hash';
import { CREDENTIAL_CHECK_LIMIT } from '@/lib/auth/sign-in-limit';
import {
  checkTotpCode,
  generateRecoveryCodes,
  generateTotpSecret,
  hashRecoveryCode,
  totpCodeAt,
} from '@/lib/auth/two-factor';
import { checkCurrentPassword, checkSecondFactor } from '@/server/credentials';
import { useTempDatabase } from '../support/temp-db';

const now = new Date('2026-12-01T09:00:10Z');
const seconds = (s: number) => new Date(now.getTime() + s * 1000);

describe('two-factor sign-in on a real database', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let userId: number;
  const secret = generateTotpSecret();
  const codes = generateRecoveryCodes();

  beforeEach(async () => {
    temp = await useTempDatabase();
    const passwordHash = await hashPassword('proof the rye at dawn', {
      ...PASSWORD_HASH_PARAMS,
      n: 1024,
    });
    const created = await createUser({
      email: 'olive@juniper.test',
      name: 'Olive',
      role: 'owner',
      passwordHash,
      now,
    });
    if (!created.ok) throw new Error('not created');
    userId = created.user.id;
  });
  afterEach(() => temp.cleanup());

  async function enrol() {
    await setPendingTotpSecret({ userId, secret });
    const confirm = checkTotpCode({
      secret,
      code: totpCodeAt({ secret, at: now }),
      now,
      lastStep: null,
    });
    if (!confirm.ok) throw new Error('the app code should confirm');
    return enableTwoFactor({
      userId,
      secret,
      step: confirm.step,
      recoveryCodeHashes: codes.map(hashRecoveryCode),
      now,
    });
  }

  it('turns on only with the pending secret, audited, with ten recovery codes', async () => {
    expect(await enableTwoFactor({ userId, secret, step: 1, recoveryCodeHashes: [], now })).toEqual(
      {
        ok: false,
        reason: 'notPending',
      },
    );
    expect((await findActiveUserById({ id: userId }))?.totpSecret).toBeNull();

    expect(await enrol()).toEqual({ ok: true });
    expect(await findActiveUserById({ id: userId })).toMatchObject({
      totpSecret: secret,
      totpPendingSecret: null,
      totpEnabledAt: now,
    });
    expect(await countUnusedRecoveryCodes({ userId })).toBe(10);
    expect((await listAuditEntries({ limit: 1 }))[0]).toMatchObject({
      action: 'twoFactor.enable',
      userId,
    });
    // Once on, a new pending secret cannot be slipped in.
    await setPendingTotpSecret({ userId, secret: generateTotpSecret() });
    expect((await findActiveUserById({ id: userId }))?.totpPendingSecret).toBeNull();
  });

  it('accepts each authenticator code once, and never the one that confirmed enrolment', async () => {
    await enrol();
    expect(await checkSecondFactor({ userId, code: totpCodeAt({ secret, at: now }), now })).toEqual(
      {
        ok: false,
        kind: 'wrong',
      },
    );
    const next = totpCodeAt({ secret, at: seconds(30) });
    expect(await checkSecondFactor({ userId, code: next, now: seconds(30) })).toEqual({
      ok: true,
      via: 'app',
    });
    expect(await checkSecondFactor({ userId, code: next, now: seconds(31) })).toMatchObject({
      ok: false,
    });
  });

  it('accepts each recovery code once, however it is typed, and audits its use', async () => {
    await enrol();
    const [first, second] = codes as [string, string];
    expect(
      await checkSecondFactor({ userId, code: first.toUpperCase().replaceAll('-', ' '), now }),
    ).toEqual({ ok: true, via: 'recovery' });
    expect(await checkSecondFactor({ userId, code: first, now })).toEqual({
      ok: false,
      kind: 'wrong',
    });
    expect(await countUnusedRecoveryCodes({ userId })).toBe(9);
    expect((await listAuditEntries({ limit: 1 }))[0]).toMatchObject({
      action: 'twoFactor.recoveryCodeUsed',
      after: JSON.stringify({ remaining: 9 }),
    });
    expect(await checkSecondFactor({ userId, code: second, now })).toMatchObject({ ok: true });
  });

  it('stops accepting codes after five wrong ones, even the right one', async () => {
    await enrol();
    for (let i = 0; i < CREDENTIAL_CHECK_LIMIT.maxFailures; i++) {
      expect(await checkSecondFactor({ userId, code: `aaaa-bbbb-cccc-000${i}`, now })).toEqual({
        ok: false,
        kind: 'wrong',
      });
    }
    expect(await checkSecondFactor({ userId, code: codes[0] ?? '', now })).toMatchObject({
      ok: false,
      kind: 'limited',
    });
    expect(await countUnusedRecoveryCodes({ userId })).toBe(10);
  });

  it('limits guesses at the current password too', async () => {
    expect(
      await checkCurrentPassword({ userId, password: 'proof the rye at dawn', now }),
    ).toMatchObject({
      ok: true,
    });
    const guesses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        checkCurrentPassword({ userId, password: `guess ${i}`, now }),
      ),
    );
    expect(guesses.filter((g) => !g.ok && g.kind === 'limited')).toHaveLength(
      8 - CREDENTIAL_CHECK_LIMIT.maxFailures,
    );
    expect(
      await checkCurrentPassword({ userId, password: 'proof the rye at dawn', now }),
    ).toMatchObject({
      ok: false,
      kind: 'limited',
    });
  });

  it('turns off with everything it kept, audited, and ends waiting sign-ins', async () => {
    await enrol();
    await insertSignInChallenge({ id: 'waiting', userId, now, expiresAt: seconds(600) });
    expect((await findSignInChallenge({ id: 'waiting', now }))?.user.id).toBe(userId);
    expect(await findSignInChallenge({ id: 'waiting', now: seconds(600) })).toBeUndefined();

    expect(await disableTwoFactor({ userId, now })).toBe(true);
    expect(await findActiveUserById({ id: userId })).toMatchObject({
      totpSecret: null,
      totpEnabledAt: null,
    });
    expect(await countUnusedRecoveryCodes({ userId })).toBe(0);
    expect(await findSignInChallenge({ id: 'waiting', now })).toBeUndefined();
    expect((await listAuditEntries({ limit: 1 }))[0]).toMatchObject({
      action: 'twoFactor.disable',
    });
    expect(await disableTwoFactor({ userId, now })).toBe(false);
  });

  it('ends a sign-in waiting for its code when the password changes or every session ends', async () => {
    await enrol();
    const user = await findActiveUserById({ id: userId });
    if (!user) throw new Error('gone');
    await insertSignInChallenge({ id: 'phished', userId, now, expiresAt: seconds(600) });
    await changePassword({
      userId,
      expectedHash: user.passwordHash,
      passwordHash: await hashPassword('a brand new passphrase here', {
        ...PASSWORD_HASH_PARAMS,
        n: 1024,
      }),
      keepSessionId: 'this-browser',
      now,
    });
    expect(await findSignInChallenge({ id: 'phished', now })).toBeUndefined();

    await insertSignInChallenge({ id: 'phished-again', userId, now, expiresAt: seconds(600) });
    await deleteSessionsOfUser({ userId, now });
    expect(await findSignInChallenge({ id: 'phished-again', now })).toBeUndefined();
  });
});
