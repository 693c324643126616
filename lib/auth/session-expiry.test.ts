import { describe, expect, it } from 'vitest';
import { judgeSession, sessionEndsAt, sessionPolicy, touchIntervalMs } from './session-expiry';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const signedIn = new Date('2026-03-01T07:00:00Z');
const at = (ms: number) => new Date(signedIn.getTime() + ms);
const policy = sessionPolicy({ maxHours: 12, idleMinutes: 30 });

describe('session expiry', () => {
  it('reads hours and minutes from the settings', () => {
    expect(policy).toEqual({ absoluteMs: 12 * HOUR, idleMs: 30 * MINUTE });
    expect(touchIntervalMs(policy)).toBe(MINUTE);
    expect(touchIntervalMs(sessionPolicy({ maxHours: 1, idleMinutes: 5 }))).toBe(30_000);
  });

  it('ends at the first of its two limits', () => {
    expect(sessionEndsAt({ createdAt: signedIn, lastSeenAt: signedIn, policy })).toEqual(
      at(30 * MINUTE),
    );
    expect(
      sessionEndsAt({ createdAt: signedIn, lastSeenAt: at(11 * HOUR + 50 * MINUTE), policy }),
    ).toEqual(at(12 * HOUR));
  });

  it('leaves a session just used alone, and notes the use once a minute has passed', () => {
    expect(
      judgeSession({ createdAt: signedIn, lastSeenAt: null, now: at(30_000), policy }),
    ).toEqual({
      kind: 'valid',
    });
    expect(
      judgeSession({
        createdAt: signedIn,
        lastSeenAt: at(HOUR),
        now: at(HOUR + 2 * MINUTE),
        policy,
      }),
    ).toEqual({
      kind: 'touch',
      lastSeenAt: at(HOUR + 2 * MINUTE),
      expiresAt: at(HOUR + 32 * MINUTE),
    });
  });

  it('ends a session left idle for the idle timeout', () => {
    expect(
      judgeSession({ createdAt: signedIn, lastSeenAt: null, now: at(30 * MINUTE), policy }),
    ).toEqual({ kind: 'expired', reason: 'idle' });
    expect(
      judgeSession({
        createdAt: signedIn,
        lastSeenAt: at(HOUR),
        now: at(HOUR + 29 * MINUTE),
        policy,
      }),
    ).toMatchObject({ kind: 'touch' });
    expect(
      judgeSession({
        createdAt: signedIn,
        lastSeenAt: at(HOUR),
        now: at(HOUR + 30 * MINUTE),
        policy,
      }),
    ).toEqual({ kind: 'expired', reason: 'idle' });
  });

  it('ends a session at its absolute lifetime however busy it is', () => {
    const busy = at(12 * HOUR - 1000);
    expect(
      judgeSession({ createdAt: signedIn, lastSeenAt: busy, now: at(12 * HOUR), policy }),
    ).toEqual({ kind: 'expired', reason: 'absolute' });
  });

  it('applies a shorter setting to sessions already open', () => {
    const strict = sessionPolicy({ maxHours: 1, idleMinutes: 30 });
    expect(
      judgeSession({
        createdAt: signedIn,
        lastSeenAt: at(HOUR - MINUTE),
        now: at(HOUR),
        policy: strict,
      }),
    ).toEqual({ kind: 'expired', reason: 'absolute' });
  });
});
