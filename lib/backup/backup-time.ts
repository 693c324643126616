import { z } from 'zod';
import { clockTime } from '../bakery-facts/schemas';

/**
 * The owner's daily backup time in Settings, as a native time input sends it (HH:MM, 24-hour);
 * also checked in the browser, so it imports no Node module.
 */
export const backupTimeInput = z.object({ backupTime: clockTime('the time of the daily backup') });
