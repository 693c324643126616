import { z } from 'zod';
import { defineTool } from '../core/tool';
import { needsPersonReasons } from '../types';
import { markResultSchema } from './results';

const markInput = z.object({
  reason: z
    .enum(needsPersonReasons)
    .describe(
      'customOrder: custom cakes, catering, large or special orders; notUnderstood: you could not tell what they want.',
    ),
  note: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .describe('What a person should check, in a few words, e.g. "sesame in the rye loaf".'),
});

/**
 * The honest way out: the question asks what no tool answers, or could not be read. It writes
 * nothing; the mark travels in the run to staff, who see it in the inbox.
 */
export const markForPerson = defineTool({
  name: 'mark_for_person',
  // When to mark, and what to tell the customer then, are rules of the system prompt; the
  // description and the result do not repeat them in every request.
  description:
    'Hands the question to a person at the bakery, who sees the reason and note. You may still answer what other tools answer.',
  schema: markInput,
  output: markResultSchema,
  run: ({ reason, note }) => ({
    ok: true,
    data: { marked: true, reason },
    needsPerson: { reason, note },
  }),
});
