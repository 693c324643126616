import { describe, expect, it } from 'vitest';
import {
  judgeSession,
  SESSION_LIFETIME_MS,
  SESSION_RENEW_BELOW_MS,
  sessionExpiresAt,
} from './session-expiry';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-03-01T12:00:00Z');
const inDays = (days: number) => new Date(now.getTime() + days * DAY);

describe('session expiry', () => {
  it('is 30 days from sign-in, renewed once under 15 days are left', () => {
    expect(SESSION_LIFETIME_MS).toBe(30 * DAY);
    expect(SESSION_RENEW_BELOW_MS).toBe(15 * DAY);
    expect(sessionExpiresAt(now)).toEqual(inDays(30));
  });

  it('leaves a fresh session alone', () => {
    expect(judgeSession({ expiresAt: inDays(30), now })).toEqual({ kind: 'valid' });
    expect(judgeSession({ expiresAt: inDays(15), now })).toEqual({ kind: 'valid' });
  });

  it('slides a half-used session to 30 days from now', () => {
    expect(judgeSession({ expiresAt: new Date(inDays(15).getTime() - 1), now })).toEqual({
      kind: 'renew',
      expiresAt: inDays(30),
    });
    expect(judgeSession({ expiresAt: new Date(now.getTime() + 1), now })).toEqual({
      kind: 'renew',
      expiresAt: inDays(30),
    });
  });

  it('ends a session at its expiry', () => {
    expect(judgeSession({ expiresAt: now, now })).toEqual({ kind: 'expired' });
    expect(judgeSession({ expiresAt: inDays(-1), now })).toEqual({ kind: 'expired' });
  });
});
