import 'server-only';
import { eq, or } from 'drizzle-orm';
import { hashTicketToken, newTicketToken } from '@/lib/intake/ticket-token';
import type { Db } from './client';
import { questions, replacedTicketLinks, ticketTokens } from './schema';

/**
 * A conversation's ticket links. The first is `questions.ticket_token`; every reply emailed
 * adds one of its own (`ticket_tokens`), so no link a customer was given stops working until
 * staff make a new one on purpose. Only hashes are stored.
 */

/** Which conversation a ticket link opens, whichever of its links it is. */
export function ticketQuestionWhere(db: Db, token: string) {
  const hash = hashTicketToken(token);
  const extra = db
    .select({ id: ticketTokens.questionId })
    .from(ticketTokens)
    .where(eq(ticketTokens.hash, hash));
  return or(eq(questions.ticketHash, hash), eq(questions.id, extra));
}

/** Mints one more link to a conversation, inside the caller's transaction; the token, once. */
export async function addTicketToken(
  db: Db,
  { questionId, now }: { questionId: number; now: Date },
): Promise<string> {
  const token = newTicketToken();
  await db
    .insert(ticketTokens)
    .values({ questionId, hash: hashTicketToken(token), createdAt: now });
  return token;
}

/**
 * Every link of a conversation but its new first one stops working (staff made a new one to
 * replace them all): the first link's old hash and every extra link's are kept as replaced, so
 * their page can say so, inside the caller's transaction.
 */
export async function revokeTicketTokens(
  db: Db,
  { questionId, oldHash, now }: { questionId: number; oldHash: string; now: Date },
): Promise<void> {
  const extra = await db
    .delete(ticketTokens)
    .where(eq(ticketTokens.questionId, questionId))
    .returning({ hash: ticketTokens.hash });
  const hashes = [oldHash, ...extra.map((row) => row.hash)];
  await db
    .insert(replacedTicketLinks)
    .values(hashes.map((hash) => ({ questionId, hash, replacedAt: now })))
    .onConflictDoNothing();
}

/** Whether a ticket link is one staff replaced with a newer one (it opens nothing now). */
export async function isReplacedTicketLink(db: Db, token: string): Promise<boolean> {
  const [found] = await db
    .select({ id: replacedTicketLinks.id })
    .from(replacedTicketLinks)
    .where(eq(replacedTicketLinks.hash, hashTicketToken(token)))
    .limit(1);
  return found !== undefined;
}
