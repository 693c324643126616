import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findSessionWithUser, insertSession } from '@/db/sessions';
import { createUser } from '@/db/users';
import { UNMATCHABLE_PASSWORD_HASH } from '@/lib/auth/password-hash';
import { PLAIN_SESSION_COOKIE } from '@/lib/auth/session-cookie';
import { generateSessionToken, hashSessionToken } from '@/lib/auth/session-token';
import { resetEnvForTests } from '@/lib/env';
import { useTempDatabase } from '../support/temp-db';

/**
 * The server's own judgement of a session, with Next's cookie store stubbed and everything
 * else real: the clock is the only thing moved.
 */
const jar = vi.hoisted(() => new Map<string, string>());
vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name) } : undefined),
    set: (name: string, value: string) => jar.set(name, value),
    delete: () => {},
  }),
  headers: async () => new Headers(),
}));

const { getCurrentUser } = await import('@/server/session');

const MINUTE = 60 * 1000;
const signedIn = new Date('2026-12-01T07:00:00Z');

describe('sessions on the server', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let userId: number;

  beforeEach(async () => {
    temp = await useTempDatabase();
    process.env.SESSION_MAX_HOURS = '2';
    process.env.SESSION_IDLE_MINUTES = '20';
    resetEnvForTests();
    const created = await createUser({
      email: 'sam@juniper.test',
      name: 'Sam',
      role: 'staff',
      passwordHash: UNMATCHABLE_PASSWORD_HASH,
      now: signedIn,
    });
    if (!created.ok) throw new Error('not created');
    userId = created.user.id;
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await temp.cleanup();
  });
  afterAll(() => {
    delete process.env.SESSION_MAX_HOURS;
    delete process.env.SESSION_IDLE_MINUTES;
    resetEnvForTests();
  });

  async function signIn(): Promise<string> {
    const token = generateSessionToken();
    const id = hashSessionToken(token);
    await insertSession({
      id,
      userId,
      expiresAt: new Date(signedIn.getTime() + 20 * MINUTE),
      now: signedIn,
    });
    jar.set(PLAIN_SESSION_COOKIE, token);
    return id;
  }

  const at = (minutes: number) => vi.setSystemTime(new Date(signedIn.getTime() + minutes * MINUTE));

  it('keeps a session in use alive, noting when it was last seen', async () => {
    const id = await signIn();
    for (const minutes of [15, 30, 45, 60]) {
      at(minutes);
      expect((await getCurrentUser())?.id).toBe(userId);
    }
    expect((await findSessionWithUser({ id }))?.session).toMatchObject({
      lastSeenAt: new Date(signedIn.getTime() + 60 * MINUTE),
      expiresAt: new Date(signedIn.getTime() + 80 * MINUTE),
    });
  });

  it('refuses and deletes a session left idle past the idle timeout', async () => {
    const id = await signIn();
    at(19);
    expect(await getCurrentUser()).not.toBeNull();
    at(39);
    expect(await getCurrentUser()).toBeNull();
    expect(await findSessionWithUser({ id })).toBeUndefined();
  });

  it('refuses a busy session at its absolute lifetime', async () => {
    const id = await signIn();
    for (let minutes = 10; minutes < 120; minutes += 10) {
      at(minutes);
      expect(await getCurrentUser()).not.toBeNull();
    }
    at(120);
    expect(await getCurrentUser()).toBeNull();
    expect(await findSessionWithUser({ id })).toBeUndefined();
  });
});
