import { type NextRequest, NextResponse } from 'next/server';
import {
  PLAIN_SESSION_COOKIE,
  SECURE_SESSION_COOKIE,
  sessionCookieOptions,
} from '@/lib/auth/session-cookie';
import { sessionExpiresAt } from '@/lib/auth/session-expiry';

/**
 * Pages cannot set cookies, so the cookie's own expiry slides here, on page loads: the same
 * token, another 30 days (as the Lucia session guide does). This decides nothing about access:
 * the server-side session is checked, expired and renewed by every page, action and route.
 */
export function proxy(request: NextRequest): NextResponse {
  const response = NextResponse.next();
  if (request.method !== 'GET') return response;
  for (const name of [SECURE_SESSION_COOKIE, PLAIN_SESSION_COOKIE]) {
    const token = request.cookies.get(name)?.value;
    if (!token) continue;
    const secure = name === SECURE_SESSION_COOKIE;
    response.cookies.set(
      name,
      token,
      sessionCookieOptions({ secure, expiresAt: sessionExpiresAt(new Date()) }),
    );
  }
  return response;
}

export const config = {
  matcher: ['/((?!_next/static|_next/image|favicon.ico|api/).*)'],
};
