import 'server-only';
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { type Db, getDb, immediate } from './client';
import { prepared } from './prepared';
import { unclaimed } from './queue';
import {
  bakery,
  type Channel,
  type Message,
  type MessageAuthor,
  messages,
  type NewMessage,
  type Question,
  questions,
  replies,
  users,
} from './schema';
import { ticketQuestionWhere } from './ticket-tokens';

/**
 * A ticket is a conversation: the customer's messages and the bakery's sent replies, in order.
 * Messages are only ever appended; the conversation's state follows the newest one.
 */

/** Which conversation a message continues: the ticket's token, or its first message's externalId. */
export type ThreadKey = { token: string } | { externalId: string; channel: Channel };

async function findConversation(db: Db, key: ThreadKey): Promise<Question | undefined> {
  const where =
    'token' in key
      ? ticketQuestionWhere(db, key.token)
      : and(eq(questions.channel, key.channel), eq(questions.externalId, key.externalId));
  const [conversation] = await db.select().from(questions).where(where).limit(1);
  return conversation;
}

/**
 * The message a channel already sent under this id in this conversation, if any. An id is the
 * sender's own numbering, unique within its thread only: the same id in another customer's
 * conversation is another message.
 */
export async function messageByExternalId(
  db: Db,
  {
    questionId,
    channel,
    externalId,
  }: { questionId: number; channel: Channel; externalId: string | null | undefined },
): Promise<Message | undefined> {
  if (externalId == null) return undefined;
  return prepared(db, 'messages.byExternalIdInThread', (d) =>
    d
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.questionId, sql.placeholder('questionId')),
          eq(messages.channel, sql.placeholder('channel')),
          eq(messages.externalId, sql.placeholder('externalId')),
        ),
      )
      .prepare(),
  ).get({ questionId, channel, externalId });
}

export type AddedMessage =
  | { ok: true; created: boolean; question: Question; message: Message }
  | { ok: false; reason: 'notFound' };

/**
 * Appends a customer's message to their conversation and puts it back in the drafting queue:
 * whatever state it was in (drafted, sent, even discarded), the newest message now needs an
 * answer. A draft being written from the older messages loses its lease, so its result is
 * dropped rather than stored over the newer message. With an externalId the call is idempotent
 * within the conversation: the same id again there returns the message already stored and
 * changes nothing, while the same id in another conversation is that conversation's own message.
 */
export async function addCustomerMessage(input: {
  thread: ThreadKey;
  text: string;
  channel: Channel;
  externalId?: string | null;
  now?: Date;
}): Promise<AddedMessage> {
  const db = await getDb();
  const now = input.now ?? new Date();
  return immediate(db, async (): Promise<AddedMessage> => {
    const conversation = await findConversation(db, input.thread);
    if (!conversation) return { ok: false, reason: 'notFound' };
    const repeat = await messageByExternalId(db, {
      questionId: conversation.id,
      channel: input.channel,
      externalId: input.externalId,
    });
    if (repeat) return { ok: true, created: false, question: conversation, message: repeat };
    // An erased conversation has no customer left to answer: it takes no more messages.
    if (conversation.erasedAt !== null) return { ok: false, reason: 'notFound' };
    const { question, message } = await appendCustomerMessage(db, conversation, {
      channel: input.channel,
      text: input.text,
      externalId: input.externalId ?? null,
      at: now,
    });
    return { ok: true, created: true, question, message };
  });
}

/**
 * Inside a caller's transaction: appends a customer's message to a conversation and puts the
 * conversation back in the queue (see `addCustomerMessage`).
 */
export async function appendCustomerMessage(
  db: Db,
  conversation: Question,
  values: Omit<NewMessage, 'questionId' | 'author' | 'replyId'> & { at: Date },
): Promise<{ question: Question; message: Message }> {
  const now = values.at;
  const [message] = await db
    .insert(messages)
    .values({ ...values, questionId: conversation.id, author: 'customer' })
    .returning();
  if (!message) throw new Error('The message could not be stored.');
  // After a reply was sent its draft is spent; before, staff's draft stays, marked as
  // answering an older message, until the new draft replaces it.
  const spent = conversation.status === 'sent' || conversation.status === 'discarded';
  const [question] = await db
    .update(questions)
    .set({
      status: 'queued',
      ...unclaimed,
      attempts: 0,
      lastError: null,
      ...(spent ? { draftText: null, draftRunId: null } : {}),
      lastMessageAt: now,
      updatedAt: now,
      version: sql`${questions.version} + 1`,
    })
    .where(eq(questions.id, conversation.id))
    .returning();
  if (!question) throw new Error('The conversation could not be updated.');
  return { question, message };
}

