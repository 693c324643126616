import 'server-only';
import { createHash } from 'node:crypto';
import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import { hashTicketToken, newTicketToken } from '@/lib/intake/ticket-token';
import { sameAddress } from '@/lib/mail/address';
import type { ReadEmail } from '@/lib/mail/read-email';
import { SAME_SUBJECT_WINDOW_MS, subjectKey, ticketReferenceIn } from '@/lib/mail/thread';
import { type Db, getDb, immediate } from './client';
import { appendCustomerMessage, insertMessage } from './conversations';
import { type InboundEmailRow, inboundEmails, messages, type Question, questions } from './schema';

/** What the desk calls an email for idempotency: its Message-ID, or its bytes' hash without one. */
export function inboundEmailKey({
  messageId,
  raw,
}: {
  messageId: string | null;
  raw: Buffer;
}): string {
  return messageId ?? `sha256:${createHash('sha256').update(raw).digest('hex')}`;
}

export type StoredEmail = {
  /** The email was already taken (fetched again after a crash, say): nothing changed. */
  duplicate: boolean;
  row: Pick<InboundEmailRow, 'id' | 'outcome' | 'reason' | 'questionId' | 'messageId'>;
};

const UNREADABLE_TEXT =
  '(This email could not be read. Its original is kept with the conversation.)';

/**
 * Where an email goes: the conversation it continues (`join`), or, when it named one it may not
 * join, that one (`mentions`), so its own new conversation says so for staff.
 */
type Placement = { join?: Question; mentions?: Question };

/** A conversation merged by staff lives on in the one it was merged into. */
async function current(db: Db, id: number): Promise<Question | undefined> {
  let next: number | null = id;
  for (let hops = 0; next !== null && hops < 10; hops += 1) {
    const [found] = await db.select().from(questions).where(eq(questions.id, next)).limit(1);
    if (!found || found.erasedAt !== null) return undefined;
    if (found.mergedIntoId === null) return found;
    next = found.mergedIntoId;
  }
  return undefined;
}

/**
 * The conversation an email continues: one whose message it names (In-Reply-To, then the
 * newest References), whose ticket reference its subject carries, or whose recent email had the
 * same subject. Each joins only when the sender is that conversation's customer and the
 * mailbox's server did not fail the sender's DMARC or SPF: Message-IDs travel in every forward
 * and anyone can type "[Ticket #42]", so naming a conversation must never be enough to write
 * into it (and have the next reply sent with its link). What was named but not joined is
 * returned as `mentions`.
 */
