import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { getDb, immediate } from './client';
import { unclaimed } from './queue';
import { type Question, questions } from './schema';

/** A person's changes to an open question: saving their edit of the draft, discarding it. */

export type SaveDraftResult =
  | { ok: true; question: Question }
  | { ok: false; reason: 'stale' | 'notEditable' | 'notFound'; question?: Question };

/**
 * Saves staff's edit of the draft, only over the version they started from: if anyone else
 * (a colleague's save, a new draft, a send) changed the question since, nothing is written.
 * Only a drafted or failed question can be edited: one being drafted is about to get new text.
 */
export async function saveDraftEdit(input: {
  id: number;
  version: number;
  text: string;
  now: Date;
}): Promise<SaveDraftResult> {
  const db = await getDb();
  return immediate(db, async (): Promise<SaveDraftResult> => {
    const [question] = await db.select().from(questions).where(eq(questions.id, input.id)).limit(1);
    if (!question) return { ok: false, reason: 'notFound' };
    if (question.version !== input.version) return { ok: false, reason: 'stale', question };
    if (question.status !== 'drafted' && question.status !== 'failed') {
      return { ok: false, reason: 'notEditable', question };
    }
    const [saved] = await db
      .update(questions)
      .set({
        draftText: input.text,
        updatedAt: input.now,
        version: sql`${questions.version} + 1`,
      })
      .where(and(eq(questions.id, input.id), eq(questions.version, input.version)))
      .returning();
    if (!saved) return { ok: false, reason: 'stale', question };
    return { ok: true, question: saved };
  });
}

export type DiscardResult =
  | { ok: true; question: Question }
  | { ok: false; reason: 'closed' | 'notFound'; question?: Question };

/** Closes a question without a reply (spam, a duplicate, answered by phone), with the reason. */
export async function discardQuestion(input: {
  id: number;
  reason: string;
  now: Date;
}): Promise<DiscardResult> {
  const db = await getDb();
  return immediate(db, async (): Promise<DiscardResult> => {
    const [question] = await db.select().from(questions).where(eq(questions.id, input.id)).limit(1);
    if (!question) return { ok: false, reason: 'notFound' };
    const [discarded] = await db
      .update(questions)
      .set({
        status: 'discarded',
        discardReason: input.reason,
        ...unclaimed,
        updatedAt: input.now,
        version: sql`${questions.version} + 1`,
      })
      .where(
        and(
          eq(questions.id, input.id),
          inArray(questions.status, ['queued', 'drafting', 'drafted', 'failed']),
        ),
      )
      .returning();
    if (!discarded) return { ok: false, reason: 'closed', question };
    return { ok: true, question: discarded };
  });
}
