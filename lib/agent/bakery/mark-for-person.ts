import { z } from 'zod';
import { defineTool } from '../core/tool';
import { needsPersonReasons } from '../types';

const markInput = z.object({
  reason: z
    .enum(needsPersonReasons)
    .describe(
      'allergens, ingredients, delivery, customOrder (custom cakes, catering, large or special orders), complaint, refund, medical, notUnderstood (you could not tell what they want), or other.',
    ),
  note: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .describe(
      'What a person should check, in a few words, e.g. "sesame in the rye loaf"; 1 to 200 characters.',
    ),
});

/**
 * The honest way out: the question asks what no tool answers, or could not be read. It writes
 * nothing; the mark travels in the run to staff, who see it in the inbox.
 */
export const markForPerson = defineTool({
  name: 'mark_for_person',
  description:
    'Marks the question for a person at the bakery when the customer asks something no other tool answers (allergens, ingredients, delivery, custom orders or catering, complaints, refunds, anything medical) or when you cannot tell what they want. Staff see the mark and your note. Then tell the customer plainly that a person will check and reply; never guess or imply an answer you do not have. You may still answer the parts the other tools do answer.',
  schema: markInput,
  run: ({ reason, note }) => ({
    ok: true,
    data: {
      marked: true,
      reason,
      tell: 'Say that a person at the bakery will check this and reply. Do not answer it yourself.',
    },
    needsPerson: { reason, note },
  }),
});
