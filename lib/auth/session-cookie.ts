/**
 * Over https the cookie carries the `__Host-` prefix, which browsers accept only with Secure,
 * Path=/ and no Domain: no subdomain or plain-http page can plant or overwrite it.
 */
export const SECURE_SESSION_COOKIE = '__Host-bakery_session';
export const PLAIN_SESSION_COOKIE = 'bakery_session';

export function sessionCookieName({ secure }: { secure: boolean }): string {
  return secure ? SECURE_SESSION_COOKIE : PLAIN_SESSION_COOKIE;
}

/**
 * Whether the browser reached us over https. Next sets x-forwarded-proto from the socket
 * unless a proxy (or the client) already did; a client that claims https over plain http only
 * gets a Secure cookie its browser will not store.
 */
export function isHttpsRequest({
  forwardedProto,
  url,
}: {
  forwardedProto: string | null;
  url?: string;
}): boolean {
  const first = forwardedProto?.split(',')[0]?.trim().toLowerCase();
  if (first) return first === 'https';
  return url?.startsWith('https:') ?? false;
}

export type SessionCookieOptions = {
  httpOnly: true;
  sameSite: 'lax';
  path: '/';
  secure: boolean;
  expires: Date;
};

export function sessionCookieOptions({
  secure,
  expiresAt,
}: {
  secure: boolean;
  expiresAt: Date;
}): SessionCookieOptions {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure, expires: expiresAt };
}

/** The token from whichever session cookie the request carries, the prefixed one first. */
export function sessionTokenFrom(read: (name: string) => string | undefined): string | null {
  return read(SECURE_SESSION_COOKIE) ?? read(PLAIN_SESSION_COOKIE) ?? null;
}

/** The cookie of a sign-in waiting for its second step (the authenticator code). */
export const SECURE_CHALLENGE_COOKIE = '__Host-bakery_sign_in';
export const PLAIN_CHALLENGE_COOKIE = 'bakery_sign_in';

export function challengeCookieName({ secure }: { secure: boolean }): string {
  return secure ? SECURE_CHALLENGE_COOKIE : PLAIN_CHALLENGE_COOKIE;
}

export function challengeTokenFrom(read: (name: string) => string | undefined): string | null {
  return read(SECURE_CHALLENGE_COOKIE) ?? read(PLAIN_CHALLENGE_COOKIE) ?? null;
}
