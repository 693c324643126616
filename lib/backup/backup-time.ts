import { z } from 'zod';
import { normalizeClockTime } from '../bakery-facts/clock-time';

/**
 * The owner's daily backup time in Settings, as a native time input sends it (HH:MM, 24-hour);
 * also checked in the browser, so it imports no Node module.
 */
export const backupTimeInput = z.object({
  backupTime: z.string({ error: 'Enter the time as HH:MM.' }).transform((value, ctx) => {
    const time = normalizeClockTime(value);
    if (time === null) {
      ctx.addIssue({
        code: 'custom',
        message:
          value.trim() === ''
            ? 'Enter the time of the daily backup.'
            : 'Enter the time as HH:MM, 24-hour, from 00:00 to 23:59.',
      });
      return z.NEVER;
    }
    return time;
  }),
});
