import { describe, expect, it } from 'vitest';
import {
  centsToDollarsInput,
  formatPriceInput,
  MAX_PRICE_CENTS,
  parseDollars,
  parsePrice,
} from './price';

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
    ['3,25', 'such as 3.25'],
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

describe('parsePrice in the bakery’s locale', () => {
  it.each([
    ['de-DE', '9,50', 950],
    ['de-DE', '1.234,50', 123450],
    ['de-DE', '1234,5', 123450],
    ['de-DE', '12', 1200],
    ['de-DE', '9,50 €', 950],
    ['de-DE', '€ 9,50', 950],
    ['en-US', '9.50', 950],
    ['en-US', '1,234.50', 123450],
    ['en-US', '$9.50', 950],
    ['en-GB', '£1,200.05', 120005],
    ['fr-FR', '1 234,50', 123450],
    ['fr-FR', '1\u202f234,50', 123450],
    ['fr-FR', '9,5', 950],
    ['de-CH', "1'234.50", 123450],
    ['de-CH', '1’234.50', 123450],
    ['en-IN', '12,345.00', 1234500],
    ['es-ES', '1234,50', 123450],
    ['es-ES', '1.234,50', 123450],
    ['nl-NL', '0,29', 29],
    ['pt-BR', 'R$ 1,13', 113],
    ['de-CH', 'CHF 4.20', 420],
  ])('%s reads %j as %i cents exactly', (locale, text, cents) => {
    expect(parsePrice(text, locale)).toEqual({ ok: true, cents });
  });

  it.each([
    ['de-DE', '9.50', 'Write the cents after “,”, such as 9,50.'],
    ['de-DE', '9.5', 'Write the cents after “,”, such as 9,50.'],
    ['en-US', '9,50', 'Write the cents after “.”, such as 9.50.'],
    ['de-DE', '1,234.50', 'as a number, such as 3,25.'],
    ['en-US', '1.234,50', 'as a number, such as 3.25.'],
    ['de-DE', '1.23.4', 'as a number'],
    ['de-DE', '9,505', 'two decimals'],
    ['de-DE', '9,50,1', 'as a number'],
    ['fr-FR', '9.50', 'as a number'],
    ['de-DE', '-9,50', 'negative'],
    ['de-DE', '', 'Enter a price, such as 3,25.'],
    ['de-DE', '100.000,01', 'at most 100.000,00'],
    ['en-US', 'nine fifty', 'as a number'],
  ])('%s refuses %j (%s)', (locale, text, message) => {
    const parsed = parsePrice(text, locale);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain(message);
  });

  it.each([
    ['de-DE', 950, '9,50'],
    ['de-DE', 123450, '1.234,50'],
    ['en-US', 123450, '1,234.50'],
    ['en-US', 5, '0.05'],
    ['de-CH', 123450, '1’234.50'],
    ['en-IN', 1234500, '12,345.00'],
    ['es-ES', 123450, '1234,50'],
  ])('%s shows %i cents as %j, which reads back the same', (locale, cents, text) => {
    const shown = formatPriceInput(cents, locale);
    expect(shown.replace(/'/g, '’')).toBe(text);
    expect(parsePrice(shown, locale)).toEqual({ ok: true, cents });
  });

  it('reads back every cent amount it shows, in every locale the guided start offers', () => {
    for (const locale of ['en-US', 'de-DE', 'fr-FR', 'de-CH', 'en-IN', 'sv-SE', 'pt-BR']) {
      for (const cents of [0, 1, 99, 100, 101, 99999, 100000, 123456, 9999999, MAX_PRICE_CENTS]) {
        expect(parsePrice(formatPriceInput(cents, locale), locale)).toEqual({ ok: true, cents });
      }
    }
  });
});
