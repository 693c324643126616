import { describe, expect, it } from 'vitest';
import {
  judgeSignInLimit,
  SIGN_IN_LIMIT,
  signInFailureKeys,
  signInLimitMessage,
} from './sign-in-limit';

const now = new Date('2026-03-01T12:00:00Z');
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);

describe('the sign-in limit', () => {
  it('is 5 failures in 15 minutes', () => {
    expect(SIGN_IN_LIMIT).toEqual({ maxFailures: 5, windowMs: 15 * 60_000 });
  });

  it('allows four recent failures and refuses the fifth onwards', () => {
    const four = [1, 2, 3, 4].map(minutesAgo);
    expect(judgeSignInLimit({ failuresByKey: [four, []], now })).toEqual({ limited: false });
    const five = [...four, minutesAgo(10)];
    // Free again when the oldest of the five (10 minutes ago) leaves the window: in 5 minutes.
    expect(judgeSignInLimit({ failuresByKey: [[], five], now })).toEqual({
      limited: true,
      retryAfterSeconds: 300,
    });
  });

  it('forgets failures older than the window', () => {
    const old = [16, 20, 30, 40, 50].map(minutesAgo);
    expect(judgeSignInLimit({ failuresByKey: [old], now })).toEqual({ limited: false });
    const mixed = [...old, ...[1, 2, 3, 4].map(minutesAgo)];
    expect(judgeSignInLimit({ failuresByKey: [mixed], now })).toEqual({ limited: false });
  });

  it('waits for the key that frees last', () => {
    const account = [1, 2, 3, 4, 5].map(minutesAgo);
    const address = [9, 10, 11, 12, 14, 14.5].map(minutesAgo);
    // The address frees in 1 minute (its fifth-newest failure was 14 minutes ago); the
    // account's oldest of five was 5 minutes ago, so it frees in 10: the answer is 10.
    expect(judgeSignInLimit({ failuresByKey: [account, address], now })).toEqual({
      limited: true,
      retryAfterSeconds: 600,
    });
  });

  it('keys on the lower-cased account and the address', () => {
    expect(signInFailureKeys({ email: ' Owner@Example.COM ', address: '203.0.113.9' })).toEqual({
      account: 'account:owner@example.com',
      address: 'address:203.0.113.9',
    });
  });

  it('tells the user how long to wait', () => {
    expect(signInLimitMessage(300)).toBe('Too many failed sign-ins. Try again in 5 minutes.');
    expect(signInLimitMessage(30)).toBe('Too many failed sign-ins. Try again in 1 minute.');
  });
});
