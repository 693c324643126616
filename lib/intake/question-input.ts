import { z } from 'zod';
import { cleanLine, cleanText } from './clean-text';
import {
  EMAIL_MAX_CHARS,
  EXTERNAL_ID_MAX_CHARS,
  NAME_MAX_CHARS,
  QUESTION_MAX_CHARS,
} from './limits';
import { TICKET_TOKEN_SHAPE } from './ticket-shape';

export { EMAIL_MAX_CHARS, EXTERNAL_ID_MAX_CHARS, NAME_MAX_CHARS, QUESTION_MAX_CHARS };

const customerText = (what: 'question' | 'message') =>
  z
    .string({ error: `Write your ${what}.` })
    .transform(cleanText)
    .pipe(
      z
        .string()
        .min(1, `Write your ${what}.`)
        .max(QUESTION_MAX_CHARS, `Keep the ${what} to ${QUESTION_MAX_CHARS} characters or fewer.`),
    );
const questionText = customerText('question');

const customerName = z
  .string({ error: 'Tell us your name.' })
  .transform(cleanLine)
  .pipe(
    z
      .string()
      .min(1, 'Tell us your name.')
      .max(NAME_MAX_CHARS, `Keep the name to ${NAME_MAX_CHARS} characters or fewer.`),
  );

const emailFormat = z.email();
const email = z
  .string({ error: 'The email must be text.' })
  .transform(cleanLine)
  .pipe(
    z
      .string()
      .max(EMAIL_MAX_CHARS, 'That email address is too long.')
      .refine(
        (value) => value === '' || emailFormat.safeParse(value).success,
        'That email address does not look right.',
      ),
  )
  .transform((value) => (value === '' ? null : value.toLowerCase()));

/** The /ask form: every field arrives as a string (or not at all). */
export const askFormSchema = z.object({
  name: customerName,
  email: z.preprocess((v) => v ?? '', email),
  text: questionText,
});
export type AskFormInput = z.infer<typeof askFormSchema>;

const externalId = (field: string) =>
  z
    .string({ error: `${field} must be a string.` })
    .transform(cleanLine)
    .pipe(
      z
        .string()
        .min(1, `${field} must not be empty.`)
        .max(
          EXTERNAL_ID_MAX_CHARS,
          `${field} must be ${EXTERNAL_ID_MAX_CHARS} characters or fewer.`,
        ),
    );

/** A customer writing back on their ticket page: the same cleaning and limits as a question. */
export const ticketMessageSchema = z.object({
  token: z
    .string({ error: 'This page is not a ticket.' })
    .regex(TICKET_TOKEN_SHAPE, 'This page is not a ticket.'),
  text: customerText('message'),
});

/**
 * POST /api/questions. Unknown fields are refused, so a typo is an error rather than lost data.
 * A message may continue a conversation, named by its ticket's token or by the externalId its
 * first message came with; without either it opens a new one.
 */
export const intakeApiSchema = z
  .strictObject({
    text: questionText,
    customer: z.strictObject({
      name: customerName,
      email: z
        .preprocess((v) => v ?? '', email)
        .optional()
        .transform((v) => v ?? null),
    }),
    externalId: externalId('externalId').optional(),
    threadToken: z
      .string({ error: 'threadToken must be a string.' })
      .regex(TICKET_TOKEN_SHAPE, 'threadToken must be the token from a ticket link (/t/<token>).')
      .optional(),
    threadExternalId: externalId('threadExternalId').optional(),
  })
  .refine((body) => body.threadToken === undefined || body.threadExternalId === undefined, {
    path: ['threadToken'],
    message: 'Name the conversation by threadToken or by threadExternalId, not both.',
  });
export type IntakeApiInput = z.infer<typeof intakeApiSchema>;

/** Field errors keyed by a dotted path ("customer.name"), as forms and the API report them. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '(body)';
    const message =
      issue.code === 'unrecognized_keys'
        ? `Unknown field(s): ${issue.keys.join(', ')}.`
        : issue.message;
    out[key] = [...(out[key] ?? []), message];
  }
  return out;
}
