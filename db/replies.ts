import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from './client';
import { type Reply, replies } from './schema';

export function getReplyForQuestion({ questionId }: { questionId: number }): Reply | undefined {
  return getDb().select().from(replies).where(eq(replies.questionId, questionId)).get();
}
