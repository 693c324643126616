import { describe, expect, it } from 'vitest';
import { countTicks, formatMinutes, minuteTicks } from './axis';

describe('count ticks', () => {
  it('are whole numbers from 0 past the largest value', () => {
    expect(countTicks(1)).toEqual([0, 1]);
    expect(countTicks(3)).toEqual([0, 1, 2, 3]);
    expect(countTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(countTicks(18)).toEqual([0, 5, 10, 15, 20]);
    expect(countTicks(41_960)).toEqual([0, 10_000, 20_000, 30_000, 40_000, 50_000]);
  });

  it('never hold a fraction, however small the counts', () => {
    for (const max of [0, 0.4, 1, 2, 4, 6, 9, 11, 99, 101, 12_345]) {
      const ticks = countTicks(max);
      expect(ticks.every(Number.isInteger), `${max}: ${ticks}`).toBe(true);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeLessThanOrEqual(6);
      expect(new Set(ticks).size).toBe(ticks.length);
    }
  });
});

describe('minute ticks', () => {
  it('step by round minutes, quarter hours and hours', () => {
    expect(minuteTicks(3)).toEqual([0, 1, 2, 3]);
    expect(minuteTicks(40)).toEqual([0, 10, 20, 30, 40]);
    expect(minuteTicks(42)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(minuteTicks(70)).toEqual([0, 15, 30, 45, 60, 75]);
    expect(minuteTicks(125)).toEqual([0, 30, 60, 90, 120, 150]);
    expect(minuteTicks(600)).toEqual([0, 120, 240, 360, 480, 600]);
  });

  it('read as distinct words, never "0, 0, 0, 0" for waits under a minute', () => {
    const words = minuteTicks(0.4).map(formatMinutes);
    expect(words).toEqual(['0 min', '1 min']);
    const hours = minuteTicks(125).map(formatMinutes);
    expect(hours).toEqual(['0 min', '30 min', '1 h', '1 h 30 min', '2 h', '2 h 30 min']);
    expect(new Set(minuteTicks(17).map(formatMinutes)).size).toBe(minuteTicks(17).length);
  });
});

describe('minutes in words', () => {
  it('says minutes, then hours and minutes', () => {
    expect(formatMinutes(0)).toBe('0 min');
    expect(formatMinutes(12.4)).toBe('12 min');
    expect(formatMinutes(59.6)).toBe('1 h');
    expect(formatMinutes(65)).toBe('1 h 5 min');
    expect(formatMinutes(26 * 60 + 30)).toBe('26 h 30 min');
  });
});
