import 'server-only';
import { and, asc, eq, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { type FeedbackAnswer, feedbackComment } from '@/lib/feedback/answer';
import { type Db, getDb } from './client';
import { messages, questions, type ReplyFeedback, replies, replyFeedback } from './schema';

/** A customer's answer as the ticket page and staff show it under the reply it is about. */
export type FeedbackView = Pick<
  ReplyFeedback,
  'messageId' | 'answer' | 'comment' | 'answeredAt' | 'changedAt'
>;

const viewColumns = {
  messageId: replyFeedback.messageId,
  answer: replyFeedback.answer,
  comment: replyFeedback.comment,
  answeredAt: replyFeedback.answeredAt,
  changedAt: replyFeedback.changedAt,
};

/**
 * The bakery's message a customer may answer about: one of this conversation's sent replies that
 * the customer can already read (not held for undo), in a conversation not yet erased. Drafts are
 * no messages at all, so they never qualify.
 */
export async function findAnswerableReply({
  questionId,
  messageId,
  now,
}: {
  questionId: number;
  messageId: number;
  now: Date;
}): Promise<{ messageId: number; text: string; at: Date } | undefined> {
  const [found] = await (await getDb())
    .select({ messageId: messages.id, text: messages.text, at: messages.at })
    .from(messages)
    .innerJoin(replies, eq(replies.id, messages.replyId))
    .innerJoin(questions, eq(questions.id, messages.questionId))
    .where(
      and(
        eq(messages.id, messageId),
        eq(messages.questionId, questionId),
        eq(messages.author, 'bakery'),
        or(isNull(replies.heldUntil), lte(replies.heldUntil, now)),
        isNull(questions.erasedAt),
      ),
    )
    .limit(1);
  return found;
}

export type RecordFeedbackResult =
  | { ok: true; feedback: ReplyFeedback; changed: boolean }
  | { ok: false; reason: 'notFound' };

/**
 * Records the customer's answer under one reply, or changes the one they gave: one answer per
 * reply, first answered when `answeredAt` says, last changed when `changedAt` says. A reply of
 * another conversation, one still held, or no reply at all is refused and nothing is written.
 */
export async function recordReplyFeedback({
  questionId,
  messageId,
  answer,
  comment,
  now,
}: {
  questionId: number;
  messageId: number;
  answer: FeedbackAnswer;
  comment?: string | null;
  now: Date;
}): Promise<RecordFeedbackResult> {
  const reply = await findAnswerableReply({ questionId, messageId, now });
  if (!reply) return { ok: false, reason: 'notFound' };
  const values = { answer, comment: feedbackComment(comment), changedAt: now };
  const [feedback] = await (await getDb())
    .insert(replyFeedback)
    .values({ messageId, questionId, answeredAt: now, ...values })
    .onConflictDoUpdate({ target: replyFeedback.messageId, set: values })
    .returning();
  if (!feedback) throw new Error('The answer was not stored.');
  return { ok: true, feedback, changed: feedback.answeredAt.getTime() !== now.getTime() };
}

/** A conversation's answers, one per reply answered, in the order the replies were sent. */
export async function listConversationFeedback({
  questionId,
}: {
  questionId: number;
}): Promise<FeedbackView[]> {
  return (await getDb())
    .select(viewColumns)
    .from(replyFeedback)
    .where(eq(replyFeedback.questionId, questionId))
    .orderBy(asc(replyFeedback.messageId));
}

/** One answer as the dashboard lists it: which conversation and who sent the reply. */
export type FeedbackRow = FeedbackView & Pick<ReplyFeedback, 'questionId'> & { sentBy: number };

/**
 * The owner's dashboard: every answer first given in [from, to), oldest first, with its comment
 * and the person who sent the reply it is about.
 */
export async function listFeedbackInRange({
  from,
  to,
}: {
  from: Date;
  to: Date;
}): Promise<FeedbackRow[]> {
  return (await getDb())
    .select({ ...viewColumns, questionId: replyFeedback.questionId, sentBy: replies.sentBy })
    .from(replyFeedback)
    .innerJoin(messages, eq(messages.id, replyFeedback.messageId))
    .innerJoin(replies, eq(replies.id, messages.replyId))
    .where(and(gte(replyFeedback.answeredAt, from), lt(replyFeedback.answeredAt, to)))
    .orderBy(asc(replyFeedback.answeredAt), asc(replyFeedback.id));
}

/** The bakery's message a sent reply became: what an email's feedback links name. */
export async function messageOfReply({
  replyId,
}: {
  replyId: number;
}): Promise<number | undefined> {
  const [row] = await (await getDb())
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.replyId, replyId))
    .limit(1);
  return row?.id;
}

/**
 * The newest answer given or changed, for the inbox's change stamp: a conversation open in the
 * inbox shows its customer's answer as it comes, from this server or another.
 */
export async function feedbackChangeStamp(db: Db): Promise<string> {
  const [row] = await db
    .select({
      n: sql<number>`count(*)`,
      changed: sql<number | null>`max(${replyFeedback.changedAt})`,
    })
    .from(replyFeedback);
  return `${row?.n ?? 0}:${row?.changed ?? 0}`;
}
