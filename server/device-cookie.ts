import 'server-only';
import { cookies, headers } from 'next/headers';
import {
  cookieWithDevice,
  deviceCookieFrom,
  deviceCookieName,
  deviceCookieOptions,
  PLAIN_DEVICE_COOKIE,
} from '@/lib/auth/device-cookie';
import { isHttpsRequest } from '@/lib/auth/session-cookie';
import { deviceCookieKey } from './device-key';

/** This request's device cookie (lib/auth/device-cookie.ts), as the browser sent it. */
export async function requestDeviceCookie(): Promise<string | null> {
  const jar = await cookies();
  return deviceCookieFrom((name) => jar.get(name)?.value);
}

/**
 * After a completed sign-in (the password, and the code where one is asked): this browser is a
 * known device for the account from now on (server actions and route handlers only).
 */
export async function rememberDevice({ email }: { email: string }): Promise<void> {
  const now = new Date();
  const jar = await cookies();
  const current = deviceCookieFrom((name) => jar.get(name)?.value);
  const secure = isHttpsRequest({ forwardedProto: (await headers()).get('x-forwarded-proto') });
  const value = cookieWithDevice({ cookie: current, account: email, key: deviceCookieKey(), now });
  jar.set(deviceCookieName({ secure }), value, deviceCookieOptions({ secure, now }));
  // Over https the prefixed cookie is the one read first; a plain one left from http would linger.
  if (secure) jar.delete(PLAIN_DEVICE_COOKIE);
}
