import 'server-only';
import { createHash } from 'node:crypto';
import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import { hashTicketToken, newTicketToken } from '@/lib/intake/ticket-token';
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

/** A conversation an email continues: one of its messages is named, or its reference and sender. */
function findConversation(
  db: Db,
  email: Extract<ReadEmail, { readable: true }>['email'],
  now: Date,
): Question | undefined {
  const open = (question: Question | undefined) =>
    question && question.erasedAt === null ? question : undefined;
  if (email.answers.length > 0) {
    const named = db
      .select({ questionId: messages.questionId, emailMessageId: messages.emailMessageId })
      .from(messages)
      .where(inArray(messages.emailMessageId, email.answers.slice(0, 200)))
      .all();
    // In-Reply-To first, then the newest References.
    for (const id of email.answers) {
      const hit = named.find((row) => row.emailMessageId === id);
      if (!hit) continue;
      const question = open(
        db.select().from(questions).where(eq(questions.id, hit.questionId)).get(),
      );
      if (question) return question;
    }
  }
  // A reference in the subject counts only from the conversation's own customer: anyone can
  // type "[Ticket #42]", and writing into someone else's conversation must not be that easy.
  const reference = ticketReferenceIn(email.subject);
  if (reference !== null) {
    const question = open(db.select().from(questions).where(eq(questions.id, reference)).get());
    if (question && question.customerEmail?.toLowerCase() === email.fromAddress) return question;
  }
  const key = subjectKey(email.subject);
  if (key === '') return undefined;
  const recent = db
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
    .limit(50)
    .all();
  for (const row of recent) {
    if (subjectKey(row.subject ?? '') !== key) continue;
    const question = open(
      db.select().from(questions).where(eq(questions.id, row.questionId)).get(),
    );
    if (question) return question;
  }
  return undefined;
}

function openConversation(
  db: Db,
  values: {
    text: string;
    customerName: string;
    customerEmail: string | null;
    now: Date;
    failed?: string;
  },
): Question {
  // The customer never sees this token: their link comes with the first emailed reply.
  return db
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
    })
    .returning()
    .get();
}

/**
 * Stores one email taken from the mailbox, in one transaction: its original, and what it
 * became (a new conversation, a follow-up re-queueing one, nothing for mail nobody answers, or
 * a conversation marked "could not read" for staff). The same key again stores nothing, so an
 * email fetched twice (a crash before it was marked seen) is one message.
 */
export function storeInboundEmail({
  raw,
  read,
  now,
}: {
  raw: Buffer;
  read: ReadEmail;
  now: Date;
}): StoredEmail {
  const db = getDb();
  const messageId = read.readable ? read.email.messageId : read.messageId;
  const key = inboundEmailKey({ messageId, raw });
  return immediate(db, (): StoredEmail => {
    const columns = {
      id: inboundEmails.id,
      outcome: inboundEmails.outcome,
      reason: inboundEmails.reason,
      questionId: inboundEmails.questionId,
      messageId: inboundEmails.messageId,
    };
    const earlier = db.select(columns).from(inboundEmails).where(eq(inboundEmails.key, key)).get();
    if (earlier) return { duplicate: true, row: earlier };
    const keep = (
      row: Pick<InboundEmailRow, 'outcome' | 'reason' | 'questionId' | 'messageId'> & {
        fromAddress?: string | null;
        subject?: string | null;
        attachments?: { name: string; size: number }[];
      },
    ): StoredEmail => ({
      duplicate: false,
      row: db
        .insert(inboundEmails)
        .values({ ...row, key, raw, size: raw.length, receivedAt: now })
        .returning(columns)
        .get(),
    });

    if (!read.readable) {
      const question = openConversation(db, {
        text: UNREADABLE_TEXT,
        customerName: 'Unknown sender',
        customerEmail: null,
        now,
        failed: `This email could not be read: ${read.reason}. Open its original to see what it holds.`,
      });
      const message = insertMessage(db, {
        questionId: question.id,
        author: 'customer',
        channel: 'email',
        text: UNREADABLE_TEXT,
        at: now,
        // An id some other message already carries stays with that one.
        emailMessageId:
          messageId &&
          !db
            .select({ id: messages.id })
            .from(messages)
            .where(eq(messages.emailMessageId, messageId))
            .get()
            ? messageId
            : null,
      });
      return keep({
        outcome: 'unreadable',
        reason: read.reason,
        questionId: question.id,
        messageId: message.id,
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
    if (
      email.messageId &&
      db
        .select({ id: messages.id })
        .from(messages)
        .where(eq(messages.emailMessageId, email.messageId))
        .get()
    ) {
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
    const conversation = findConversation(db, email, now);
    if (conversation) {
      const { message } = appendCustomerMessage(db, conversation, emailFields);
      return keep({
        outcome: 'follow-up',
        reason: null,
        questionId: conversation.id,
        messageId: message.id,
        ...described,
      });
    }
    const question = openConversation(db, {
      text: email.text,
      customerName: email.fromName,
      customerEmail: email.fromAddress,
      now,
    });
    const message = insertMessage(db, {
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
export function listConversationEmails({
  questionId,
}: {
  questionId: number;
}): ConversationEmail[] {
  return getDb()
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
    .orderBy(inboundEmails.id)
    .all();
}

/** One email's original MIME, only within its conversation (the page's own id). */
export function getInboundEmailSource({
  questionId,
  emailId,
}: {
  questionId: number;
  emailId: number;
}): { raw: Buffer; subject: string | null } | undefined {
  return getDb()
    .select({ raw: inboundEmails.raw, subject: inboundEmails.subject })
    .from(inboundEmails)
    .where(and(eq(inboundEmails.id, emailId), eq(inboundEmails.questionId, questionId)))
    .get();
}
