import { describe, expect } from 'vitest';
import { scenario } from '@/tests/support/scenario';
import { wordCount, wordDate, wordMoney, wordTime } from './wording';

const us = { locale: 'en-US', currency: 'USD' };

describe('wording for people', () => {
  scenario("Dates, times and money are worded through Intl in the bakery's locale", () => {
    expect(wordDate('2026-12-05', us, '2026-12-01')).toBe('Saturday, December 5');
    expect(wordDate('2027-01-02', us, '2026-12-01')).toBe('Saturday, January 2, 2027');
    expect(['09:00', '13:30', '12:00', '15:00'].map((t) => wordTime(t, us))).toEqual([
      '9 am',
      '1:30 pm',
      '12 pm',
      '3 pm',
    ]);
    expect(wordMoney(104000, us)).toBe('$1,040.00');
    expect(wordMoney(150, us)).toBe('$1.50');
    expect(wordCount(1, us)).toBe('one');
    expect(wordCount(24, us)).toBe('24');
    // 24-hour times only where the locale writes them so; another currency, another format.
    const germany = { locale: 'de-DE', currency: 'EUR' };
    expect(wordTime('13:30', germany)).toBe('13:30');
    expect(wordMoney(104000, germany)).toBe('1.040,00 €');
    expect(wordDate('2026-12-05', germany)).toBe('Samstag, 5. Dezember');
    expect(wordMoney(450, { locale: 'en-GB', currency: 'GBP' })).toBe('£4.50');
  });
});
