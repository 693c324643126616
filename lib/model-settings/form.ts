import { z } from 'zod';
import { draftModelKinds } from '../agent/config';

/**
 * The Settings page's "Drafting model" form, read the same way in the browser and by its two
 * actions (save, test). Fields the environment decides are not posted at all. The key travels
 * only from the browser to the server, in a field named `secret`, which a refused form never
 * echoes back.
 */
const blankAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const keyActions = ['keep', 'replace', 'remove'] as const;
export type KeyAction = (typeof keyActions)[number];

export const modelSettingsInput = z
  .object({
    provider: z.enum(draftModelKinds, { message: 'Choose how drafts are written.' }).optional(),
    model: z.preprocess(
      blankAsUndefined,
      z
        .string()
        .trim()
        .max(200, { message: 'A model name is shorter than that.' })
        .regex(/^[\w.:/@+-]+$/, {
          message: 'A model name has no spaces, e.g. claude-opus-5-5, gpt-4.1 or llama3.2.',
        })
        .optional(),
    ),
    baseUrl: z.preprocess(
      blankAsUndefined,
      z
        .string()
        .trim()
        .max(500, { message: 'That address is too long.' })
        .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
          message:
            'Enter a web address starting with http:// or https://, e.g. http://127.0.0.1:11434/v1.',
        })
        .optional(),
    ),
    keyAction: z.enum(keyActions).default('keep'),
    secret: z.preprocess(
      blankAsUndefined,
      z
        .string()
        .trim()
        .max(1000, { message: 'An API key is shorter than that.' })
        .regex(/^\S+$/, { message: 'An API key has no spaces or line breaks.' })
        .optional(),
    ),
  })
  .superRefine((input, ctx) => {
    if (
      input.keyAction === 'replace' &&
      input.secret === undefined &&
      input.provider !== 'offline'
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['secret'],
        message: 'Enter the new API key, or keep the one that is set.',
      });
    }
  });

export type ModelSettingsInput = z.output<typeof modelSettingsInput>;
