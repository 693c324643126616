import { createHash, randomBytes } from 'node:crypto';

/** The cookie's secret: 256 random bits, URL-safe. Only its hash is ever stored. */
export function generateSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The session id kept in the database. A leaked database row cannot be turned back into a
 * cookie, and a plain hash suffices because the token already has 256 bits of entropy.
 */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
