import 'server-only';
import { cookies, headers } from 'next/headers';
import { forbidden, redirect } from 'next/navigation';
import { cache } from 'react';
import { deleteSession, extendSession, findSessionWithUser, insertSession } from '@/db/sessions';
import { hasAnyUser, type UserSummary } from '@/db/users';
import { authorize, type Role } from '@/lib/auth/roles';
import {
  isHttpsRequest,
  PLAIN_SESSION_COOKIE,
  SECURE_SESSION_COOKIE,
  sessionCookieName,
  sessionCookieOptions,
  sessionTokenFrom,
} from '@/lib/auth/session-cookie';
import { judgeSession, sessionExpiresAt } from '@/lib/auth/session-expiry';
import { generateSessionToken, hashSessionToken } from '@/lib/auth/session-token';

/**
 * Server-side sessions after the Lucia project's guide: the cookie holds a random token, the
 * database the token's SHA-256 as the session id, with a sliding expiry.
 */
export type CurrentUser = UserSummary & { sessionId: string };

/** The signed-in user of this request, or null. Looked up once per request. */
export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  const jar = await cookies();
  const token = sessionTokenFrom((name) => jar.get(name)?.value);
  if (!token) return null;
  const id = hashSessionToken(token);
  const found = findSessionWithUser({ id });
  if (!found) return null;
  const verdict = judgeSession({ expiresAt: found.session.expiresAt, now: new Date() });
  if (verdict.kind === 'expired') {
    deleteSession({ id });
    return null;
  }
  // The cookie's own expiry is refreshed by proxy.ts; pages cannot set cookies.
  if (verdict.kind === 'renew') extendSession({ id, expiresAt: verdict.expiresAt });
  return { ...found.user, sessionId: id };
});

/**
 * For pages: the signed-in user with at least `role`. Anyone else is sent to /setup (no
 * account exists yet), to /login (not signed in) or shown the 403 page (wrong role).
 */
export async function requireUser({
  role,
  returnTo,
}: {
  role: Role;
  /** Where /login sends the user back to afterwards. */
  returnTo?: string;
}): Promise<CurrentUser> {
  const decision = authorize(await getCurrentUser(), role);
  if (decision.ok) return decision.user;
  if (decision.status === 403) forbidden();
  if (!hasAnyUser()) redirect('/setup');
  redirect(returnTo ? `/login?next=${encodeURIComponent(returnTo)}` : '/login');
}

/**
 * For route handlers, first thing: `const auth = await authorizeRoute(request, { role: 'staff' });
 * if (!auth.ok) return auth.response;` The response is a JSON 401 or 403.
 */
export async function authorizeRoute(
  _request: Request,
  { role }: { role: Role },
): Promise<{ ok: true; user: CurrentUser } | { ok: false; response: Response }> {
  const decision = authorize(await getCurrentUser(), role);
  if (decision.ok) return decision;
  return {
    ok: false,
    response: Response.json(
      { error: decision.status === 401 ? 'unauthorized' : 'forbidden', message: decision.message },
      { status: decision.status },
    ),
  };
}

async function requestIsHttps(): Promise<boolean> {
  const list = await headers();
  return isHttpsRequest({ forwardedProto: list.get('x-forwarded-proto') });
}

/** Starts a session for the user and sets its cookie (server actions and route handlers only). */
export async function startSession({ userId }: { userId: number }): Promise<void> {
  const now = new Date();
  const token = generateSessionToken();
  const expiresAt = sessionExpiresAt(now);
  insertSession({ id: hashSessionToken(token), userId, expiresAt, now });
  const secure = await requestIsHttps();
  const jar = await cookies();
  jar.set(sessionCookieName({ secure }), token, sessionCookieOptions({ secure, expiresAt }));
}

/** Revokes this request's session on the server and clears its cookie. */
export async function endSession(): Promise<void> {
  const jar = await cookies();
  const token = sessionTokenFrom((name) => jar.get(name)?.value);
  if (token) deleteSession({ id: hashSessionToken(token) });
  jar.delete({ name: SECURE_SESSION_COOKIE, path: '/', secure: true });
  jar.delete(PLAIN_SESSION_COOKIE);
}
