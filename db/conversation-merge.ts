import 'server-only';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { writeAudit } from './audit';
import { getDb, immediate } from './client';
import { unclaimed } from './queue';
import { inboundEmails, messages, type Question, questions, replies } from './schema';

/** Whose address replies go to after a merge: the conversation's own customer's, or the other. */
export type MergeReplyTo = 'kept' | 'other';

export type MergeResult =
  | { ok: true; source: Question; target: Question; repliesTo: string | null }
  | {
      ok: false;
      reason:
        | 'notFound'
        | 'changed'
        | 'notMentioned'
        | 'alreadyMerged'
        | 'targetMerged'
        | 'answered'
        | 'sameMessage';
    };

/**
 * Staff merge a conversation that mentioned another from another address into that one, by
 * hand, in one BEGIN IMMEDIATE transaction at the versions they saw: its messages and emails
 * move into the mentioned conversation (which goes back in the queue for a draft that reads
 * them), it is closed as merged, and the merge is audited. `replyTo: 'other'` makes the merged
 * conversation's sender the address replies go to from now on, audited too: the desk never
 * changes that address by itself.
 *
 * Only a conversation no reply was sent in is merged: a sent reply belongs to the thread it
 * answered, with its email and ticket link.
 */
export async function mergeConversation(input: {
  sourceId: number;
  sourceVersion: number;
  targetId: number;
  targetVersion: number;
  replyTo: MergeReplyTo;
  userId: number;
  now: Date;
}): Promise<MergeResult> {
  const db = await getDb();
  return immediate(db, async (tx): Promise<MergeResult> => {
    const read = async (id: number) =>
      (await tx.select().from(questions).where(eq(questions.id, id)).limit(1))[0];
    const source = await read(input.sourceId);
    const target = await read(input.targetId);
    if (!source || !target || source.erasedAt !== null || target.erasedAt !== null) {
      return { ok: false, reason: 'notFound' };
    }
    if (source.mergedIntoId !== null) return { ok: false, reason: 'alreadyMerged' };
    if (source.mentionsQuestionId !== target.id || source.id === target.id) {
      return { ok: false, reason: 'notMentioned' };
    }
    if (target.mergedIntoId !== null) return { ok: false, reason: 'targetMerged' };
    if (source.version !== input.sourceVersion || target.version !== input.targetVersion) {
      return { ok: false, reason: 'changed' };
    }
    const [answered] = await tx
      .select({ id: replies.id })
      .from(replies)
      .where(eq(replies.questionId, source.id))
      .limit(1);
    if (answered) return { ok: false, reason: 'answered' };
    // A message's id from its sender is unique within its thread: the same one on both sides
    // would be the same message twice.
    const [clash] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          eq(messages.questionId, source.id),
          isNotNull(messages.externalId),
          sql`exists (select 1 from ${messages} m where m.question_id = ${target.id} and m.channel = ${messages.channel} and m.external_id = ${messages.externalId})`,
        ),
      )
      .limit(1);
    if (clash) return { ok: false, reason: 'sameMessage' };

    const moved = await tx
      .update(messages)
      .set({ questionId: target.id })
      .where(eq(messages.questionId, source.id))
      .returning({ id: messages.id, author: messages.author, at: messages.at });
    await tx
      .update(inboundEmails)
      .set({ questionId: target.id })
      .where(eq(inboundEmails.questionId, source.id));
    const reason = `Merged into conversation #${target.id}`;
    const [closed] = await tx
      .update(questions)
      .set({
        status: 'discarded',
        discardReason: reason,
        mergedIntoId: target.id,
        ...unclaimed,
        updatedAt: input.now,
        version: sql`${questions.version} + 1`,
      })
      .where(eq(questions.id, source.id))
      .returning();
    if (!closed) throw new Error('The conversation could not be closed.');

    const customerAt = moved
      .filter((message) => message.author === 'customer')
      .map((message) => message.at.getTime());
    // A customer's message joined: the target waits for a draft that reads it, as when the
    // customer writes again (a sent answer's draft is spent; an open draft is stale).
    const requeue = customerAt.length > 0;
    const spent = target.status === 'sent' || target.status === 'discarded';
    const repliesTo = input.replyTo === 'other' ? source.customerEmail : target.customerEmail;
    const [merged] = await tx
      .update(questions)
      .set({
        ...(requeue
          ? {
              status: 'queued' as const,
              ...unclaimed,
              attempts: 0,
              lastError: null,
              ...(spent ? { draftText: null, draftRunId: null } : {}),
              lastMessageAt: new Date(Math.max(target.lastMessageAt.getTime(), ...customerAt)),
            }
          : {}),
        customerEmail: repliesTo,
        updatedAt: input.now,
        version: sql`${questions.version} + 1`,
      })
      .where(eq(questions.id, target.id))
      .returning();
    if (!merged) throw new Error('The conversation could not be updated.');

    await writeAudit(tx, {
      userId: input.userId,
      at: input.now,
      action: 'conversation.merge',
      entity: 'question',
      entityId: String(source.id),
      // No addresses: the audit log outlives the retention period that erases them.
      before: { conversation: source.id, status: source.status },
      after: { mergedInto: target.id, messagesMoved: moved.length, repliesTo: input.replyTo },
    });
    if (repliesTo !== target.customerEmail) {
      await writeAudit(tx, {
        userId: input.userId,
        at: input.now,
        action: 'conversation.replyAddress',
        entity: 'question',
        entityId: String(target.id),
        before: { repliesTo: `the customer of conversation #${target.id}` },
        after: { repliesTo: `the sender of conversation #${source.id}` },
      });
    }
    return { ok: true, source: closed, target: merged, repliesTo };
  });
}
