import { describe, expect, it } from 'vitest';
import {
  isHttpsRequest,
  sessionCookieName,
  sessionCookieOptions,
  sessionTokenFrom,
} from './session-cookie';

describe('the session cookie', () => {
  it('takes the __Host- prefix and Secure over https only', () => {
    expect(sessionCookieName({ secure: true })).toBe('__Host-bakery_session');
    expect(sessionCookieName({ secure: false })).toBe('bakery_session');
    const expiresAt = new Date('2026-04-01T00:00:00Z');
    expect(sessionCookieOptions({ secure: true, expiresAt })).toEqual({
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: true,
      expires: expiresAt,
    });
    expect(sessionCookieOptions({ secure: false, expiresAt }).secure).toBe(false);
  });

  it('knows https from the forwarded protocol first, then the URL', () => {
    expect(isHttpsRequest({ forwardedProto: 'https' })).toBe(true);
    expect(isHttpsRequest({ forwardedProto: 'https, http' })).toBe(true);
    expect(isHttpsRequest({ forwardedProto: 'http', url: 'https://x.test/' })).toBe(false);
    expect(isHttpsRequest({ forwardedProto: null, url: 'https://x.test/' })).toBe(true);
    expect(isHttpsRequest({ forwardedProto: null, url: 'http://x.test/' })).toBe(false);
    expect(isHttpsRequest({ forwardedProto: null })).toBe(false);
  });

  it('is read from the prefixed name first', () => {
    const jar: Record<string, string> = {
      bakery_session: 'plain',
      '__Host-bakery_session': 'host',
    };
    expect(sessionTokenFrom((name) => jar[name])).toBe('host');
    expect(sessionTokenFrom((name) => (name === 'bakery_session' ? 'plain' : undefined))).toBe(
      'plain',
    );
    expect(sessionTokenFrom(() => undefined)).toBeNull();
  });
});
