import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, newNonce } from './security-headers';

describe('the Content-Security-Policy', () => {
  it('lets scripts run only with the nonce, never inline or eval in production', () => {
    const csp = contentSecurityPolicy({ nonce: 'abc', dev: false });
    const scripts = csp.split('; ').find((d) => d.startsWith('script-src'));
    expect(scripts).toBe("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(contentSecurityPolicy({ nonce: 'abc', dev: true })).toContain("'unsafe-eval'");
  });

  it('lets a page name who may frame it, and nobody else', () => {
    const csp = contentSecurityPolicy({
      nonce: 'abc',
      dev: false,
      frameAncestors: "'self' https://juniper.example",
    });
    expect(csp).toContain("frame-ancestors 'self' https://juniper.example");
    expect(csp.match(/frame-ancestors/g)).toHaveLength(1);
  });

  it('gets a fresh 128-bit nonce each time', () => {
    const a = newNonce();
    expect(Buffer.from(a, 'base64')).toHaveLength(16);
    expect(newNonce()).not.toBe(a);
  });
});
