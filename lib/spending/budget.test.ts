import { describe, expect, it } from 'vitest';
import { bakeryDay, budgetReason, budgetStatus, dailyLimitCents } from './budget';

describe('the daily model budget', () => {
  it('counts the day in the bakery’s timezone, not the server’s', () => {
    // 03:30 UTC on 2 Dec is still 1 Dec in New York.
    const day = bakeryDay(new Date('2026-12-02T03:30:00Z'), 'America/New_York');
    expect(day.date).toBe('2026-12-01');
    expect(day.start.toISOString()).toBe('2026-12-01T05:00:00.000Z');
    expect(day.end.toISOString()).toBe('2026-12-02T05:00:00.000Z');
  });

  it('has days of 23 and 25 hours across daylight-saving changes', () => {
    const spring = bakeryDay(new Date('2026-03-08T12:00:00Z'), 'America/New_York');
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * 3_600_000);
    const autumn = bakeryDay(new Date('2026-11-01T12:00:00Z'), 'America/New_York');
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * 3_600_000);
  });

  it('uses the owner’s setting over the configured default', () => {
    expect(dailyLimitCents({ settingCents: null, defaultDollars: 5 })).toBe(500);
    expect(dailyLimitCents({ settingCents: 1250, defaultDollars: 5 })).toBe(1250);
    expect(dailyLimitCents({ settingCents: 0, defaultDollars: 5 })).toBe(0);
  });

  it('is reached at the limit, not before', () => {
    const dayEnd = new Date('2026-12-02T05:00:00Z');
    expect(budgetStatus({ spentUsd: 4.99, limitCents: 500, dayEnd }).reached).toBe(false);
    expect(budgetStatus({ spentUsd: 5, limitCents: 500, dayEnd })).toMatchObject({
      reached: true,
      resumesAt: dayEnd,
    });
    expect(budgetStatus({ spentUsd: 0, limitCents: 0, dayEnd }).reached).toBe(true);
  });

  it('says why questions wait', () => {
    expect(budgetReason(500)).toBe(
      'Daily model budget of $5.00 reached; drafting resumes tomorrow, or sooner if an owner raises the budget.',
    );
  });
});