async function findConversation(
  db: Db,
  email: Extract<ReadEmail, { readable: true }>['email'],
  now: Date,
): Promise<Placement> {
  const verified = email.senderVerified !== 'fail';
  const mayJoin = (question: Question) =>
    verified && sameAddress(question.customerEmail, email.fromAddress);
  let mentions: Question | undefined;
  const consider = (question: Question | undefined): Question | undefined => {
    if (!question) return undefined;
    if (mayJoin(question)) return question;
    mentions ??= question;
    return undefined;
  };
  if (email.answers.length > 0) {
    const named = await db
      .select({ questionId: messages.questionId, emailMessageId: messages.emailMessageId })
      .from(messages)
      .where(inArray(messages.emailMessageId, email.answers.slice(0, 200)));
    // In-Reply-To first, then the newest References.
    for (const id of email.answers) {
      const hit = named.find((row) => row.emailMessageId === id);
      if (!hit) continue;
      const join = consider(await current(db, hit.questionId));
      if (join) return { join };
    }
  }
  const reference = ticketReferenceIn(email.subject);
  if (reference !== null) {
    const join = consider(await current(db, reference));
    if (join) return { join };
  }
  const key = subjectKey(email.subject);
  if (key === '' || !verified) return { mentions };
  const recent = await db
    .select({ questionId: messages.questionId, subject: messages.emailSubject })
    .from(messages)
    .where(
      and(
        eq(messages.channel, 'email'),
        eq(messages.author, 'customer'),
        eq(messages.emailFrom, email.fromAddress),
        gte(messages.at, new Date(now.getTime() - SAME_SUBJECT_WINDOW_MS)),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(50);
  for (const row of recent) {
    if (subjectKey(row.subject ?? '') !== key) continue;
    // Only the customer's own conversation: the same subject in another's is no mention.
    const question = await current(db, row.questionId);
    if (question && mayJoin(question)) return { join: question };
  }
  return { mentions };
}

async function openConversation(
  db: Db,
  values: {
    text: string;
    customerName: string;
    customerEmail: string | null;
    now: Date;
    failed?: string;
    mentionsQuestionId?: number | null;
    senderNotVerified?: boolean;
  },
): Promise<Question> {
  // The customer never sees this token: their link comes with the first emailed reply.
  const [question] = await db
    .insert(questions)
    .values({
      text: values.text,
      customerName: values.customerName,
      customerEmail: values.customerEmail,
      channel: 'email',
      ticketHash: hashTicketToken(newTicketToken()),
      status: values.failed ? 'failed' : 'queued',
      lastError: values.failed ?? null,
      receivedAt: values.now,
      lastMessageAt: values.now,
      updatedAt: values.now,
      mentionsQuestionId: values.mentionsQuestionId ?? null,
      senderNotVerified: values.senderNotVerified ?? false,
    })
    .returning();
  if (!question) throw new Error('The conversation could not be stored.');
  return question;
}

/** What a kept email's row tells its caller (`StoredEmail['row']`). */
const columns = {
  id: inboundEmails.id,
  outcome: inboundEmails.outcome,
  reason: inboundEmails.reason,
  questionId: inboundEmails.questionId,
  messageId: inboundEmails.messageId,
};

type FailedEmail = {
  key: string;
  raw: Buffer;
  size: number;
  outcome: 'too large' | 'unreadable';
  failure: { reason: string; failed: string; text: string };
  messageId: string | null;
  fromAddress: string | null;
  fromName: string | null;
  subject: string | null;
  now: Date;
};

/**
 * An email the desk keeps without reading it as a question (it could not be read, was too
 * large, or failed attempt after attempt) opens a conversation marked failed for staff, with one
 * message saying so and the email's row, in the caller's transaction.
 */
async function openFailedEmailConversation(
  tx: Db,
  { key, raw, size, outcome, failure, messageId, fromAddress, fromName, subject, now }: FailedEmail,
): Promise<StoredEmail> {
  const question = await openConversation(tx, {
    text: failure.text,
    customerName: fromName || fromAddress || 'Unknown sender',
    customerEmail: fromAddress,
    now,
    failed: failure.failed,
  });
  // An id some other message already carries stays with that one.
  const [carrier] = messageId
    ? await tx
        .select({ id: messages.id })
        .from(messages)
        .where(eq(messages.emailMessageId, messageId))
        .limit(1)
    : [];
  const message = await insertMessage(tx, {
    questionId: question.id,
    author: 'customer',
    channel: 'email',
    text: failure.text,
    at: now,
    emailMessageId: messageId && !carrier ? messageId : null,
    // No sender on the message: a later email of the same subject opens its own conversation.
    emailSubject: subject,
  });
  const [kept] = await tx
    .insert(inboundEmails)
    .values({
      key,
      outcome,
      reason: failure.reason,
      questionId: question.id,
      messageId: message.id,
      fromAddress,
      subject,
      raw,
      size,
      receivedAt: now,
    })
    .returning(columns);
  if (!kept) throw new Error('The email could not be stored.');
  return { duplicate: false, row: kept };
}

/**
 * Stores one email taken from the mailbox, in one transaction: its original, and what it
 * became (a new conversation, a follow-up re-queueing one, nothing for mail nobody answers, or
 * a conversation marked "could not read" for staff). The same key again stores nothing, so an
 * email fetched twice (a crash before it was marked seen) is one message.
 */
export async function storeInboundEmail({
  raw,
  read,
  now,
}: {
  raw: Buffer;
  read: ReadEmail;
  now: Date;
}): Promise<StoredEmail> {
  const db = await getDb();
  const messageId = read.readable ? read.email.messageId : read.messageId;
  const key = inboundEmailKey({ messageId, raw });
  return immediate(db, async (tx): Promise<StoredEmail> => {
    const [earlier] = await tx
      .select(columns)
      .from(inboundEmails)
      .where(eq(inboundEmails.key, key))
      .limit(1);
    if (earlier) return { duplicate: true, row: earlier };
    const keep = async (
      row: Pick<InboundEmailRow, 'outcome' | 'reason' | 'questionId' | 'messageId'> & {
        fromAddress?: string | null;
        subject?: string | null;
        attachments?: { name: string; size: number }[];
      },
    ): Promise<StoredEmail> => {
      const [kept] = await tx
        .insert(inboundEmails)
        .values({ ...row, key, raw, size: raw.length, receivedAt: now })
        .returning(columns);
      if (!kept) throw new Error('The email could not be stored.');
      return { duplicate: false, row: kept };
    };

    if (!read.readable) {
      return openFailedEmailConversation(tx, {
        key,
        raw,
        size: raw.length,
        outcome: 'unreadable',
        failure: {
          reason: read.reason,
          failed: `This email could not be read: ${read.reason}. Open its original to see what it holds.`,
          text: UNREADABLE_TEXT,
        },
        messageId,
        fromAddress: null,
        fromName: null,
        subject: null,
        now,
      });
    }

    const { email } = read;
    const described = {
      fromAddress: email.fromAddress,
      subject: email.subject,
      attachments: email.attachments,
    };
    if (email.notAQuestion) {
      return keep({
        outcome: 'not a question',
        reason: email.notAQuestion,
        questionId: null,
        messageId: null,
        ...described,
      });
    }
    // The desk's own message (a copy of a reply sent to the desk too) is already in its thread.
    const [own] = email.messageId
      ? await tx
          .select({ id: messages.id })
          .from(messages)
          .where(eq(messages.emailMessageId, email.messageId))
          .limit(1)
      : [];
    if (own) {
      return keep({
        outcome: 'not a question',
        reason: 'already in a conversation',
        questionId: null,
        messageId: null,
        ...described,
      });
    }
    const emailFields = {
      channel: 'email' as const,
      text: email.text,
      at: now,
      emailMessageId: email.messageId,
      emailSubject: email.subject,
      emailFrom: email.fromAddress,
      emailReferences: email.references.length > 0 ? email.references.join(' ') : null,
    };
    const { join: conversation, mentions } = await findConversation(tx, email, now);
    if (conversation) {
      const { message } = await appendCustomerMessage(tx, conversation, emailFields);
      return keep({
        outcome: 'follow-up',
        reason: null,
        questionId: conversation.id,
        messageId: message.id,
        ...described,
      });
    }
    const question = await openConversation(tx, {
      text: email.text,
      customerName: email.fromName,
      customerEmail: email.fromAddress,
      now,
      mentionsQuestionId: mentions?.id ?? null,
      senderNotVerified: email.senderVerified === 'fail',
    });
    const message = await insertMessage(tx, {
      questionId: question.id,
      author: 'customer',
      ...emailFields,
    });
    return keep({
      outcome: 'question',
      reason: null,
      questionId: question.id,
      messageId: message.id,
      ...described,
    });
  });
}

export type ConversationEmail = Pick<
  InboundEmailRow,
  | 'id'
  | 'messageId'
  | 'fromAddress'
  | 'subject'
  | 'attachments'
  | 'size'
  | 'receivedAt'
  | 'outcome'
  | 'reason'
>;

/** A conversation's emails as they arrived, for staff: what each held and its attachments. */
export async function listConversationEmails({
  questionId,
}: {
  questionId: number;
}): Promise<ConversationEmail[]> {
  return (await getDb())
    .select({
      id: inboundEmails.id,
      messageId: inboundEmails.messageId,
      fromAddress: inboundEmails.fromAddress,
      subject: inboundEmails.subject,
      attachments: inboundEmails.attachments,
      size: inboundEmails.size,
      receivedAt: inboundEmails.receivedAt,
      outcome: inboundEmails.outcome,
      reason: inboundEmails.reason,
    })
    .from(inboundEmails)
    .where(eq(inboundEmails.questionId, questionId))
    .orderBy(inboundEmails.id);
}

/** One email's original MIME, only within its conversation (the page's own id). */
export async function getInboundEmailSource({
  questionId,
  emailId,
}: {
  questionId: number;
  emailId: number;
}): Promise<{ raw: Buffer; subject: string | null } | undefined> {
  const [source] = await (await getDb())
    .select({ raw: inboundEmails.raw, subject: inboundEmails.subject })
    .from(inboundEmails)
    .where(and(eq(inboundEmails.id, emailId), eq(inboundEmails.questionId, questionId)))
    .limit(1);
  return source;
}

/**
 * Keeps an email the desk could not take the usual way (too large to fetch, or failing to be
 * stored attempt after attempt) as a failed conversation for staff, with what could be had of
 * it: its headers or its whole source, its size, and its sender and subject as its headers say.
 * Its key is the usual one, so keeping it twice keeps one.
 */
export async function keepFailedEmail(email: Omit<FailedEmail, 'key'>): Promise<StoredEmail> {
  const db = await getDb();
  const key = inboundEmailKey(email);
  return immediate(db, async (tx): Promise<StoredEmail> => {
    const [earlier] = await tx
      .select(columns)
      .from(inboundEmails)
      .where(eq(inboundEmails.key, key))
      .limit(1);
    if (earlier) return { duplicate: true, row: earlier };
    return openFailedEmailConversation(tx, { ...email, key });
  });
}
