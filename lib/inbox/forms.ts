import { z } from 'zod';

/** What the inbox's actions accept; the same limits as a customer's question. */
export const REPLY_MAX_LENGTH = 5000;

const questionId = z.coerce
  .number({ error: 'Choose a question.' })
  .int({ error: 'Choose a question.' })
  .positive({ error: 'Choose a question.' });

// Sent exactly as typed (the confirmation shows this very text), but never blank. Form posts
// turn every line break into CRLF on the way; the text is stored with the LF the editor had.
const replyText = z
  .string({ error: 'Write the reply first.' })
  .transform((text) => text.replace(/\r\n?/g, '\n'))
  .pipe(
    z
      .string()
      .max(REPLY_MAX_LENGTH, { error: `Keep the reply under ${REPLY_MAX_LENGTH} characters.` }),
  )
  .refine((text) => text.trim().length > 0, { error: 'Write the reply first.' });

const version = z.coerce.number({ error: 'Reload the question.' }).int().positive();

/** A send carries the version the sender confirmed, so a newer edit asks them to look again. */
export const sendInput = z.object({ questionId, text: replyText, version });

export const saveInput = z.object({ questionId, text: replyText, version });

export const discardInput = z.object({
  questionId,
  reason: z
    .string({ error: 'Say why it is discarded.' })
    .trim()
    .min(3, { error: 'Say why it is discarded (a few words).' })
    .max(500, { error: 'Keep the reason under 500 characters.' }),
});

export const questionOnlyInput = z.object({ questionId });

/** One sent reply, for its email's Resend. */
export const replyOnlyInput = z.object({
  replyId: z.coerce
    .number({ error: 'Choose a reply.' })
    .int({ error: 'Choose a reply.' })
    .positive({ error: 'Choose a reply.' }),
});

/**
 * Staff merge a conversation into the one it mentions, at the versions of both they saw, and
 * say whose address replies go to: that conversation's customer's (`kept`) or this sender's.
 */
export const mergeInput = z.object({
  questionId,
  version,
  intoId: questionId,
  intoVersion: version,
  repliesTo: z.enum(['kept', 'other'], { error: 'Choose where replies go.' }),
});
