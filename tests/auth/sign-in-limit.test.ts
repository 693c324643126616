import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '@/db/users';
import { hashPassword } from '@/lib/auth/password-hash';
import { SIGN_IN_LIMIT } from '@/lib/auth/sign-in-limit';
import { attemptSignIn } from '@/server/sign-in';
import { useTempDatabase } from '../support/temp-db';

describe('the sign-in limit against a real database', () => {
  let temp: ReturnType<typeof useTempDatabase>;
  const email = 'olive@example.com';
  const password = 'a long and unusual passphrase';

  beforeEach(async () => {
    temp = useTempDatabase();
    const passwordHash = await hashPassword(password);
    createUser({ email, name: 'Olive', role: 'owner', passwordHash, now: new Date() });
  });
  afterEach(() => temp.cleanup());

  it('counts guesses sent in parallel, so they cannot outrun the limit', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        attemptSignIn({ email, password: `wrong guess ${i}`, address: '198.51.100.7' }),
      ),
    );
    const kinds = guesses.map((g) => (g.ok ? 'ok' : g.kind));
    expect(kinds.filter((k) => k === 'invalid')).toHaveLength(SIGN_IN_LIMIT.maxFailures);
    expect(kinds.filter((k) => k === 'limited')).toHaveLength(12 - SIGN_IN_LIMIT.maxFailures);
  }, 60_000);

  it('a good password takes its own attempt back and clears the account', async () => {
    await attemptSignIn({ email, password: 'wrong once', address: '198.51.100.8' });
    const good = await attemptSignIn({ email, password, address: '198.51.100.8' });
    expect(good.ok).toBe(true);
    for (let i = 0; i < SIGN_IN_LIMIT.maxFailures - 1; i++) {
      const again = await attemptSignIn({
        email,
        password: `wrong ${i}`,
        address: `203.0.113.${i}`,
      });
      expect(again).toEqual({ ok: false, kind: 'invalid' });
    }
  }, 60_000);
});
