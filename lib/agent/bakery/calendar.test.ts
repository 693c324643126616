import { describe, expect, it } from 'vitest';
import { zonedParts } from './calendar';

/** What Intl itself reads for an instant, formatted afresh every time. */
function intlReading(at: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

describe('a wall clock read in a timezone', () => {
  const zones = ['America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe'];
  // Around New York's spring and autumn changes of 2026, and an ordinary minute.
  const starts = ['2026-03-08T06:59:00Z', '2026-11-01T05:59:00Z', '2026-12-01T14:07:00Z'];

  it('reads every second of a minute as Intl does, read again or not', () => {
    for (const zone of zones) {
      for (const start of starts) {
        const base = Date.parse(start);
        for (let second = 0; second < 120; second += 7) {
          const at = new Date(base + second * 1000 + 123);
          expect(zonedParts(at, zone), `${zone} ${at.toISOString()}`).toEqual(
            intlReading(at, zone),
          );
          expect(zonedParts(at, zone)).toEqual(intlReading(at, zone));
        }
      }
    }
  });

  it('reads instants before whole-minute offsets as Intl does', () => {
    const at = new Date('1971-06-01T12:00:20Z');
    expect(zonedParts(at, 'Africa/Monrovia')).toEqual(intlReading(at, 'Africa/Monrovia'));
    expect(zonedParts(new Date(at.getTime() + 20_000), 'Africa/Monrovia')).toEqual(
      intlReading(new Date(at.getTime() + 20_000), 'Africa/Monrovia'),
    );
  });

  it('gives each caller its own reading', () => {
    const at = new Date('2026-12-01T14:07:10Z');
    const first = zonedParts(at, 'America/New_York');
    first.time = 'changed';
    expect(zonedParts(at, 'America/New_York').time).toBe('09:07');
  });
});
