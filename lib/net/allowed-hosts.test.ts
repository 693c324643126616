import { describe, expect, it } from 'vitest';
import {
  allowedHostNames,
  hostName,
  hostsAllowed,
  originAllowed,
  originIsRequestHost,
} from './allowed-hosts';

const allowed = (() => {
  const parsed = allowedHostNames({
    publicBaseUrl: 'https://desk.example.com',
    allowedHosts: 'bakery.lan, 192.168.1.20',
  });
  if (!parsed.ok) throw new Error('invalid');
  return parsed.hosts;
})();

describe('allowed host names', () => {
  it('are localhost, 127.0.0.1 and ::1, PUBLIC_BASE_URL’s host and ALLOWED_HOSTS', () => {
    expect(allowed.sort()).toEqual(
      ['127.0.0.1', '192.168.1.20', '[::1]', 'bakery.lan', 'desk.example.com', 'localhost'].sort(),
    );
    expect(allowedHostNames({ allowedHosts: 'good.example, a/b x@y' })).toEqual({
      ok: false,
      invalid: ['a/b', 'x@y'],
    });
  });

  it('compare without port, case or trailing dot', () => {
    expect(hostName('Desk.Example.COM.:443')).toBe('desk.example.com');
    expect(hostName('user@evil.example')).toBeNull();
    expect(hostsAllowed(['localhost:3000', null], allowed)).toBe(true);
    expect(hostsAllowed(['[::1]:3000'], allowed)).toBe(true);
    expect(hostsAllowed(['DESK.example.com'], allowed)).toBe(true);
  });

  it('refuse a rebinding name in Host or as the forwarded host', () => {
    expect(hostsAllowed(['evil.example:3000'], allowed)).toBe(false);
    expect(hostsAllowed(['127.0.0.1:3000', 'evil.example, desk.example.com'], allowed)).toBe(false);
    // Later entries are the proxies' own hops.
    expect(hostsAllowed(['127.0.0.1:3000', 'desk.example.com, internal.lb'], allowed)).toBe(true);
    expect(hostsAllowed([''], allowed)).toBe(false);
  });

  it('let server actions come only from an allowed origin', () => {
    expect(originAllowed('https://desk.example.com', allowed)).toBe(true);
    expect(originAllowed('http://127.0.0.1:3000', allowed)).toBe(true);
    expect(originAllowed('http://evil.example:3000', allowed)).toBe(false);
    expect(originAllowed('null', allowed)).toBe(false);
    expect(originAllowed(null, allowed)).toBe(false);
    expect(originAllowed('file://localhost', allowed)).toBe(false);
  });

  it('take a form post only from the very host and port it was sent to, as Next.js does', () => {
    const judge = (origin: string, host: string | null, forwardedHost: string | null = null) =>
      originIsRequestHost({ origin, host, forwardedHost });
    expect(judge('http://127.0.0.1:3000', '127.0.0.1:3000')).toBe(true);
    expect(judge('http://127.0.0.1:9999', '127.0.0.1:3000')).toBe(false);
    expect(judge('http://localhost:3000', '127.0.0.1:3000')).toBe(false);
    expect(judge('https://desk.example.com', '127.0.0.1:3000', 'desk.example.com, lb')).toBe(true);
    expect(judge('https://evil.example', '127.0.0.1:3000', 'desk.example.com')).toBe(false);
    expect(judge('null', '127.0.0.1:3000')).toBe(false);
    expect(judge('not a url', '127.0.0.1:3000')).toBe(false);
    expect(judge('http://127.0.0.1:3000', null)).toBe(false);
  });
});
