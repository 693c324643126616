import { describe, expect, it } from 'vitest';
import { canonicalTimezone, knownTimezones } from './timezone';

describe('canonicalTimezone', () => {
  it.each([
    ['America/New_York', 'America/New_York'],
    [' Europe/Lisbon ', 'Europe/Lisbon'],
    ['america/new_york', 'America/New_York'],
    ['UTC', 'UTC'],
    ['US/Eastern', 'America/New_York'],
  ])('accepts %j as %j', (text, zone) => {
    expect(canonicalTimezone(text)).toBe(zone);
  });

  it.each([
    'Mars/Olympus_Mons',
    'Bakery Time',
    '',
    '   ',
    '+05:00',
    'EST5EDT,M3.2.0',
    'x'.repeat(65),
  ])('refuses %j', (text) => {
    expect(canonicalTimezone(text)).toBeNull();
  });

  it('lists the runtime’s zones for suggestions', () => {
    expect(knownTimezones()).toContain('America/New_York');
  });
});
