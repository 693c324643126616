import 'server-only';
import { and, desc, ne, sql } from 'drizzle-orm';
import type { QuestionStatus } from '@/lib/domain';
import { engineOf, getDb } from './client';
import { questions } from './schema';

export type HistoryRow = {
  id: number;
  status: QuestionStatus;
  receivedAt: Date;
  lastMessageAt: Date;
  text: string;
};

/** A customer's conversations shown beside one; past this, the list says there are more. */
export const HISTORY_LIMIT = 20;

/**
 * The customer's other conversations, by the same email address (compared without case, as
 * mail does), newest first. Questions store no phone number, so a customer who left only a
 * phone has no history here. Returns one more than `limit` when there are more.
 */
export async function customerHistory({
  questionId,
  email,
  limit = HISTORY_LIMIT,
}: {
  questionId: number;
  email: string | null;
  limit?: number;
}): Promise<HistoryRow[]> {
  // A–Z folded alone, on both engines alike (SQLite's lower() folds only ASCII; PostgreSQL's
  // folds every alphabet), so the same conversations show whichever database the desk runs on.
  const address = email?.trim().replace(/[A-Z]/g, (c) => c.toLowerCase());
  if (!address) return [];
  const db = await getDb();
  const folded =
    engineOf(db) === 'sqlite'
      ? sql`lower(${questions.customerEmail})`
      : sql`translate(${questions.customerEmail}, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')`;
  return db
    .select({
      id: questions.id,
      status: questions.status,
      receivedAt: questions.receivedAt,
      lastMessageAt: questions.lastMessageAt,
      text: questions.text,
    })
    .from(questions)
    .where(and(sql`${folded} = ${address}`, ne(questions.id, questionId)))
    .orderBy(desc(questions.lastMessageAt), desc(questions.id))
    .limit(limit + 1);
}
