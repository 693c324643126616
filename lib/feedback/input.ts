import { z } from 'zod';
import { TICKET_TOKEN_SHAPE } from '../intake/ticket-shape';
import { FEEDBACK_COMMENT_MAX, feedbackAnswers } from './answer';

/**
 * The customer's answer as sent from the ticket page or an email link's confirmation: the ticket
 * token is their only key, the reply is the bakery's message they answer about.
 */
export const replyFeedbackInput = z.object({
  token: z
    .string({ error: 'This page is not a ticket.' })
    .regex(TICKET_TOKEN_SHAPE, 'This page is not a ticket.'),
  reply: z.coerce
    .number({ error: 'This reply could not be found.' })
    .int('This reply could not be found.')
    .positive('This reply could not be found.'),
  answer: z.enum(feedbackAnswers, { error: 'Choose Yes or No.' }),
  comment: z
    .string()
    .max(
      FEEDBACK_COMMENT_MAX,
      `Please keep your comment to ${FEEDBACK_COMMENT_MAX} characters or fewer.`,
    )
    .optional(),
});
