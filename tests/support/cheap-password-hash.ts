import { hashPassword, PASSWORD_HASH_PARAMS } from '@/lib/auth/password-hash';
import { sqlRows } from './sql';

/**
 * scrypt at 1/128 of the production work (N=2^10), for the users of a test's own database whose
 * test is about something other than the hash (limits, device cookies). The parameters travel in
 * the stored string, so the desk checks a password against it as it is, at a few milliseconds a
 * check instead of half a second. lib/auth/password-hash.test.ts tests the hash itself.
 */
export const CHEAP_PASSWORD_HASH_PARAMS = { ...PASSWORD_HASH_PARAMS, n: 2 ** 10 };

export function cheapPasswordHash(password: string): Promise<string> {
  return hashPassword(password, CHEAP_PASSWORD_HASH_PARAMS);
}

/**
 * A successful sign-in stores a hash at today's full cost (needsRehash), so every later check of
 * that user's password costs the full half second again: a test that fails on purpose after a
 * success puts a cheap hash back first.
 */
export async function restoreCheapPasswordHash({
  email,
  password,
}: {
  email: string;
  password: string;
}): Promise<void> {
  await sqlRows(
    'update users set password_hash = ? where email = ?',
    await cheapPasswordHash(password),
    email,
  );
}
