import 'server-only';
import { notFound } from 'next/navigation';
import { getQuestionByTicket } from '@/db/questions';
import type { Question } from '@/db/schema';
import { TICKET_TOKEN_SHAPE } from '@/lib/intake/ticket-token';

/**
 * The conversation a ticket token opens, for the pages keyed by it alone (the ticket page, the
 * "Ask us" panel's conversation); anything else is the page's not-found. A token of the wrong
 * shape is not looked up at all.
 */
export async function ticketQuestionOrNotFound(token: string): Promise<Question> {
  const question = TICKET_TOKEN_SHAPE.test(token)
    ? await getQuestionByTicket({ token })
    : undefined;
  if (!question) notFound();
  return question;
}
