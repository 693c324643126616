import { z } from 'zod';

/**
 * How long a closed conversation (sent or discarded) keeps the customer's name, email and
 * texts. Past it they are erased; the drafts' figures (runs, tokens, cost, tool calls) stay,
 * with nobody's name on them, for insights and spend.
 */

export const MAX_RETENTION_DAYS = 3650;
const DAY_MS = 86_400_000;

/** What an erased question and reply hold in place of the customer's words. */
export const ERASED_NAME = 'erased';
export const ERASED_TEXT = '[erased after the retention period]';

/** A conversation closed before this instant is past its retention period. */
export function retentionCutoff(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

export const retentionInput = z.object({
  retentionDays: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const typed = value?.trim() ?? '';
      if (typed === '') return null;
      const days = /^\d{1,5}$/.test(typed) ? Number(typed) : Number.NaN;
      if (!Number.isInteger(days) || days < 1 || days > MAX_RETENTION_DAYS) {
        ctx.addIssue({
          code: 'custom',
          message: `Enter whole days from 1 to ${MAX_RETENTION_DAYS}, or leave it blank to keep everything.`,
        });
        return z.NEVER;
      }
      return days;
    }),
});
export type RetentionInput = z.infer<typeof retentionInput>;

/** The Erase now button says what it does, so a stray post erases nothing. */
export const eraseNowInput = z.object({ confirm: z.literal('erase') });
