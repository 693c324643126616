import 'server-only';
import { desc, eq, sql } from 'drizzle-orm';
import { measureEdit } from '@/lib/inbox/edit-distance';
import { holdUntil } from '@/lib/inbox/undo-send';
import { writeAudit } from './audit';
import { getDb, immediate } from './client';
import { insertMessage } from './conversations';
import { type MailOut, queueReplyEmail } from './outbox';
import { unclaimed } from './queue';
import { agentRuns, questions, type Reply, replies, users } from './schema';

/** The newest reply sent in a conversation. */
export async function getReplyForQuestion({
  questionId,
}: {
  questionId: number;
}): Promise<Reply | undefined> {
  const [reply] = await (await getDb())
    .select()
    .from(replies)
    .where(eq(replies.questionId, questionId))
    .orderBy(desc(replies.sentAt), desc(replies.id))
    .limit(1);
  return reply;
}

export type SendResult =
  | { ok: true; reply: Reply; emailedTo: string | null }
  | { ok: false; reason: 'alreadySent'; sentBy: string; sentAt: Date; text: string }
  | { ok: false; reason: 'changed'; version: number }
  | { ok: false; reason: 'discarded' | 'notFound' };

/**
 * The one door to the customer: a person sends the final text answering the conversation's
 * newest message.
 *
 * In one BEGIN IMMEDIATE transaction it checks the conversation still waits for an answer,
 * inserts the reply and its message in the thread, marks the conversation sent and bumps its
 * version. A double click or a colleague sending at the same moment waits for the write lock,
 * then finds it sent and is told who sent it and when.
 *
 * The sender confirmed the question as it was at `version`: if anything changed it since (a
 * colleague's edit, a new draft), nothing is sent and they are asked to look again. The edit
 * distance from the draft is measured before the write lock is taken (it is the slow part, on
 * long texts); the version check makes sure it was measured against the draft still current.
 */
export async function sendReply(input: {
  questionId: number;
  text: string;
  version: number;
  userId: number;
  now: Date;
  /** Set when replies also go out by email (SMTP_URL): the email is queued with the reply. */
  mail?: MailOut | null;
  /**
   * Seconds the reply is held so its sender can undo it (the send action passes the bakery's
   * `undoSendSeconds`): until then nothing of it is on the ticket page and its email waits.
   * Absent or 0: released at once.
   */
  holdSeconds?: number;
}): Promise<SendResult> {
  const db = await getDb();
  const draftOf = async (runId: number | null) => {
    if (runId === null) return undefined;
    const [run] = await db
      .select({ id: agentRuns.id, draftText: agentRuns.draftText })
      .from(agentRuns)
      .where(eq(agentRuns.id, runId))
      .limit(1);
    return run;
  };
  const measure = async (runId: number | null) => {
    const run = await draftOf(runId);
    return {
      runId: run?.id ?? null,
      ...measureEdit({ draft: run?.draftText ?? null, sent: input.text }),
    };
  };
  const [seen] = await db
    .select({ version: questions.version, draftRunId: questions.draftRunId })
    .from(questions)
    .where(eq(questions.id, input.questionId))
    .limit(1);
  const measured = seen
    ? { version: seen.version, ...(await measure(seen.draftRunId)) }
    : undefined;

  const alreadySent = async (): Promise<SendResult> => {
    const [found] = await db
      .select({ reply: replies, name: users.name })
      .from(replies)
      .innerJoin(users, eq(users.id, replies.sentBy))
      .where(eq(replies.questionId, input.questionId))
      .orderBy(desc(replies.sentAt), desc(replies.id))
      .limit(1);
    if (!found) return { ok: false, reason: 'notFound' };
    return {
      ok: false,
      reason: 'alreadySent',
      sentBy: found.name,
      sentAt: found.reply.sentAt,
      text: found.reply.text,
    };
  };
  return immediate(db, async (): Promise<SendResult> => {
    const [question] = await db
      .select()
      .from(questions)
      .where(eq(questions.id, input.questionId))
      .limit(1);
    if (!question) return { ok: false, reason: 'notFound' };
    if (question.status === 'sent') return alreadySent();
    if (question.status === 'discarded') return { ok: false, reason: 'discarded' };
    if (question.version !== input.version) {
      return { ok: false, reason: 'changed', version: question.version };
    }
    // Every change of draft bumps the version, so unless it moved since the measurement
    // above, that measurement is of the current draft.
    const { runId, edited, editDistance } =
      measured?.version === question.version ? measured : await measure(question.draftRunId);
    const heldUntil = holdUntil(input.now, input.holdSeconds);
    const [reply] = await db
      .insert(replies)
      .values({
        questionId: question.id,
        text: input.text,
        sentBy: input.userId,
        sentAt: input.now,
        runId,
        edited,
        editDistance,
        heldUntil,
      })
      .returning();
    if (!reply) throw new Error('The reply could not be stored.');
    // A held reply records where its question stood, so an undo puts it back there.
    if (heldUntil) {
      await writeAudit(db, {
        userId: input.userId,
        at: input.now,
        action: 'reply.hold',
        entity: 'reply',
        entityId: String(reply.id),
        before: { questionId: question.id, status: question.status },
        after: { heldUntil: heldUntil.toISOString() },
      });
    }
    // With mail configured and an address to write to, the email is queued in this same
    // transaction: a reply is never sent without its email, nor an email without its reply.
    const email = input.mail
      ? await queueReplyEmail(db, {
          question,
          replyId: reply.id,
          mail: input.mail,
          now: input.now,
          notBefore: heldUntil,
        })
      : undefined;
    // The reply joins the conversation as the bakery's message, read on the ticket page (and,
    // emailed, under the Message-ID the customer's reply will name).
    await insertMessage(db, {
      questionId: question.id,
      author: 'bakery',
      channel: email ? 'email' : 'web',
      text: input.text,
      replyId: reply.id,
      at: input.now,
      ...(email
        ? {
            emailMessageId: email.emailMessageId,
            emailSubject: email.subject,
            emailFrom: input.mail?.from,
            emailReferences: email.references,
          }
        : {}),
    });
    // Sending while a draft is being written ends it: the worker's lease is gone, so its
    // result is dropped rather than reopening the question.
    await db
      .update(questions)
      .set({
        status: 'sent',
        ...unclaimed,
        updatedAt: input.now,
        version: sql`${questions.version} + 1`,
      })
      .where(eq(questions.id, question.id));
    return { ok: true, reply, emailedTo: email?.to ?? null };
  });
}
