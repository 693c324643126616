import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { measureEdit } from '@/lib/inbox/edit-distance';
import { getDb, immediate } from './client';
import { agentRuns, questions, type Reply, replies, users } from './schema';

export function getReplyForQuestion({ questionId }: { questionId: number }): Reply | undefined {
  return getDb().select().from(replies).where(eq(replies.questionId, questionId)).get();
}

export type SendResult =
  | { ok: true; reply: Reply }
  | { ok: false; reason: 'alreadySent'; sentBy: string; sentAt: Date; text: string }
  | { ok: false; reason: 'discarded' | 'notFound' };

/**
 * The one door to the customer: a person sends the final text of a question's answer.
 *
 * In one BEGIN IMMEDIATE transaction it checks the question is still open, inserts the reply
 * (unique per question), marks the question sent and bumps its version. A double click or a
 * colleague sending at the same moment waits for the write lock, then finds the reply already
 * there and is told who sent it and when; the unique index backs this up should anything
 * slip past the check.
 */
export function sendReply(input: {
  questionId: number;
  text: string;
  userId: number;
  now: Date;
}): SendResult {
  const db = getDb();
  const alreadySent = (): SendResult => {
    const found = db
      .select({ reply: replies, name: users.name })
      .from(replies)
      .innerJoin(users, eq(users.id, replies.sentBy))
      .where(eq(replies.questionId, input.questionId))
      .get();
    if (!found) return { ok: false, reason: 'notFound' };
    return {
      ok: false,
      reason: 'alreadySent',
      sentBy: found.name,
      sentAt: found.reply.sentAt,
      text: found.reply.text,
    };
  };
  try {
    return immediate(db, (): SendResult => {
      const question = db.select().from(questions).where(eq(questions.id, input.questionId)).get();
      if (!question) return { ok: false, reason: 'notFound' };
      if (question.status === 'sent') return alreadySent();
      if (question.status === 'discarded') return { ok: false, reason: 'discarded' };
      const run =
        question.draftRunId === null
          ? undefined
          : db
              .select({ id: agentRuns.id, draftText: agentRuns.draftText })
              .from(agentRuns)
              .where(eq(agentRuns.id, question.draftRunId))
              .get();
      const reply = db
        .insert(replies)
        .values({
          questionId: question.id,
          text: input.text,
          sentBy: input.userId,
          sentAt: input.now,
          runId: run?.id ?? null,
          ...measureEdit({ draft: run?.draftText ?? null, sent: input.text }),
        })
        .returning()
        .get();
      // Sending while a draft is being written ends it: the worker's lease is gone, so its
      // result is dropped rather than reopening the question.
      db.update(questions)
        .set({
          status: 'sent',
          leaseOwner: null,
          leaseToken: null,
          leaseExpiresAt: null,
          notBefore: null,
          updatedAt: input.now,
          version: sql`${questions.version} + 1`,
        })
        .where(eq(questions.id, question.id))
        .run();
      return { ok: true, reply };
    });
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code.startsWith('SQLITE_CONSTRAINT')) return alreadySent();
    throw error;
  }
}
