import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listAuditEntries } from '@/db/audit';
import { reserveSignInAttempt } from '@/db/sign-in-failures';
import { createUser } from '@/db/users';
import { cookieWithDevice } from '@/lib/auth/device-cookie';
import { DEVICE_SIGN_IN_LIMIT, SIGN_IN_LIMITS, signInFailureKeys } from '@/lib/auth/sign-in-limit';
import { deviceCookieKey } from '@/server/device-key';
import { attemptSignIn } from '@/server/sign-in';
import { cheapPasswordHash, restoreCheapPasswordHash } from '../support/cheap-password-hash';
import { sqlValue } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

/**
 * OWASP's device cookies: guessers on ten addresses reach the account's ceiling, yet the owner's
 * own browser, known from an earlier sign-in, still gets in; a device cookie that fails too
 * often is locked out itself.
 */
describe('device cookies against a real database', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  const email = 'olive@example.com';
  const password = 'a long and unusual passphrase';

  beforeEach(async () => {
    temp = await useTempDatabase();
    const created = await createUser({
      email,
      name: 'Olive',
      role: 'owner',
      // About cookies and counting, not hashing: a cheap stored hash keeps each check short.
      passwordHash: await cheapPasswordHash(password),
      now: new Date(),
    });
    if (!created.ok) throw new Error('no owner');
  });
  afterEach(() => temp.cleanup());

  /** What the owner's browser got from its earlier, successful sign-in. */
  async function ownersBrowser(): Promise<string> {
    const earlier = await attemptSignIn({ email, password, address: '192.0.2.10' });
    expect(earlier.ok).toBe(true);
    // That success stored a full-cost hash; the guesses that follow need not pay for it.
    await restoreCheapPasswordHash({ email, password });
    return cookieWithDevice({
      cookie: null,
      account: email,
      key: deviceCookieKey(),
      now: new Date(),
    });
  }

  /** The account's ceiling, reached from ten addresses, five guesses each. */
  async function lockFromTenAddresses(): Promise<void> {
    for (let i = 0; i < SIGN_IN_LIMITS.account.maxFailures; i++) {
      const keys = signInFailureKeys({ email, address: `198.18.0.${Math.floor(i / 5) + 1}` });
      await reserveSignInAttempt({ keys, at: new Date(), since: new Date(0), judge: () => null });
    }
  }

  it('lets the owner in from their own browser while the ceiling keeps unknown devices out', async () => {
    const device = await ownersBrowser();
    await lockFromTenAddresses();

    const stranger = await attemptSignIn({ email, password, address: '192.0.2.10' });
    expect(stranger).toMatchObject({ ok: false, kind: 'limited', limit: 'account' });
    const owner = await attemptSignIn({
      email,
      password,
      address: '192.0.2.10',
      deviceCookie: device,
    });
    expect(owner.ok).toBe(true);
    // Still locked for everyone else: the owner's sign-in did not lift the ceiling.
    expect(await attemptSignIn({ email, password, address: '203.0.113.5' })).toMatchObject({
      ok: false,
      limit: 'account',
    });
    expect((await listAuditEntries({ limit: 5 })).map((e) => e.action)).toContain(
      'sign_in.success',
    );
  }, 60_000);

  it('refuses a device cookie that is forged, signed with another key, or for another account', async () => {
    const device = await ownersBrowser();
    await lockFromTenAddresses();
    // One character of the signature changed (in its middle: the last one carries spare bits).
    const forged = device.replace(/\.([^.]{10})(.)([^.]*)$/, (_all, head, c, tail) => {
      return `.${head}${c === 'A' ? 'B' : 'A'}${tail}`;
    });
    expect(forged).not.toBe(device);
    const otherKey = cookieWithDevice({
      cookie: null,
      account: email,
      key: Buffer.from('not the desk’s key, but just as long as one'),
      now: new Date(),
    });
    const otherAccount = cookieWithDevice({
      cookie: null,
      account: 'someone-else@example.com',
      key: deviceCookieKey(),
      now: new Date(),
    });
    for (const deviceCookie of [forged, otherKey, otherAccount, 'garbage', '~~~', 'a.b.c.d']) {
      expect(
        await attemptSignIn({ email, password, address: '192.0.2.10', deviceCookie }),
      ).toMatchObject({ ok: false, kind: 'limited', limit: 'account' });
    }
  }, 60_000);

  it('locks out a device cookie that fails too often, and only that one', async () => {
    const device = await ownersBrowser();
    const secondBrowser = cookieWithDevice({
      cookie: null,
      account: email,
      key: deviceCookieKey(),
      now: new Date(),
    });
    for (let i = 1; i <= DEVICE_SIGN_IN_LIMIT.maxFailures; i++) {
      expect(
        await attemptSignIn({
          email,
          password: `wrong ${i}`,
          address: '192.0.2.10',
          deviceCookie: device,
        }),
      ).toEqual({ ok: false, kind: 'invalid' });
    }
    // Even the right password is refused with that cookie now.
    expect(
      await attemptSignIn({ email, password, address: '192.0.2.10', deviceCookie: device }),
    ).toMatchObject({ ok: false, kind: 'limited', limit: 'device' });
    // Its failures were the device's, not the account's or the address's.
    expect(await sqlValue("select count(*) from sign_in_failures where key like 'account:%'")).toBe(
      0,
    );
    expect(await sqlValue("select count(*) from sign_in_failures where key like 'device:%'")).toBe(
      DEVICE_SIGN_IN_LIMIT.maxFailures,
    );
    // Another browser of the owner's, and the owner without a cookie, are not held back by it.
    expect(
      (await attemptSignIn({ email, password, address: '192.0.2.10', deviceCookie: secondBrowser }))
        .ok,
    ).toBe(true);
    expect((await attemptSignIn({ email, password, address: '192.0.2.10' })).ok).toBe(true);
  }, 60_000);
});
