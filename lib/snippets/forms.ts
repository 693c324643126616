import { z } from 'zod';

export const SNIPPET_TITLE_MAX = 80;
export const SNIPPET_TEXT_MAX = 5000;

const id = z.coerce
  .number({ error: 'Choose a snippet.' })
  .int({ error: 'Choose a snippet.' })
  .positive({ error: 'Choose a snippet.' });

const fields = {
  title: z
    .string({ error: 'Give the snippet a title.' })
    .trim()
    .min(1, { error: 'Give the snippet a title.' })
    .max(SNIPPET_TITLE_MAX, { error: `Keep the title under ${SNIPPET_TITLE_MAX} characters.` }),
  text: z
    .string({ error: 'Write the snippet’s text.' })
    .transform((text) => text.replace(/\r\n?/g, '\n'))
    .pipe(
      z
        .string()
        .max(SNIPPET_TEXT_MAX, { error: `Keep the text under ${SNIPPET_TEXT_MAX} characters.` }),
    )
    .refine((text) => text.trim().length > 0, { error: 'Write the snippet’s text.' }),
  // A checkbox: present and "on" when ticked.
  shared: z
    .string()
    .optional()
    .transform((value) => value === 'on' || value === 'true'),
};

export const snippetCreateInput = z.object(fields);
export const snippetUpdateInput = z.object({ id, ...fields });
export const snippetDeleteInput = z.object({ id });

const questionId = z.coerce
  .number({ error: 'Choose a question.' })
  .int({ error: 'Choose a question.' })
  .positive({ error: 'Choose a question.' });

/** Filling a snippet for one conversation: its variables read from that conversation. */
export const snippetFillInput = z.object({ id, questionId });
