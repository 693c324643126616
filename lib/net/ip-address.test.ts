import { describe, expect, it } from 'vitest';
import {
  addressKey,
  isTrustedProxy,
  normaliseIp,
  parseTrustedProxies,
  resolveClientAddress,
  type TrustedProxy,
} from './ip-address';

const proxies = (text: string): TrustedProxy[] => {
  const parsed = parseTrustedProxies(text);
  if (!parsed.ok) throw new Error(parsed.invalid.join());
  return parsed.proxies;
};

describe('normaliseIp', () => {
  it('gives one spelling per address', () => {
    expect(normaliseIp('203.0.113.9')).toBe('203.0.113.9');
    expect(normaliseIp(' 2001:DB8:0:0:0:0:0:1 ')).toBe('2001:db8::1');
    expect(normaliseIp('[2001:db8::1]')).toBe('2001:db8::1');
    expect(normaliseIp('fe80::1%eth0')).toBe('fe80::1');
    expect(normaliseIp('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(normaliseIp('::FFFF:a00:1')).toBe('10.0.0.1');
    expect(normaliseIp('::1')).toBe('::1');
  });

  it('refuses what is not an address, however long', () => {
    for (const bad of ['', 'unknown', '10.0.0', '010.0.0.1', '1.2.3.4:80', 'x'.repeat(12_000)]) {
      expect(normaliseIp(bad)).toBeNull();
    }
  });
});

describe('addressKey', () => {
  it('counts an IPv6 client by its /64, an IPv4 one by its address', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:bbbb::9')).toBe(addressKey('2001:db8:1:2:aaaa::1'));
  });
});

describe('TRUSTED_PROXIES', () => {
  it('takes addresses and CIDR ranges of both families', () => {
    const list = proxies('127.0.0.1, 10.0.0.0/8 ::1 2001:db8::/32');
    expect(isTrustedProxy('10.200.3.4', list)).toBe(true);
    expect(isTrustedProxy('::ffff:10.1.1.1', list)).toBe(true);
    expect(isTrustedProxy('11.0.0.1', list)).toBe(false);
    expect(isTrustedProxy('2001:db8:ffff::1', list)).toBe(true);
    expect(isTrustedProxy('2001:db9::1', list)).toBe(false);
    expect(isTrustedProxy('127.0.0.1', list)).toBe(true);
    expect(isTrustedProxy('127.0.0.2', list)).toBe(false);
  });

  it('names entries that are not addresses or ranges', () => {
    expect(parseTrustedProxies('10.0.0.0/33, proxy.local, 1.2.3.4/x')).toEqual({
      ok: false,
      invalid: ['10.0.0.0/33', 'proxy.local', '1.2.3.4/x'],
    });
    expect(parseTrustedProxies(undefined)).toEqual({ ok: true, proxies: [] });
  });
});

describe('resolveClientAddress', () => {
  it('never reads X-Forwarded-For without trusted proxies', () => {
    expect(
      resolveClientAddress({ peer: '198.51.100.7', forwardedFor: '203.0.113.1', trusted: [] }),
    ).toBe('198.51.100.7');
  });

  it('never reads it from a peer that is not a trusted proxy', () => {
    const trusted = proxies('10.0.0.1');
    expect(
      resolveClientAddress({ peer: '198.51.100.7', forwardedFor: '203.0.113.1', trusted }),
    ).toBe('198.51.100.7');
  });

  it('takes the first hop from the right that is not a trusted proxy', () => {
    const trusted = proxies('10.0.0.0/8');
    expect(
      resolveClientAddress({
        peer: '10.0.0.1',
        forwardedFor: '6.6.6.6, 203.0.113.5, 10.0.0.2',
        trusted,
      }),
    ).toBe('203.0.113.5');
  });

  it('does not read past a hop that is not an address', () => {
    const trusted = proxies('10.0.0.1');
    expect(
      resolveClientAddress({ peer: '10.0.0.1', forwardedFor: `${'x'.repeat(12_000)}`, trusted }),
    ).toBe('10.0.0.1');
  });

  it('normalises the peer, and knows nothing without one', () => {
    expect(
      resolveClientAddress({ peer: '::ffff:127.0.0.1', forwardedFor: null, trusted: [] }),
    ).toBe('127.0.0.1');
    expect(
      resolveClientAddress({ peer: undefined, forwardedFor: '1.2.3.4', trusted: [] }),
    ).toBeNull();
  });
});
