import { describe, expect, it } from 'vitest';
import { isCalendarDate } from './calendar-date';

describe('isCalendarDate', () => {
  it.each(['2026-12-05', '2028-02-29', '2026-01-01', '2026-12-31'])('accepts %j', (text) => {
    expect(isCalendarDate(text)).toBe(true);
  });

  it.each([
    '2026-02-29',
    '2026-02-30',
    '2026-13-01',
    '2026-00-10',
    '2026-12-32',
    '2026-12-5',
    '05/12/2026',
    'Dec 5',
    '',
    '2026-12-05T00:00',
  ])('refuses %j', (text) => {
    expect(isCalendarDate(text)).toBe(false);
  });
});
