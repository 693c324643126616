import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares the request's bearer key with the configured one in constant time. */
export function bearerKeyMatches(authorization: string | null, expected: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match?.[1]) return false;
  return timingSafeEqual(digest(match[1]), digest(expected));
}
