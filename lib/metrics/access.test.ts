import { describe, expect, it } from 'vitest';
import { parseTrustedProxies } from '../net/ip-address';
import { bearerToken, isLoopback, metricsAccess, sameSecret } from './access';

const TOKEN = 'm'.repeat(40);
const proxies = (text: string) => {
  const parsed = parseTrustedProxies(text);
  if (!parsed.ok) throw new Error(text);
  return parsed.proxies;
};
const ask = (over: Partial<Parameters<typeof metricsAccess>[0]>) =>
  metricsAccess({ peer: null, trusted: [], authorization: null, token: TOKEN, ...over });

describe('who may read /metrics', () => {
  it('knows the loopback in its spellings, and nothing else as it', () => {
    for (const address of ['127.0.0.1', '127.9.8.7', '::1', '::ffff:127.0.0.1', '[::1]']) {
      expect(isLoopback(address), address).toBe(true);
    }
    for (const address of [
      '192.0.2.2',
      '10.0.0.1',
      '::2',
      'fe80::1',
      '',
      'localhost',
      '128.0.0.1',
    ]) {
      expect(isLoopback(address), address).toBe(false);
    }
  });

  it('lets a client on this machine in without a token', () => {
    expect(ask({ peer: '127.0.0.1' })).toBe('loopback');
    expect(ask({ peer: '::1', token: undefined })).toBe('loopback');
  });

  it('refuses a client elsewhere, whatever it claims in headers, unless it has the token', () => {
    expect(ask({ peer: '192.0.2.2' })).toBe('refused');
    expect(ask({ peer: '192.0.2.2', authorization: `Bearer ${TOKEN}x` })).toBe('refused');
    expect(ask({ peer: '192.0.2.2', authorization: `Basic ${TOKEN}` })).toBe('refused');
    expect(ask({ peer: '192.0.2.2', authorization: `Bearer ${TOKEN}` })).toBe('token');
    expect(ask({ peer: '192.0.2.2', authorization: `bearer  ${TOKEN}` })).toBe('token');
  });

  it('never takes a trusted proxy on the loopback for a local client: it forwards strangers', () => {
    const trusted = proxies('127.0.0.1');
    expect(ask({ peer: '127.0.0.1', trusted })).toBe('refused');
    expect(ask({ peer: '127.0.0.1', trusted, authorization: `Bearer ${TOKEN}` })).toBe('token');
    // Another loopback address that is no proxy is still this machine.
    expect(ask({ peer: '127.0.0.2', trusted })).toBe('loopback');
  });

  it('refuses everyone without a token when no edge stamped the peer (next dev)', () => {
    expect(ask({ peer: null })).toBe('refused');
    expect(ask({ peer: null, authorization: `Bearer ${TOKEN}` })).toBe('token');
  });

  it('with no METRICS_TOKEN, no bearer token opens it', () => {
    expect(ask({ peer: '192.0.2.2', token: undefined, authorization: 'Bearer ' })).toBe('refused');
    expect(ask({ peer: '192.0.2.2', token: undefined, authorization: 'Bearer undefined' })).toBe(
      'refused',
    );
  });

  it('reads the bearer token and compares secrets of any length', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('Bearer')).toBeNull();
    expect(bearerToken('Bearer a b')).toBeNull();
    expect(bearerToken(null)).toBeNull();
    expect(sameSecret(TOKEN, TOKEN)).toBe(true);
    expect(sameSecret('short', TOKEN)).toBe(false);
    expect(sameSecret(`${TOKEN}${TOKEN}`, TOKEN)).toBe(false);
  });
});
