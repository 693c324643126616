import { describe, expect, it } from 'vitest';
import { isClockTime, normalizeClockTime, opensBeforeCloses } from './clock-time';

describe('clock times', () => {
  it.each([
    ['07:00', '07:00'],
    ['7:30', '07:30'],
    [' 13:05 ', '13:05'],
    ['00:00', '00:00'],
    ['23:59', '23:59'],
  ])('normalizes %j to %j', (text, time) => {
    expect(normalizeClockTime(text)).toBe(time);
    expect(isClockTime(time)).toBe(true);
  });

  it.each(['24:00', '23:60', '7', '7am', '07:00:00', '0700', '', 'ab:cd', '-1:00', '123:00'])(
    'refuses %j',
    (text) => {
      expect(normalizeClockTime(text)).toBeNull();
    },
  );

  it('orders opening before closing, and refuses equal or reversed times', () => {
    expect(opensBeforeCloses('07:00', '15:00')).toBe(true);
    expect(opensBeforeCloses('09:59', '10:00')).toBe(true);
    expect(opensBeforeCloses('15:00', '07:00')).toBe(false);
    expect(opensBeforeCloses('08:00', '08:00')).toBe(false);
  });
});
