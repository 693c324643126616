import 'server-only';
import { cookies, headers } from 'next/headers';
import { forbidden, redirect } from 'next/navigation';
import { cache } from 'react';
import { recordSecurityEvent } from '@/db/security-events';
import { deleteSession, findSessionWithUser, insertSession, touchSession } from '@/db/sessions';
import { hasAnyUser, type UserSummary } from '@/db/users';
import { authorize, PASSWORD_CHANGE_FIRST, type Role } from '@/lib/auth/roles';
import {
  isHttpsRequest,
  PLAIN_SESSION_COOKIE,
  SECURE_SESSION_COOKIE,
  sessionCookieName,
  sessionCookieOptions,
  sessionTokenFrom,
} from '@/lib/auth/session-cookie';
import { judgeSession, type SessionPolicy, sessionPolicy } from '@/lib/auth/session-expiry';
import { generateSessionToken, hashSessionToken } from '@/lib/auth/session-token';
import { env } from '@/lib/env';
import { clientAddressKey } from './client-address';

/**
 * Server-side sessions after the Lucia project's guide: the cookie holds a random token, the
 * database the token's SHA-256 as the session id. A session ends at an absolute lifetime from
 * sign-in and after an idle timeout (SESSION_MAX_HOURS, SESSION_IDLE_MINUTES), both judged
 * here, on the server, for every request.
 */
export type CurrentUser = UserSummary & { sessionId: string };

function currentPolicy(): SessionPolicy {
  const settings = env();
  return sessionPolicy({
    maxHours: settings.SESSION_MAX_HOURS,
    idleMinutes: settings.SESSION_IDLE_MINUTES,
  });
}

/** The signed-in user of this request, or null. Looked up once per request. */
export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  const jar = await cookies();
  const token = sessionTokenFrom((name) => jar.get(name)?.value);
  if (!token) return null;
  const id = hashSessionToken(token);
  const found = await findSessionWithUser({ id });
  if (!found) return null;
  const verdict = judgeSession({
    createdAt: found.session.createdAt,
    lastSeenAt: found.session.lastSeenAt,
    now: new Date(),
    policy: currentPolicy(),
  });
  if (verdict.kind === 'expired') {
    await deleteSession({ id });
    return null;
  }
  if (verdict.kind === 'touch') {
    await touchSession({ id, lastSeenAt: verdict.lastSeenAt, expiresAt: verdict.expiresAt });
  }
  return { ...found.user, sessionId: id };
});

/** Where someone whose password is temporary goes before anything else. */
export const PASSWORD_CHANGE_PATH = '/account';

type Gate = {
  role: Role;
  /** Only the password change itself (and /account) may be used with a temporary password. */
  allowTemporaryPassword?: boolean;
};

async function decide({ role, allowTemporaryPassword }: Gate) {
  const user = await getCurrentUser();
  return { user, decision: authorize(user, role, { allowTemporaryPassword }) };
}

/**
 * A signed-in person refused something their role does not allow goes to the audit log (a
 * visitor who is not signed in does not: that is every first page load, and anyone can cause it).
 */
export async function logDenial(
  user: CurrentUser | null,
  decision: { ok: boolean; status?: number },
  where: { surface: 'page' | 'action' | 'route'; path?: string },
): Promise<void> {
  if (!user || decision.ok || decision.status !== 403 || decision === PASSWORD_CHANGE_FIRST) return;
  const list = await headers();
  await recordSecurityEvent({
    kind: 'accessDenied',
    userId: user.id,
    account: user.email,
    detail: {
      surface: where.surface,
      path: (where.path ?? list.get('x-desk-path') ?? '').slice(0, 200),
      address: clientAddressKey(list),
    },
    at: new Date(),
  });
}

/**
 * For pages: the signed-in user with at least `role`. Anyone else is sent to /setup (no
 * account exists yet), to /login (not signed in), to /account (their password is a temporary
 * one) or shown the 403 page (wrong role).
 */
export async function requireUser({
  role,
  returnTo,
  allowTemporaryPassword,
}: Gate & {
  /** Where /login sends the user back to afterwards. */
  returnTo?: string;
}): Promise<CurrentUser> {
  const { user, decision } = await decide({ role, allowTemporaryPassword });
  if (decision.ok) return decision.user;
  if (decision === PASSWORD_CHANGE_FIRST) redirect(PASSWORD_CHANGE_PATH);
  await logDenial(user, decision, { surface: 'page' });
  if (decision.status === 403) forbidden();
  if (!(await hasAnyUser())) redirect('/setup');
  redirect(returnTo ? `/login?next=${encodeURIComponent(returnTo)}` : '/login');
}

/**
 * For route handlers, first thing: `const auth = await authorizeRoute(request, { role: 'staff' });
 * if (!auth.ok) return auth.response;` The response is a JSON 401 or 403.
 */
export async function authorizeRoute(
  request: Request,
  gate: Gate,
): Promise<{ ok: true; user: CurrentUser } | { ok: false; response: Response }> {
  const { user, decision } = await decide(gate);
  if (decision.ok) return decision;
  await logDenial(user, decision, { surface: 'route', path: new URL(request.url).pathname });
  return {
    ok: false,
    response: Response.json(
      { error: decision.status === 401 ? 'unauthorized' : 'forbidden', message: decision.message },
      { status: decision.status },
    ),
  };
}

export async function requestIsHttps(): Promise<boolean> {
  const list = await headers();
  return isHttpsRequest({ forwardedProto: list.get('x-forwarded-proto') });
}

/**
 * Starts a session for the user and sets its cookie (server actions and route handlers only).
 * The cookie lasts the session's absolute lifetime; the idle timeout is the server's to judge.
 */
export async function startSession({ userId }: { userId: number }): Promise<void> {
  const now = new Date();
  const token = generateSessionToken();
  const policy = currentPolicy();
  const list = await headers();
  await insertSession({
    id: hashSessionToken(token),
    userId,
    expiresAt: new Date(now.getTime() + Math.min(policy.idleMs, policy.absoluteMs)),
    now,
    userAgent: list.get('user-agent')?.slice(0, 300) ?? null,
    address: clientAddressKey(list),
  });
  const secure = isHttpsRequest({ forwardedProto: list.get('x-forwarded-proto') });
  const jar = await cookies();
  jar.set(
    sessionCookieName({ secure }),
    token,
    sessionCookieOptions({ secure, expiresAt: new Date(now.getTime() + policy.absoluteMs) }),
  );
}

/** Revokes this request's session on the server and clears its cookie. */
export async function endSession(): Promise<void> {
  const user = await getCurrentUser();
  const jar = await cookies();
  const token = sessionTokenFrom((name) => jar.get(name)?.value);
  if (token) await deleteSession({ id: hashSessionToken(token) });
  if (user) {
    await recordSecurityEvent({
      kind: 'signOut',
      userId: user.id,
      account: user.email,
      detail: { address: clientAddressKey(await headers()) },
      at: new Date(),
    });
  }
  jar.delete({ name: SECURE_SESSION_COOKIE, path: '/', secure: true });
  jar.delete(PLAIN_SESSION_COOKIE);
}
