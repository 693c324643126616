import { z } from 'zod';

export const NOTE_MAX_LENGTH = 2000;

/** A staff note on a conversation: never sent, so only its length and blankness are checked. */
export const noteInput = z.object({
  questionId: z.coerce
    .number({ error: 'Choose a question.' })
    .int({ error: 'Choose a question.' })
    .positive({ error: 'Choose a question.' }),
  text: z
    .string({ error: 'Write the note first.' })
    .transform((text) => text.replace(/\r\n?/g, '\n'))
    .pipe(
      z
        .string()
        .max(NOTE_MAX_LENGTH, { error: `Keep the note under ${NOTE_MAX_LENGTH} characters.` }),
    )
    .refine((text) => text.trim().length > 0, { error: 'Write the note first.' }),
});
