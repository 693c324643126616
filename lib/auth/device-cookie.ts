import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device cookies, after OWASP's pattern: a browser that signed in to an account gets a signed
 * cookie naming that account. While the account's ceiling of failed sign-ins from unknown
 * devices is reached, a sign-in that presents a valid device cookie for the account is still
 * judged, by the device's own failure limit (lib/auth/sign-in-limit.ts), so guessers spread over
 * many addresses cannot lock the owner out of their own browser. Nothing is stored per device:
 * the signature proves the cookie was ours, the nonce names the device's failure count.
 *
 * One token is `<account in base64url>.<nonce>.<issued at, base36 ms>.<HMAC-SHA256 base64url>`;
 * a cookie holds the newest few, one per account, separated by `~`.
 */

export const SECURE_DEVICE_COOKIE = '__Host-bakery_device';
export const PLAIN_DEVICE_COOKIE = 'bakery_device';
/** How long a browser stays a known device without signing in again. */
export const DEVICE_COOKIE_DAYS = 180;
const LIFETIME_MS = DEVICE_COOKIE_DAYS * 24 * 60 * 60_000;
/** A shared shop computer may be known for a few people's accounts. */
const MAX_TOKENS = 4;
/** Far above what MAX_TOKENS tokens take: a bigger cookie is not read at all. */
const MAX_COOKIE_LENGTH = 2048;

export function deviceCookieName({ secure }: { secure: boolean }): string {
  return secure ? SECURE_DEVICE_COOKIE : PLAIN_DEVICE_COOKIE;
}

export function deviceCookieFrom(read: (name: string) => string | undefined): string | null {
  return read(SECURE_DEVICE_COOKIE) ?? read(PLAIN_DEVICE_COOKIE) ?? null;
}

export function newDeviceNonce(): string {
  return randomBytes(16).toString('base64url');
}

const accountOf = (email: string) => email.trim().toLowerCase();

function signature(payload: string, key: Buffer): Buffer {
  return createHmac('sha256', key).update(`bakery-desk device cookie\n${payload}`).digest();
}

export function signDeviceToken({
  account,
  nonce,
  issuedAt,
  key,
}: {
  account: string;
  nonce: string;
  issuedAt: Date;
  key: Buffer;
}): string {
  const payload = [
    Buffer.from(accountOf(account)).toString('base64url'),
    nonce,
    issuedAt.getTime().toString(36),
  ].join('.');
  return `${payload}.${signature(payload, key).toString('base64url')}`;
}

type DeviceToken = { account: string; nonce: string; issuedAt: Date; token: string };

/** The cookie's tokens that carry our signature and are still within their lifetime. */
function validTokens({
  cookie,
  key,
  now,
}: {
  cookie: string | null | undefined;
  key: Buffer;
  now: Date;
}): DeviceToken[] {
  if (!cookie || cookie.length > MAX_COOKIE_LENGTH) return [];
  const valid: DeviceToken[] = [];
  for (const token of cookie.split('~').slice(0, MAX_TOKENS)) {
    const parts = token.split('.');
    if (parts.length !== 4) continue;
    const [account64 = '', nonce = '', issued36 = '', mac64 = ''] = parts;
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(nonce) || !/^[0-9a-z]{1,12}$/.test(issued36)) continue;
    const expected = signature(`${account64}.${nonce}.${issued36}`, key);
    const given = Buffer.from(mac64, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) continue;
    const issuedAt = new Date(Number.parseInt(issued36, 36));
    const age = now.getTime() - issuedAt.getTime();
    if (!(age >= -60_000 && age < LIFETIME_MS)) continue;
    valid.push({ account: Buffer.from(account64, 'base64url').toString(), nonce, issuedAt, token });
  }
  return valid;
}

/** The nonce of a valid device token for this account in the cookie, or null: an unknown device. */
export function deviceNonceFor({
  cookie,
  account,
  key,
  now,
}: {
  cookie: string | null | undefined;
  account: string;
  key: Buffer;
  now: Date;
}): string | null {
  const wanted = accountOf(account);
  return validTokens({ cookie, key, now }).find((t) => t.account === wanted)?.nonce ?? null;
}

/**
 * The cookie after a successful sign-in to `account`: a fresh token for it first, then the other
 * accounts' valid tokens, at most a few. Tokens that are forged or expired are dropped.
 */
export function cookieWithDevice({
  cookie,
  account,
  key,
  now,
  nonce = newDeviceNonce(),
}: {
  cookie: string | null | undefined;
  account: string;
  key: Buffer;
  now: Date;
  nonce?: string;
}): string {
  const fresh = signDeviceToken({ account, nonce, issuedAt: now, key });
  const others = validTokens({ cookie, key, now })
    .filter((t) => t.account !== accountOf(account))
    .map((t) => t.token);
  return [fresh, ...others].slice(0, MAX_TOKENS).join('~');
}

export function deviceCookieOptions({ secure, now }: { secure: boolean; now: Date }) {
  return {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    expires: new Date(now.getTime() + LIFETIME_MS),
  } as const;
}

/** The failure key a known device's sign-ins count under. */
export function deviceFailureKey(nonce: string): string {
  return `device:${nonce}`;
}

/** Where the signing key is kept when DEVICE_COOKIE_SECRET is unset: beside the database. */
export function deviceKeyPath(databasePath: string): string {
  return `${databasePath}-device-key`;
}
