import { describe, expect, it } from 'vitest';
import {
  cookieWithDevice,
  DEVICE_COOKIE_DAYS,
  deviceNonceFor,
  signDeviceToken,
} from './device-cookie';

const key = Buffer.from('a test key that is long enough to sign with');
const now = new Date('2026-12-01T12:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 24 * 60 * 60_000);

describe('device cookies', () => {
  it('names the account it was issued for, whatever the case of the email typed', () => {
    const cookie = cookieWithDevice({
      cookie: null,
      account: 'Olive@Example.com',
      key,
      now,
      nonce: 'n'.repeat(22),
    });
    expect(deviceNonceFor({ cookie, account: ' olive@example.COM', key, now })).toBe(
      'n'.repeat(22),
    );
    expect(deviceNonceFor({ cookie, account: 'sam@example.com', key, now })).toBeNull();
  });

  it('expires after its lifetime and is not read before it was issued', () => {
    const cookie = cookieWithDevice({ cookie: null, account: 'olive@example.com', key, now });
    const at = (when: Date) =>
      deviceNonceFor({ cookie, account: 'olive@example.com', key, now: when });
    expect(at(days(DEVICE_COOKIE_DAYS - 1))).not.toBeNull();
    expect(at(days(DEVICE_COOKIE_DAYS))).toBeNull();
    expect(at(days(-1))).toBeNull();
  });

  it('keeps one token per account, the newest first, at most four', () => {
    let cookie: string | null = null;
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      cookie = cookieWithDevice({ cookie, account: `${name}@example.com`, key, now });
    }
    const known = ['a', 'b', 'c', 'd', 'e'].map(
      (name) => deviceNonceFor({ cookie, account: `${name}@example.com`, key, now }) !== null,
    );
    expect(known).toEqual([false, true, true, true, true]);
    const before = deviceNonceFor({ cookie, account: 'c@example.com', key, now });
    cookie = cookieWithDevice({ cookie, account: 'c@example.com', key, now });
    expect(cookie.split('~')).toHaveLength(4);
    expect(deviceNonceFor({ cookie, account: 'c@example.com', key, now })).not.toBe(before);
  });

  it('drops tokens that are not the desk’s own', () => {
    const theirs = signDeviceToken({
      account: 'olive@example.com',
      nonce: 'x'.repeat(22),
      issuedAt: now,
      key: Buffer.from('someone else’s key, of a decent length'),
    });
    const cookie = cookieWithDevice({ cookie: theirs, account: 'sam@example.com', key, now });
    expect(cookie.split('~')).toHaveLength(1);
    expect(deviceNonceFor({ cookie: theirs, account: 'olive@example.com', key, now })).toBeNull();
    expect(
      deviceNonceFor({ cookie: 'x'.repeat(5000), account: 'olive@example.com', key, now }),
    ).toBeNull();
  });
});
