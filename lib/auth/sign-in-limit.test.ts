import { describe, expect, it } from 'vitest';
import {
  accountFailureKey,
  judgeOneLimit,
  judgeSignInLimit,
  SIGN_IN_LIMITS,
  signInFailureKeys,
  signInLimitMessage,
} from './sign-in-limit';

const now = new Date('2026-03-01T12:00:00Z');
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
const none = { pair: [], address: [], account: [] };

describe('the sign-in limits', () => {
  it('are 5 per account and address, 10 per address, and a ceiling of 50 an hour per account', () => {
    expect(SIGN_IN_LIMITS).toEqual({
      pair: { maxFailures: 5, windowMs: 15 * 60_000 },
      address: { maxFailures: 10, windowMs: 15 * 60_000 },
      account: { maxFailures: 50, windowMs: 60 * 60_000 },
    });
  });

  it('refuses the sixth try at one account from one address until the oldest ages out', () => {
    const four = [1, 2, 3, 4].map(minutesAgo);
    expect(judgeSignInLimit({ failures: { ...none, pair: four }, now }).limited).toBe(false);
    const five = [...four, minutesAgo(10)];
    expect(judgeSignInLimit({ failures: { ...none, pair: five }, now })).toEqual({
      limited: true,
      kind: 'pair',
      retryAfterSeconds: 300,
    });
  });

  it('lets the owner in while others failed at the account from many addresses', () => {
    // Five failures on the account, each from another address: no pair has any from the owner's.
    const account = [1, 2, 3, 4, 5].map(minutesAgo);
    expect(judgeSignInLimit({ failures: { ...none, account }, now })).toEqual({
      limited: false,
      reachesCeiling: false,
    });
  });

  it('locks the account at its ceiling, and says the 50th failure reaches it', () => {
    const fortyNine = Array.from({ length: 49 }, (_, i) => minutesAgo(i % 59));
    expect(judgeSignInLimit({ failures: { ...none, account: fortyNine }, now })).toEqual({
      limited: false,
      reachesCeiling: true,
    });
    const fifty = [...fortyNine, minutesAgo(58)];
    expect(judgeSignInLimit({ failures: { ...none, account: fifty }, now })).toMatchObject({
      limited: true,
      kind: 'account',
    });
  });

  it('limits a single key the same way for a person’s own checks', () => {
    const five = [1, 2, 3, 4, 10].map(minutesAgo);
    expect(judgeOneLimit({ failures: five.slice(0, 4), now })).toEqual({ limited: false });
    expect(judgeOneLimit({ failures: five, now })).toEqual({
      limited: true,
      retryAfterSeconds: 300,
    });
  });

  it('limits one address trying many accounts', () => {
    const ten = Array.from({ length: 10 }, (_, i) => minutesAgo(i + 1));
    expect(judgeSignInLimit({ failures: { ...none, address: ten }, now })).toMatchObject({
      limited: true,
      kind: 'address',
    });
  });

  it('forgets failures older than each window', () => {
    const old = [16, 20, 30, 40, 50].map(minutesAgo);
    expect(judgeSignInLimit({ failures: { ...none, pair: old }, now }).limited).toBe(false);
  });

  it('keys on the lower-cased account, the address, and the pair', () => {
    expect(signInFailureKeys({ email: ' Owner@Example.COM ', address: '203.0.113.9' })).toEqual({
      pair: 'pair:owner@example.com 203.0.113.9',
      address: 'address:203.0.113.9',
      account: 'account:owner@example.com',
    });
    expect(accountFailureKey('Owner@Example.com')).toBe('account:owner@example.com');
  });

  it('tells a locked account who can unlock it', () => {
    expect(signInLimitMessage(61)).toBe('Too many failed sign-ins. Try again in 2 minutes.');
    expect(signInLimitMessage(30, 'account')).toContain('An owner can unlock it');
  });
});
