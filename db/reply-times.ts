import 'server-only';
import { and, desc, eq, gte, ne, sql } from 'drizzle-orm';
import type { FirstReply } from '@/lib/expectations/waiting-line';
import { getDb } from './client';
import { questions, replies } from './schema';

/** Enough for a median over a month of a busy counter; older answers add nothing. */
const NEWEST_ANSWERED = 500;

/**
 * Customers' questions received since `since` that have a reply: when each arrived and when
 * its first reply was sent, newest first. The example questions a desk starts with are no
 * customer's, so they never shape the wait a customer is told.
 */
export async function listFirstRepliesSince({ since }: { since: Date }): Promise<FirstReply[]> {
  const db = await getDb();
  const rows = await db
    .select({
      receivedAt: questions.receivedAt,
      // Timestamps are whole milliseconds on both engines; PostgreSQL's bigint arrives as text.
      firstReplyMs: sql<number>`min(${replies.sentAt})`.mapWith(Number),
    })
    .from(questions)
    .innerJoin(replies, eq(replies.questionId, questions.id))
    .where(and(gte(questions.receivedAt, since), ne(questions.channel, 'sample')))
    .groupBy(questions.id, questions.receivedAt)
    .orderBy(desc(questions.receivedAt))
    .limit(NEWEST_ANSWERED);
  return rows.map((row) => ({
    receivedAt: row.receivedAt,
    firstReplyAt: new Date(row.firstReplyMs),
  }));
}
