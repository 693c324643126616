import { describe, expect, it } from 'vitest';
import { currencyChoices, localeChoices, searchTimezones } from './choices';

const zones = Intl.supportedValuesOf('timeZone');

describe('the guided start’s lists', () => {
  it('finds a time zone by any part of its name, the city’s start first', () => {
    expect(searchTimezones('berlin', zones)).toEqual(['Europe/Berlin']);
    expect(searchTimezones('new york', zones)).toEqual(['America/New_York']);
    expect(searchTimezones('America/New_Y', zones)).toEqual(['America/New_York']);
    expect(searchTimezones('par', zones)[0]).toBe('America/Paramaribo');
    expect(searchTimezones('zzz', zones)).toEqual([]);
    expect(searchTimezones('', zones, 3)).toHaveLength(3);
  });

  it('offers locales and currencies by name, keeping the bakery’s current one', () => {
    expect(localeChoices('en-US')).toContainEqual({
      value: 'en-GB',
      label: 'British English (en-GB)',
    });
    expect(localeChoices('en-US').filter((c) => c.value === 'en-US')).toHaveLength(1);
    expect(localeChoices('ga-IE')[0]?.value).toBe('ga-IE');
    expect(currencyChoices('USD')).toContainEqual({ value: 'EUR', label: 'EUR – Euro' });
    expect(currencyChoices('USD').length).toBeGreaterThan(100);
  });
});
