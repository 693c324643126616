import 'server-only';
import { and, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { AlertSummary } from '@/lib/alerts/new-arrivals';
import { getDb, snapshot } from './client';
import { messages, questionStatusCounts, questions } from './schema';

/** How many waiting questions a tab looks at for new arrivals: new ones are the newest. */
export const ALERT_WINDOW = 20;

/**
 * What every staff page's tab needs to keep its title, icon and alerts current: the count
 * needing review (from the kept per-status counts, one row), the newest customer message
 * anywhere, and the newest few questions needing review with their customer's newest message.
 */
export async function alertSummary(): Promise<AlertSummary> {
  const db = await getDb();
  return snapshot(db, async (tx) => {
    const [counted] = await tx
      .select({ count: questionStatusCounts.count })
      .from(questionStatusCounts)
      .where(eq(questionStatusCounts.status, 'drafted'));
    const [newest] = await tx
      .select({ id: max(messages.id) })
      .from(messages)
      .where(eq(messages.author, 'customer'));
    const rows = await tx
      .select({ questionId: questions.id, customerName: questions.customerName })
      .from(questions)
      .where(eq(questions.status, 'drafted'))
      .orderBy(desc(questions.lastMessageAt), desc(questions.id))
      .limit(ALERT_WINDOW);
    const ids = rows.map((row) => row.questionId);
    const latest = ids.length
      ? await tx
          .select({
            questionId: messages.questionId,
            messageId: messages.id,
            text: messages.text,
            // Qualified by hand: in a select list drizzle leaves columns unqualified, and inside
            // the subquery they would name the inner table's own.
            followUp: sql<number>`exists (select 1 from ${messages} earlier where earlier.question_id = messages.question_id and earlier.author = 'bakery' and earlier.id < messages.id)`,
          })
          .from(messages)
          .where(
            and(
              inArray(messages.questionId, ids),
              sql`${messages.id} = (select max(m.id) from ${messages} m where m.question_id = ${messages.questionId} and m.author = 'customer')`,
            ),
          )
      : [];
    const byQuestion = new Map(latest.map((row) => [row.questionId, row]));
    return {
      needsReview: counted?.count ?? 0,
      newestMessageId: newest?.id ?? 0,
      waiting: rows.flatMap((row) => {
        const message = byQuestion.get(row.questionId);
        return message
          ? [
              {
                questionId: row.questionId,
                messageId: message.messageId,
                customerName: row.customerName,
                followUp: Boolean(message.followUp),
                text: message.text.slice(0, 500),
              },
            ]
          : [];
      }),
    };
  });
}

/** The count alone, for the first paint of a page's title (one row of the kept counts). */
export async function needsReviewCount(): Promise<number> {
  const [row] = await (await getDb())
    .select({ count: questionStatusCounts.count })
    .from(questionStatusCounts)
    .where(eq(questionStatusCounts.status, 'drafted'));
  return row?.count ?? 0;
}
