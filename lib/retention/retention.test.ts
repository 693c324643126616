import { describe, expect, it } from 'vitest';
import { retentionCutoff, retentionInput } from './retention';

describe('the retention period', () => {
  it('reaches back whole days from now', () => {
    expect(retentionCutoff(new Date('2026-12-31T12:00:00Z'), 30).toISOString()).toBe(
      '2026-12-01T12:00:00.000Z',
    );
  });

  it('is a whole number of days, or blank to keep everything', () => {
    expect(retentionInput.parse({ retentionDays: ' 90 ' })).toEqual({ retentionDays: 90 });
    expect(retentionInput.parse({ retentionDays: '' })).toEqual({ retentionDays: null });
    expect(retentionInput.parse({})).toEqual({ retentionDays: null });
    for (const bad of ['0', '-3', '1.5', 'ninety', '3651', '1e3']) {
      const parsed = retentionInput.safeParse({ retentionDays: bad });
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0]?.message).toContain('whole days from 1 to 3650');
    }
  });
});
