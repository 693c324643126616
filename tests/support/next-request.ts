import { insertSession } from '@/db/sessions';
import { PLAIN_SESSION_COOKIE } from '@/lib/auth/session-cookie';
import { generateSessionToken, hashSessionToken } from '@/lib/auth/session-token';

/*
 * Server actions called as functions, with Next's request APIs stubbed and the session lookup
 * real: the cookie's token is hashed and found in the test's database, as in production. A test
 * file stubs Next with these (vi.mock is hoisted, so each file names them itself):
 *
 *   vi.mock('next/headers', async () => (await import('../support/next-request')).nextHeaders('192.0.2.44'));
 *   vi.mock('next/navigation', async () => (await import('../support/next-request')).nextNavigation);
 *   vi.mock('next/cache', async () => (await import('../support/next-request')).nextCache);
 *
 * The module is one per test file, so its cookie jar is the one the stubs read.
 */

/** The request's cookies, as the action sees them. */
export const request = { cookies: new Map<string, string>() };

/** Next ends an action by throwing on redirect(), notFound()…: the stub throws this instead. */
export class Interrupt extends Error {}

/** `next/headers`, for a request from `forwardedFor` over plain HTTP. */
export function nextHeaders(forwardedFor: string) {
  return {
    cookies: async () => ({
      get: (name: string) =>
        request.cookies.has(name) ? { name, value: request.cookies.get(name) } : undefined,
      set: (name: string, value: string) => request.cookies.set(name, value),
      delete: (name: string | { name: string }) =>
        request.cookies.delete(typeof name === 'string' ? name : name.name),
    }),
    headers: async () =>
      new Headers({ 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'http' }),
  };
}

export const nextNavigation = {
  redirect: (url: string) => {
    throw new Interrupt(`redirect ${url}`);
  },
  notFound: () => {
    throw new Interrupt('notFound');
  },
  forbidden: () => {
    throw new Interrupt('forbidden');
  },
  unauthorized: () => {
    throw new Interrupt('unauthorized');
  },
};

export const nextCache = { revalidatePath: () => {}, revalidateTag: () => {} };

/** Signs `userId` in with a fresh session of an hour: its cookie is the request's only one. */
export async function signInAs(userId: number): Promise<void> {
  request.cookies.clear();
  const token = generateSessionToken();
  const now = new Date();
  await insertSession({
    id: hashSessionToken(token),
    userId,
    expiresAt: new Date(now.getTime() + 3_600_000),
    now,
  });
  request.cookies.set(PLAIN_SESSION_COOKIE, token);
}

/**
 * Calls a form action as the browser does (no previous state, the form's data): what it returns,
 * or `{ interrupted }` with where it redirected or why it stopped.
 */
export async function callAction(
  action: (previous: unknown, data: FormData) => Promise<unknown>,
  data: FormData,
): Promise<unknown> {
  try {
    return await action(undefined, data);
  } catch (error) {
    if (error instanceof Interrupt) return { interrupted: error.message };
    throw error;
  }
}
