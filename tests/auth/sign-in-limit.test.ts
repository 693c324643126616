// @module-tag postgres: sign-in failures counted in the database.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listAuditEntries } from '@/db/audit';
import { reserveSignInAttempt } from '@/db/sign-in-failures';
import { createUser } from '@/db/users';
import { SIGN_IN_LIMITS, signInFailureKeys } from '@/lib/auth/sign-in-limit';
import { attemptSignIn } from '@/server/sign-in';
import { lockedAccounts, unlockAccount } from '@/server/sign-in-lockouts';
import { cheapPasswordHash } from '../support/cheap-password-hash';
import { sqlValue } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

describe('the sign-in limits against a real database', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  const email = 'olive@example.com';
  const password = 'a long and unusual passphrase';
  let ownerId = 0;

  beforeEach(async () => {
    temp = await useTempDatabase();
    // These tests are about counting, not hashing: a cheap stored hash keeps each check short.
    const passwordHash = await cheapPasswordHash(password);
    const created = await createUser({
      email,
      name: 'Olive',
      role: 'owner',
      passwordHash,
      now: new Date(),
    });
    if (!created.ok) throw new Error('no owner');
    ownerId = created.user.id;
  });
  afterEach(() => temp.cleanup());

  // The guesses here are real calls, in parallel: e2e/sign-in-limits.spec.ts's burst sends real
  // requests at full hashing cost, and its other tests seed earlier failures on the strength of
  // this file's counting.
  it('counts guesses sent in parallel, so they cannot outrun the limit', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        attemptSignIn({ email, password: `wrong guess ${i}`, address: '198.51.100.7' }),
      ),
    );
    const kinds = guesses.map((g) => (g.ok ? 'ok' : g.kind));
    // Past the pair limit each guess is refused before hashing; the hash gate turns away some
    // of the rest, which do not count. Never more than the limit get a password check.
    expect(kinds.filter((k) => k === 'invalid').length).toBeLessThanOrEqual(
      SIGN_IN_LIMITS.pair.maxFailures,
    );
    expect(kinds.filter((k) => k === 'limited' || k === 'busy')).toHaveLength(
      12 - kinds.filter((k) => k === 'invalid').length,
    );
  }, 60_000);

  it('five wrong passwords from other addresses do not keep the owner out', async () => {
    for (let i = 1; i <= 5; i++) {
      const wrong = await attemptSignIn({
        email,
        password: `nope ${i}`,
        address: `203.0.113.${i}`,
      });
      expect(wrong).toEqual({ ok: false, kind: 'invalid' });
    }
    // Each wrong password counted once under the account, whatever its address: the ceiling
    // e2e/sign-in-limits.spec.ts seeds in the database is made of these.
    expect(
      await sqlValue('select count(*) from sign_in_failures where key = ?', `account:${email}`),
    ).toBe(5);
    const owner = await attemptSignIn({ email, password, address: '198.51.100.20' });
    expect(owner.ok).toBe(true);
    const actions = (await listAuditEntries({ limit: 10 })).map((e) => e.action);
    expect(actions.filter((a) => a === 'sign_in.failure')).toHaveLength(5);
    expect(actions[0]).toBe('sign_in.success');
  }, 60_000);

  it('limits one address trying many accounts, counting each wrong password', async () => {
    const accounts = Array.from({ length: 11 }, (_, i) => `guest-${i}@example.com`);
    for (const account of accounts) {
      const created = await createUser({
        email: account,
        name: account,
        role: 'staff',
        passwordHash: await cheapPasswordHash(password),
        now: new Date(),
      });
      if (!created.ok) throw new Error(`no ${account}`);
    }
    for (const account of accounts.slice(0, SIGN_IN_LIMITS.address.maxFailures)) {
      expect(
        await attemptSignIn({ email: account, password: 'spraying one', address: '192.0.2.77' }),
      ).toEqual({ ok: false, kind: 'invalid' });
    }
    expect(
      await attemptSignIn({ email: accounts[10] ?? '', password, address: '192.0.2.77' }),
    ).toMatchObject({ ok: false, kind: 'limited', limit: 'address' });
  }, 60_000);

  it('a check with a shorter window keeps the account ceiling’s longer history', async () => {
    const now = new Date();
    const halfHourAgo = new Date(now.getTime() - 30 * 60_000);
    for (let i = 0; i < SIGN_IN_LIMITS.account.maxFailures; i++) {
      await reserveSignInAttempt({
        keys: { account: `account:${email}` },
        at: halfHourAgo,
        since: new Date(halfHourAgo.getTime() - SIGN_IN_LIMITS.account.windowMs),
        judge: () => null,
      });
    }
    expect((await lockedAccounts({ now })).map((l) => l.email)).toEqual([email]);
    // A second-step code or current-password check looks back only 15 minutes.
    await reserveSignInAttempt({
      keys: { pair: `pair:someone@example.com|203.0.113.9` },
      at: now,
      since: new Date(now.getTime() - SIGN_IN_LIMITS.pair.windowMs),
      judge: () => null,
    });
    expect((await lockedAccounts({ now })).map((l) => l.email)).toEqual([email]);
  });

  it('locks the account at its ceiling until an owner unlocks it, and logs both', async () => {
    // Reach the ceiling without hashing 50 passwords: reserve the attempts directly, from
    // many addresses, the way a distributed guesser would.
    for (let i = 0; i < SIGN_IN_LIMITS.account.maxFailures - 1; i++) {
      const keys = signInFailureKeys({ email, address: `198.18.${Math.floor(i / 4)}.${i}` });
      await reserveSignInAttempt({ keys, at: new Date(), since: new Date(0), judge: () => null });
    }
    // The 50th failure reaches the ceiling and is logged as a lockout.
    expect(
      await attemptSignIn({ email, password: 'the last guess', address: '192.0.2.1' }),
    ).toEqual({ ok: false, kind: 'invalid' });
    expect((await listAuditEntries({ limit: 1 }))[0]).toMatchObject({
      action: 'sign_in.lockout',
      entityId: email,
    });
    const locked = await attemptSignIn({ email, password, address: '198.51.100.20' });
    expect(locked).toMatchObject({ ok: false, kind: 'limited', limit: 'account' });
    expect((await lockedAccounts({ now: new Date() })).map((l) => l.email)).toEqual([email]);

    await unlockAccount({ email, by: ownerId, now: new Date() });
    expect((await listAuditEntries({ limit: 1 }))[0]).toMatchObject({
      action: 'sign_in.unlock',
      userId: ownerId,
    });
    expect(await lockedAccounts({ now: new Date() })).toEqual([]);
    expect((await attemptSignIn({ email, password, address: '198.51.100.20' })).ok).toBe(true);
  }, 60_000);
});
