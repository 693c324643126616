import 'server-only';
import {
  type FeedbackView,
  findAnswerableReply,
  listConversationFeedback,
  type RecordFeedbackResult,
  recordReplyFeedback,
} from '@/db/feedback';
import { getQuestionByTicket } from '@/db/questions';
import type { Question } from '@/db/schema';
import type { FeedbackAnswer } from '@/lib/feedback/answer';
import { TICKET_TOKEN_SHAPE } from '@/lib/intake/ticket-token';
import { publishDeskEvent } from './drafting/live';

/** The conversation a ticket token opens, checked as the ticket page checks it. */
async function ticketQuestion(token: string): Promise<Question | undefined> {
  return TICKET_TOKEN_SHAPE.test(token) ? getQuestionByTicket({ token }) : undefined;
}

/**
 * What an email's feedback link opens: the reply it asks about, on the conversation the token
 * opens, and the answer already given. Undefined for an unknown token or a reply that is not
 * this conversation's to answer, which the page shows as not found.
 */
export async function replyToAnswer({
  token,
  reply,
  now,
}: {
  token: string;
  reply: number;
  now: Date;
}): Promise<
  | {
      question: Question;
      reply: { messageId: number; text: string; at: Date };
      given?: FeedbackView;
    }
  | undefined
> {
  const question = await ticketQuestion(token);
  if (!question) return undefined;
  const found = await findAnswerableReply({ questionId: question.id, messageId: reply, now });
  if (!found) return undefined;
  const given = (await listConversationFeedback({ questionId: question.id })).find(
    (feedback) => feedback.messageId === found.messageId,
  );
  return { question, reply: found, given };
}

/**
 * Records the answer of whoever holds the ticket token, for a reply of that conversation only,
 * and tells the inbox, so staff with the conversation open see it as it comes.
 */
export async function answerReplyByTicket({
  token,
  reply,
  answer,
  comment,
  now,
}: {
  token: string;
  reply: number;
  answer: FeedbackAnswer;
  comment?: string | null;
  now: Date;
}): Promise<RecordFeedbackResult> {
  const question = await ticketQuestion(token);
  if (!question) return { ok: false, reason: 'notFound' };
  const recorded = await recordReplyFeedback({
    questionId: question.id,
    messageId: reply,
    answer,
    comment,
    now,
  });
  if (recorded.ok) publishDeskEvent({ kind: 'queueChanged', questionId: question.id });
  return recorded;
}
