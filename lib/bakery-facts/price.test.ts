import { describe, expect, it } from 'vitest';
import { centsToDollarsInput, MAX_PRICE_CENTS, parseDollars } from './price';

describe('parseDollars', () => {
  it.each([
    ['3.25', 325],
    ['3', 300],
    ['3.5', 350],
    ['3.', 300],
    ['0', 0],
    ['0.01', 1],
    [' $19.50 ', 1950],
    ['$ 4', 400],
    ['1,200.50', 120050],
    ['1.00', 100],
    ['0.29', 29],
    ['1.13', 113],
    ['100000', MAX_PRICE_CENTS],
  ])('reads %j as %i cents exactly', (text, cents) => {
    expect(parseDollars(text)).toEqual({ ok: true, cents });
  });

  it('is exact where floating point is not', () => {
    // 1.13 * 100 is 112.99999999999999 and 0.29 * 100 is 28.999999999999996.
    expect(Math.floor(1.13 * 100)).toBe(112);
    expect(parseDollars('1.13')).toEqual({ ok: true, cents: 113 });
  });

  it.each([
    ['abc', 'as a number'],
    ['', 'Enter a price'],
    ['   ', 'Enter a price'],
    ['3.255', 'two decimals'],
    ['-1', 'negative'],
    ['1e3', 'as a number'],
    ['3,25', 'as a number'],
    ['1,20,0', 'as a number'],
    ['.50', 'as a number'],
    ['3.25.1', 'as a number'],
    ['100000.01', 'at most'],
    ['99999999999999999999', 'at most'],
    ['NaN', 'as a number'],
    ['Infinity', 'as a number'],
  ])('refuses %j (%s)', (text, message) => {
    const parsed = parseDollars(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain(message);
  });
});

describe('centsToDollarsInput', () => {
  it.each([
    [325, '3.25'],
    [900, '9.00'],
    [5, '0.05'],
    [0, '0.00'],
    [120050, '1200.50'],
  ])('shows %i cents as %j, which reads back the same', (cents, text) => {
    expect(centsToDollarsInput(cents)).toBe(text);
    expect(parseDollars(text)).toEqual({ ok: true, cents });
  });
});
