import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { hashTicketToken, newTicketToken } from '@/lib/intake/ticket-token';
import { type Db, getDb, immediate } from './client';
import { insertMessage } from './conversations';
import { prepared } from './prepared';
import { type Channel, type Question, questions } from './schema';
import { isReplacedTicketLink, revokeTicketTokens, ticketQuestionWhere } from './ticket-tokens';

export type NewQuestion = {
  text: string;
  customerName: string;
  customerEmail: string | null;
  channel: Channel;
  externalId?: string | null;
  now?: Date;
};

export type StoredQuestion =
  | { question: Question; created: true; ticketToken: string }
  | { question: Question; created: false };

/**
 * Opens a conversation with the customer's first message, queued for a draft, and returns its
 * ticket token, the only time it exists in the clear: only its hash is kept. With an externalId
 * the call is idempotent per channel: an id that already opened a conversation returns that
 * conversation, creates nothing, and (having no token to give) no link. A follow-up's id in some
 * conversation does not name it: message ids are unique within their thread only.
 */
export async function createQuestion(input: NewQuestion): Promise<StoredQuestion> {
  const db = await getDb();
  const now = input.now ?? new Date();
  const ticketToken = newTicketToken();
  return immediate(db, async (): Promise<StoredQuestion> => {
    const earlier = await openedBy(db, input.channel, input.externalId);
    if (earlier) return { question: earlier, created: false };
    const inserted = await insertQuestionStatement(db).get({
      text: input.text,
      customerName: input.customerName,
      customerEmail: input.customerEmail,
      channel: input.channel,
      externalId: input.externalId ?? null,
      ticketHash: hashTicketToken(ticketToken),
      receivedAt: now,
    });
    if (inserted) {
      await insertMessage(db, {
        questionId: inserted.id,
        author: 'customer',
        channel: input.channel,
        text: input.text,
        externalId: input.externalId ?? null,
        at: now,
      });
      return { question: inserted, created: true, ticketToken };
    }
    throw new Error('The question could not be stored.');
  });
}

/** The conversation a channel opened with this id, if any. */
async function openedBy(
  db: Db,
  channel: Channel,
  externalId: string | null | undefined,
): Promise<Question | undefined> {
  if (externalId == null) return undefined;
  return prepared(db, 'questions.byExternalId', (d) =>
    d
      .select()
      .from(questions)
      .where(
        and(
          eq(questions.channel, sql.placeholder('channel')),
          eq(questions.externalId, sql.placeholder('externalId')),
        ),
      )
      .prepare(),
  ).get({ channel, externalId });
}

/** Intake's insert, prepared once: a conversation arrives queued, its first message its newest. */
const insertQuestionStatement = (db: Db) =>
  prepared(db, 'questions.insert', (d) =>
    d
      .insert(questions)
      .values({
        text: sql.placeholder('text'),
        customerName: sql.placeholder('customerName'),
        customerEmail: sql.placeholder('customerEmail'),
        channel: sql.placeholder('channel'),
        externalId: sql.placeholder('externalId'),
        ticketHash: sql.placeholder('ticketHash'),
        status: 'queued',
        receivedAt: sql.placeholder('receivedAt'),
        lastMessageAt: sql.placeholder('receivedAt'),
        updatedAt: sql.placeholder('receivedAt'),
      })
      .onConflictDoNothing()
      .returning()
      .prepare(),
  );

/** The conversation a ticket link opens: its first link, or one a reply's email carried. */
export async function getQuestionByTicket({
  token,
}: {
  token: string;
}): Promise<Question | undefined> {
  const db = await getDb();
  const [question] = await db
    .select()
    .from(questions)
    .where(ticketQuestionWhere(db, token))
    .limit(1);
  return question;
}

/**
 * Whether a ticket link that opens nothing is one staff replaced with a newer link, so its page
 * can say so rather than that it never existed.
 */
export async function isReplacedTicket({ token }: { token: string }): Promise<boolean> {
  return isReplacedTicketLink(await getDb(), token);
}

export async function getQuestion({ id }: { id: number }): Promise<Question | undefined> {
  const [question] = await (await getDb())
    .select()
    .from(questions)
    .where(eq(questions.id, id))
    .limit(1);
  return question;
}

/**
 * Gives a question a new ticket token, for staff to pass on (to a customer who wrote by email,
 * say): the desk cannot show the old one, having kept only its hash. Every old link stops
 * working, the ones emailed replies carried too.
 */
export async function replaceTicketToken({
  id,
  now = new Date(),
}: {
  id: number;
  now?: Date;
}): Promise<{ ok: true; ticketToken: string } | { ok: false }> {
  const ticketToken = newTicketToken();
  const db = await getDb();
  return immediate(db, async (): Promise<{ ok: true; ticketToken: string } | { ok: false }> => {
    const [current] = await db
      .select({ ticketHash: questions.ticketHash })
      .from(questions)
      .where(eq(questions.id, id));
    if (!current) return { ok: false };
    await db
      .update(questions)
      .set({ ticketHash: hashTicketToken(ticketToken) })
      .where(eq(questions.id, id));
    await revokeTicketTokens(db, { questionId: id, oldHash: current.ticketHash, now });
    return { ok: true, ticketToken };
  });
}
