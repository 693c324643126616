import 'server-only';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { QuestionStatus } from '@/lib/domain';
import { isHeld, statusAfterUndo } from '@/lib/inbox/undo-send';
import { hashTicketToken } from '@/lib/intake/ticket-token';
import { writeAudit } from './audit';
import { getDb, immediate } from './client';
import { auditLog, bakery, emailOutbox, questions, replies, ticketTokens } from './schema';

/**
 * Undo send: the bakery's hold length (Settings) and taking a held reply back. A held reply is
 * written like any other (`sendReply` with `holdSeconds`); its ticket page and its email look at
 * `heldUntil`, so its release needs no write of its own.
 */

/** Seconds a sent reply is held for undo; 0 sends at once. */
export async function getUndoSendSeconds(): Promise<number> {
  const [row] = await (await getDb())
    .select({ seconds: bakery.undoSendSeconds })
    .from(bakery)
    .limit(1);
  return row?.seconds ?? 0;
}

/** The owner's choice of hold, audited in the same transaction. */
export async function setUndoSendSeconds(input: {
  seconds: number;
  by: number | null;
  now: Date;
}): Promise<{ changed: boolean }> {
  const db = await getDb();
  return immediate(db, async () => {
    const [row] = await db.select({ seconds: bakery.undoSendSeconds }).from(bakery).limit(1);
    if (!row) throw new Error('The bakery has not been set up: the database has no bakery row.');
    if (row.seconds === input.seconds) return { changed: false };
    await db.update(bakery).set({ undoSendSeconds: input.seconds }).where(eq(bakery.id, 1));
    await writeAudit(db, {
      userId: input.by,
      at: input.now,
      action: 'settings.undoSend',
      entity: 'bakery',
      entityId: '1',
      before: { undoSendSeconds: row.seconds },
      after: { undoSendSeconds: input.seconds },
    });
    return { changed: true };
  });
}

export type UndoResult =
  | { ok: true; questionId: number; text: string; version: number }
  | { ok: false; reason: 'released' | 'notYours' | 'notFound'; questionId?: number };

/**
 * Takes back a reply still held: in one transaction the reply goes with its message, its queued
 * email and the ticket link minted for that email; its text goes back into the question's editor
 * and the question back to where it stood before the send. Once the hold is over (or by anyone
 * but its sender) nothing changes.
 */
export async function undoHeldReply(input: {
  replyId: number;
  userId: number;
  now: Date;
}): Promise<UndoResult> {
  const db = await getDb();
  return immediate(db, async (): Promise<UndoResult> => {
    const [reply] = await db.select().from(replies).where(eq(replies.id, input.replyId)).limit(1);
    if (!reply) return { ok: false, reason: 'notFound' };
    if (reply.sentBy !== input.userId) {
      return { ok: false, reason: 'notYours', questionId: reply.questionId };
    }
    if (!isHeld(reply.heldUntil, input.now)) {
      return { ok: false, reason: 'released', questionId: reply.questionId };
    }
    const [question] = await db
      .select()
      .from(questions)
      .where(eq(questions.id, reply.questionId))
      .limit(1);
    if (!question) return { ok: false, reason: 'notFound' };

    const [held] = await db
      .select({ before: auditLog.before })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'reply.hold'),
          eq(auditLog.entity, 'reply'),
          eq(auditLog.entityId, String(reply.id)),
        ),
      )
      .orderBy(desc(auditLog.id))
      .limit(1);
    const before = held?.before ? (JSON.parse(held.before) as { status?: QuestionStatus }) : {};

    // The email never left (the worker claims nothing before the release): its row goes, and
    // the ticket link it would have carried stops existing with it.
    const emails = await db
      .select({ ticketToken: emailOutbox.ticketToken })
      .from(emailOutbox)
      .where(eq(emailOutbox.replyId, reply.id));
    for (const email of emails) {
      if (email.ticketToken) {
        await db
          .delete(ticketTokens)
          .where(eq(ticketTokens.hash, hashTicketToken(email.ticketToken)));
      }
    }
    // Its message and email rows go with it (both cascade from the reply).
    await db.delete(replies).where(eq(replies.id, reply.id));

    // A customer's follow-up during the hold already reopened the question; it stays so.
    const reopen = question.status === 'sent';
    const [restored] = await db
      .update(questions)
      .set({
        ...(reopen ? { status: statusAfterUndo(before.status) } : {}),
        draftText: reply.text,
        updatedAt: input.now,
        version: sql`${questions.version} + 1`,
      })
      .where(eq(questions.id, question.id))
      .returning({ version: questions.version });
    await writeAudit(db, {
      userId: input.userId,
      at: input.now,
      action: 'reply.undo',
      entity: 'question',
      entityId: String(question.id),
      before: { status: question.status, replyId: reply.id },
      after: { status: reopen ? statusAfterUndo(before.status) : question.status },
    });
    return {
      ok: true,
      questionId: question.id,
      text: reply.text,
      version: restored?.version ?? question.version + 1,
    };
  });
}

/** The sender's replies still held at `now` (the Undo bar finds them again after a reload). */
export async function listHeldReplies(input: {
  userId: number;
  now: Date;
}): Promise<{ replyId: number; questionId: number; heldUntil: Date }[]> {
  const rows = await (await getDb())
    .select({ replyId: replies.id, questionId: replies.questionId, heldUntil: replies.heldUntil })
    .from(replies)
    .where(and(eq(replies.sentBy, input.userId), gt(replies.heldUntil, input.now)))
    .orderBy(desc(replies.id))
    .limit(20);
  return rows.flatMap((row) =>
    row.heldUntil
      ? [{ replyId: row.replyId, questionId: row.questionId, heldUntil: row.heldUntil }]
      : [],
  );
}
