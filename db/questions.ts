import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from './client';
import { type Channel, type Question, questions } from './schema';
import { newTicketToken } from './seed';

export type NewQuestion = {
  text: string;
  customerName: string;
  customerEmail: string | null;
  channel: Channel;
  externalId?: string | null;
  now?: Date;
};

/**
 * Stores a question in the queue. With an externalId the insert is idempotent per channel:
 * the same id again returns the question already stored and creates nothing.
 */
export function createQuestion(input: NewQuestion): { question: Question; created: boolean } {
  const db = getDb();
  const now = input.now ?? new Date();
  const inserted = db
    .insert(questions)
    .values({
      text: input.text,
      customerName: input.customerName,
      customerEmail: input.customerEmail,
      channel: input.channel,
      externalId: input.externalId ?? null,
      ticketToken: newTicketToken(),
      status: 'queued',
      receivedAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning()
    .get();
  if (inserted) return { question: inserted, created: true };
  const existing =
    input.externalId != null
      ? db
          .select()
          .from(questions)
          .where(
            and(eq(questions.channel, input.channel), eq(questions.externalId, input.externalId)),
          )
          .get()
      : undefined;
  if (!existing) throw new Error('The question could not be stored.');
  return { question: existing, created: false };
}

export function getQuestionByTicket({ token }: { token: string }): Question | undefined {
  return getDb().select().from(questions).where(eq(questions.ticketToken, token)).get();
}

export function getQuestion({ id }: { id: number }): Question | undefined {
  return getDb().select().from(questions).where(eq(questions.id, id)).get();
}