/** A message as people read it: for the bakery's, who sent it (a name, or null when hidden). */
export type ThreadMessage = Pick<
  Message,
  'id' | 'author' | 'channel' | 'text' | 'at' | 'replyId'
> & { senderName: string | null };

/**
 * The conversation in order, oldest first. Staff see who sent each reply; the customer's page
 * passes `withStaffNames: false` unless the owner chose to show them.
 */
export async function listThread({
  questionId,
  withStaffNames,
  releasedBy,
}: {
  questionId: number;
  withStaffNames: boolean;
  /** Leaves out replies still held for undo at this time (the customer's view). */
  releasedBy?: Date;
}): Promise<ThreadMessage[]> {
  const rows = await (await getDb())
    .select({
      id: messages.id,
      author: messages.author,
      channel: messages.channel,
      text: messages.text,
      at: messages.at,
      replyId: messages.replyId,
      senderName: users.name,
    })
    .from(messages)
    .leftJoin(replies, eq(replies.id, messages.replyId))
    .leftJoin(users, eq(users.id, replies.sentBy))
    .where(
      and(
        eq(messages.questionId, questionId),
        releasedBy ? or(isNull(replies.heldUntil), lte(replies.heldUntil, releasedBy)) : undefined,
      ),
    )
    .orderBy(asc(messages.id));
  return rows.map((row) => ({ ...row, senderName: withStaffNames ? row.senderName : null }));
}

/** The thread as the customer's ticket page shows it: replies named only if the owner allows. */
export async function listThreadForCustomer({
  questionId,
  now = new Date(),
}: {
  questionId: number;
  now?: Date;
}): Promise<ThreadMessage[]> {
  const [row] = await (await getDb()).select({ show: bakery.showStaffNames }).from(bakery).limit(1);
  const shown = row?.show ?? false;
  // A reply held for undo is not the customer's yet: nothing of it shows until its release.
  return listThread({ questionId, withStaffNames: shown, releasedBy: now });
}

/** What a drafting run reads: every message so far, as author and text. */
export async function threadForDrafting({
  questionId,
}: {
  questionId: number;
}): Promise<Pick<Message, 'id' | 'author' | 'text' | 'at'>[]> {
  // Read for every draft.
  return prepared(await getDb(), 'messages.threadForDrafting', (db) =>
    db
      .select({ id: messages.id, author: messages.author, text: messages.text, at: messages.at })
      .from(messages)
      .where(eq(messages.questionId, sql.placeholder('questionId')))
      .orderBy(asc(messages.id))
      .prepare(),
  ).all({ questionId });
}

/** Writes a message row inside a caller's transaction (a new conversation, a sent reply). */
export async function insertMessage(
  db: Db,
  values: {
    questionId: number;
    author: MessageAuthor;
    channel: Channel;
    text: string;
    externalId?: string | null;
    replyId?: number | null;
    at: Date;
  } & Partial<Pick<Message, 'emailMessageId' | 'emailSubject' | 'emailFrom' | 'emailReferences'>>,
): Promise<Message> {
  const row = await insertMessageStatement(db).get({
    externalId: null,
    replyId: null,
    emailMessageId: null,
    emailSubject: null,
    emailFrom: null,
    emailReferences: null,
    ...values,
  });
  if (!row) throw new Error('The message could not be stored.');
  return row;
}

/** Every message is written through this one statement: intake writes one per question. */
const insertMessageStatement = (db: Db) =>
  prepared(db, 'messages.insert', (d) =>
    d
      .insert(messages)
      .values({
        questionId: sql.placeholder('questionId'),
        author: sql.placeholder('author'),
        channel: sql.placeholder('channel'),
        text: sql.placeholder('text'),
        externalId: sql.placeholder('externalId'),
        replyId: sql.placeholder('replyId'),
        at: sql.placeholder('at'),
        emailMessageId: sql.placeholder('emailMessageId'),
        emailSubject: sql.placeholder('emailSubject'),
        emailFrom: sql.placeholder('emailFrom'),
        emailReferences: sql.placeholder('emailReferences'),
      })
      .returning()
      .prepare(),
  );
