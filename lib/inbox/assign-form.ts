import { z } from 'zod';

const questionId = z.coerce
  .number({ error: 'Choose a question.' })
  .int({ error: 'Choose a question.' })
  .positive({ error: 'Choose a question.' });

// Digits only, so "1e3" or " 7" is no person; a whole id above zero.
const personId = z
  .string()
  .regex(/^\d{1,12}$/)
  .transform(Number)
  .refine((id) => id > 0);

/** "me", "nobody", or a person's id. */
const assignee = z.union([z.literal('me'), z.literal('nobody'), personId], {
  error: 'Choose who looks after it.',
});

/**
 * An assignment: to whom, and whom the person saw as the assignee ("nobody" or an id), so a
 * colleague's assignment in the meantime is never silently overwritten.
 */
export const assignInput = z.object({
  questionId,
  assignee,
  expected: z.union([z.literal('nobody'), personId], {
    error: 'Reload the question.',
  }),
});

/** A question's page has opened (for "assign on open"). */
export const openedInput = z.object({ questionId });

/** The owner's "assign on open" switch: a checkbox sends "on" or nothing. */
export const assignOnOpenInput = z.object({
  assignOnOpen: z
    .enum(['on'], { error: 'Tick the box or leave it empty.' })
    .optional()
    .transform((value) => value === 'on'),
});
