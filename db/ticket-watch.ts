import 'server-only';
import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { getDb } from './client';
import { messages, replies } from './schema';

export type TicketMark = {
  /** The newest message the ticket page shows now (0 before any): a new one means it changed. */
  newestShownId: number;
  /** When the earliest reply still held for undo is released onto the page, if one is. */
  nextReleaseAt: Date | null;
};

/**
 * What the live ticket pages compare, for each watched conversation: the newest message the page
 * shows (replies held for undo left out, as `listThreadForCustomer` leaves them out) and when a
 * held one will appear, since its release writes nothing a change check could see.
 */
export async function ticketMarks({
  questionIds,
  now,
}: {
  questionIds: readonly number[];
  now: Date;
}): Promise<Map<number, TicketMark>> {
  const marks = new Map<number, TicketMark>();
  if (questionIds.length === 0) return marks;
  for (const id of questionIds) marks.set(id, { newestShownId: 0, nextReleaseAt: null });
  const db = await getDb();
  const ids = [...questionIds];
  const shown = await db
    .select({ questionId: messages.questionId, newest: sql<number>`max(${messages.id})` })
    .from(messages)
    .leftJoin(replies, eq(replies.id, messages.replyId))
    .where(
      and(
        inArray(messages.questionId, ids),
        or(isNull(replies.heldUntil), lte(replies.heldUntil, now)),
      ),
    )
    .groupBy(messages.questionId);
  for (const row of shown) {
    const mark = marks.get(row.questionId);
    if (mark) mark.newestShownId = Number(row.newest);
  }
  const held = await db
    .select({ questionId: replies.questionId, heldUntil: replies.heldUntil })
    .from(replies)
    .where(and(inArray(replies.questionId, ids), gt(replies.heldUntil, now)));
  for (const row of held) {
    const mark = marks.get(row.questionId);
    if (!mark || !row.heldUntil) continue;
    if (!mark.nextReleaseAt || row.heldUntil < mark.nextReleaseAt)
      mark.nextReleaseAt = row.heldUntil;
  }
  return marks;
}
