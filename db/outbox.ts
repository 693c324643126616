import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { sameAddress } from '@/lib/mail/address';
import { newMessageId, replySubject, threadingFor } from '@/lib/mail/compose';
import { type Db, engineOf, getDb, immediate } from './client';
import { claimEmailSkippingLocked } from './dialect/claims';
import { prepared } from './prepared';
import {
  bakery,
  type EmailDeliveryStatus,
  emailOutbox,
  messages,
  type OutboundEmail,
  type Question,
  replies,
} from './schema';
import { addTicketToken } from './ticket-tokens';

/**
 * Replies going out by email. The row is written in the send's own transaction, so a reply is
 * never sent without its email being queued, nor an email queued for a reply that was not sent.
 * The delivery worker claims rows under a lease (like drafting), hands each to the mail server,
 * and records what the server said. Nothing here talks to a mail server.
 */

/** Set when replies also go out by email: the desk's From address decides the Message-ID's domain. */
export type MailOut = { domain: string; from: string };

/**
 * Where the reply goes and how it threads: always the conversation's customer address of record
 * (changed only by staff, on a merge), never a later email's From, which anyone can write. It
 * threads under the newest email that address sent.
 */
async function recipient(db: Db, question: Question) {
  const to = question.customerEmail;
  if (!to) return undefined;
  const emails = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.questionId, question.id),
        eq(messages.author, 'customer'),
        sql`${messages.emailMessageId} is not null`,
      ),
    )
    .orderBy(desc(messages.id))
    .limit(50);
  const lastEmail = emails.find((message) => sameAddress(message.emailFrom, to));
  return { to, lastEmail };
}

export type QueuedEmail = {
  emailMessageId: string;
  to: string;
  subject: string;
  references: string | null;
};

/**
 * Inside the send's transaction: when the conversation has an address to write to, mints the
 * email's Message-ID (stored on the bakery's message too, before anything is sent), a ticket
 * link of its own, and queues the email. Returns the Message-ID, or nothing without an address.
 */
export async function queueReplyEmail(
  db: Db,
  input: {
    question: Question;
    replyId: number;
    mail: MailOut;
    now: Date;
    /** A held reply's release: the delivery worker claims nothing before it. */
    notBefore?: Date | null;
  },
): Promise<QueuedEmail | undefined> {
  if (input.question.erasedAt !== null) return undefined;
  const found = await recipient(db, input.question);
  if (!found) return undefined;
  const [named] = await db.select({ name: bakery.name }).from(bakery).limit(1);
  const name = named?.name ?? 'the bakery';
  const emailMessageId = newMessageId(input.mail.domain);
  const subject = replySubject(found.lastEmail?.emailSubject, name);
  const threading = threadingFor(
    found.lastEmail?.emailMessageId
      ? {
          emailMessageId: found.lastEmail.emailMessageId,
          emailReferences: found.lastEmail.emailReferences,
        }
      : undefined,
  );
  const ticketToken = await addTicketToken(db, { questionId: input.question.id, now: input.now });
  await db.insert(emailOutbox).values({
    questionId: input.question.id,
    replyId: input.replyId,
    emailMessageId,
    toAddress: found.to,
    subject,
    inReplyTo: threading.inReplyTo,
    references: threading.references,
    ticketToken,
    status: 'queued',
    notBefore: input.notBefore ?? null,
    createdAt: input.now,
    updatedAt: input.now,
  });
  return { emailMessageId, to: found.to, subject, references: threading.references };
}

/** A claimed email with what its bodies are made of: the reply's text as sent. */
export type ClaimedEmail = OutboundEmail & { leaseToken: string; replyText: string };

type Lease = { owner: string; leaseMs: number; now: Date };

/**
 * Takes the oldest email ready to go: a queued one whose backoff has passed, or one whose
 * sender's lease ran out mid-send (its worker died or hung). The latter may already have been
 * accepted by the server; it goes again under the same Message-ID, so the customer's mail
 * program keeps one copy (ARCHITECTURE.md: the window left).
 */
export async function claimNextEmail(
  lease: Lease & { maxAttempts: number },
): Promise<ClaimedEmail | undefined> {
  const db = await getDb();
  if (engineOf(db) === 'postgres') {
    const leaseToken = randomUUID();
    const claimed = await claimEmailSkippingLocked(db, {
      now: lease.now,
      maxAttempts: lease.maxAttempts,
      lease: {
        owner: lease.owner,
        token: leaseToken,
        expiresAt: new Date(lease.now.getTime() + lease.leaseMs),
      },
      gaveUpError: GAVE_UP,
    });
    return claimed && { ...claimed, leaseToken };
  }
  const statements = claimStatements(db);
  const nowMs = lease.now.getTime();
  return immediate(db, async () => {
    // An email whose sender died on every try does not bring workers down for ever.
    await statements.giveUp.run({ nowMs, maxAttempts: lease.maxAttempts });
    const next = await statements.next.get({ nowMs });
    if (!next) return undefined;
    const leaseToken = randomUUID();
    const claimed = await statements.claim.get({
      id: next.id,
      owner: lease.owner,
      leaseToken,
      leaseExpiresAtMs: nowMs + lease.leaseMs,
      nowMs,
    });
    if (!claimed) return undefined;
    const reply = await statements.replyText.get({ replyId: claimed.replyId });
    return { ...claimed, leaseToken, replyText: reply?.text ?? '' };
  });
}

/**
 * A value bound when a prepared statement runs. Nothing encodes it on the way (an update's set
 * and a where clause take it as given), so times go in as milliseconds, as the columns hold them.
 */
const value = (name: string) => sql`${sql.placeholder(name)}`;

const GAVE_UP = 'The delivery worker stopped part-way on every try. Resend it to try again.';

/** The claim's statements, prepared once per connection: the delivery worker runs them per email. */
const claimStatements = (db: Db) =>
  prepared(db, 'outbox.claim', (d) => ({
    giveUp: d
      .update(emailOutbox)
      .set({
        status: 'failed',
        leaseOwner: null,
        leaseToken: null,
        leaseExpiresAt: null,
        lastError: GAVE_UP,
        updatedAt: value('nowMs'),
      })
      .where(
        and(
          eq(emailOutbox.status, 'sending'),
          lt(emailOutbox.leaseExpiresAt, sql.placeholder('nowMs')),
          sql`${emailOutbox.attempts} >= ${sql.placeholder('maxAttempts')}`,
        ),
      )
      .prepare(),
    next: d
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        or(
          and(
            eq(emailOutbox.status, 'queued'),
            or(isNull(emailOutbox.notBefore), lte(emailOutbox.notBefore, sql.placeholder('nowMs'))),
          ),
          and(
            eq(emailOutbox.status, 'sending'),
            lt(emailOutbox.leaseExpiresAt, sql.placeholder('nowMs')),
          ),
        ),
      )
      .orderBy(asc(emailOutbox.id))
      .limit(1)
      .prepare(),
    claim: d
      .update(emailOutbox)
      .set({
        status: 'sending',
        leaseOwner: value('owner'),
        leaseToken: value('leaseToken'),
        leaseExpiresAt: value('leaseExpiresAtMs'),
        attempts: sql`${emailOutbox.attempts} + 1`,
        updatedAt: value('nowMs'),
      })
      .where(eq(emailOutbox.id, sql.placeholder('id')))
      .returning()
      .prepare(),
    replyText: d
      .select({ text: replies.text })
      .from(replies)
      .where(eq(replies.id, sql.placeholder('replyId')))
      .prepare(),
  }));

/** Extends the lease while the server is slow to answer; false once it was lost. */
export async function renewEmailLease(input: {
  id: number;
  leaseToken: string;
  leaseMs: number;
  now: Date;
}): Promise<boolean> {
  const renewed = await (await getDb())
    .update(emailOutbox)
    .set({ leaseExpiresAt: new Date(input.now.getTime() + input.leaseMs) })
    .where(
      and(
        eq(emailOutbox.id, input.id),
        eq(emailOutbox.status, 'sending'),
        eq(emailOutbox.leaseToken, input.leaseToken),
      ),
    )
    .returning({ id: emailOutbox.id });
  return renewed.length === 1;
}

/**
 * Ends a claim's lease now, under its token only: the email is claimable at once, as one whose
 * worker died (the try counts), rather than when the lease runs out. False when it was not ours.
 */
export async function endEmailLease(input: {
  id: number;
  leaseToken: string;
  now: Date;
}): Promise<boolean> {
  return renewEmailLease({ ...input, leaseMs: -1 });
}

/**
 * The server accepted the email. Recorded whoever holds the lease now: an acceptance is a fact,
 * and recording it at once is what keeps a second copy from going out. The link's token is
 * erased with it: it now lives only in the customer's mailbox.
 */
export async function markEmailSent(input: {
  id: number;
  response: string;
  now: Date;
}): Promise<boolean> {
  const db = await getDb();
  const mark = prepared(db, 'outbox.markSent', (d) =>
    d
      .update(emailOutbox)
      .set({
        status: 'sent',
        sentAt: value('nowMs'),
        serverResponse: value('response'),
        ticketToken: null,
        lastError: null,
        notBefore: null,
        leaseOwner: null,
        leaseToken: null,
        leaseExpiresAt: null,
        updatedAt: value('nowMs'),
      })
      .where(and(eq(emailOutbox.id, sql.placeholder('id')), ne(emailOutbox.status, 'sent')))
      .returning({ id: emailOutbox.id })
      .prepare(),
  );
  const marked = await mark.all({
    id: input.id,
    response: input.response,
    nowMs: input.now.getTime(),
  });
  return marked.length === 1;
}

/** A failed try, recorded only under the claim's lease: try again later, or fail for good. */
export async function recordEmailFailure(input: {
  id: number;
  leaseToken: string;
  next:
    | { status: 'queued'; notBefore: Date; lastError: string }
    | { status: 'failed'; lastError: string };
  now: Date;
}): Promise<boolean> {
  const recorded = await (await getDb())
    .update(emailOutbox)
    .set({
      status: input.next.status,
      lastError: input.next.lastError,
      notBefore: input.next.status === 'queued' ? input.next.notBefore : null,
      leaseOwner: null,
      leaseToken: null,
      leaseExpiresAt: null,
      updatedAt: input.now,
    })
    .where(
      and(
        eq(emailOutbox.id, input.id),
        eq(emailOutbox.status, 'sending'),
        eq(emailOutbox.leaseToken, input.leaseToken),
      ),
    )
    .returning({ id: emailOutbox.id });
  return recorded.length === 1;
}

/**
 * Hands back what a stopping worker holds. The try is not counted, and the email goes again
 * under its Message-ID, in case the server had already taken it.
 */
export async function releaseEmailLeases({
  owner,
  now,
}: {
  owner: string;
  now: Date;
}): Promise<number> {
  const released = await (await getDb())
    .update(emailOutbox)
    .set({
      status: 'queued',
      leaseOwner: null,
      leaseToken: null,
      leaseExpiresAt: null,
      notBefore: null,
      attempts: sql`case when ${emailOutbox.attempts} > 0 then ${emailOutbox.attempts} - 1 else 0 end`,
      updatedAt: now,
    })
    .where(and(eq(emailOutbox.status, 'sending'), eq(emailOutbox.leaseOwner, owner)))
    .returning({ id: emailOutbox.id });
  return released.length;
}

export type ResendResult =
  | { ok: true; questionId: number }
  | { ok: false; reason: 'notFound' | 'notFailed' };

/** A person asks for a failed email to go again: same email, same Message-ID, fresh tries. */
export async function resendEmail({
  replyId,
  now,
}: {
  replyId: number;
  now: Date;
}): Promise<ResendResult> {
  const db = await getDb();
  return immediate(db, async (tx): Promise<ResendResult> => {
    const [row] = await tx
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.replyId, replyId))
      .limit(1);
    if (!row) return { ok: false, reason: 'notFound' };
    if (row.status !== 'failed' || row.ticketToken === null) {
      return { ok: false, reason: 'notFailed' };
    }
    await tx
      .update(emailOutbox)
      .set({ status: 'queued', attempts: 0, notBefore: null, updatedAt: now })
      .where(eq(emailOutbox.id, row.id));
    return { ok: true, questionId: row.questionId };
  });
}

/** What staff see beside each reply: where its email stands. */
export type EmailDelivery = Pick<
  OutboundEmail,
  'replyId' | 'toAddress' | 'status' | 'attempts' | 'lastError' | 'sentAt' | 'notBefore'
> & { status: EmailDeliveryStatus };

export async function listEmailDeliveries({
  questionId,
}: {
  questionId: number;
}): Promise<EmailDelivery[]> {
  return (await getDb())
    .select({
      replyId: emailOutbox.replyId,
      toAddress: emailOutbox.toAddress,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      sentAt: emailOutbox.sentAt,
      notBefore: emailOutbox.notBefore,
    })
    .from(emailOutbox)
    .where(eq(emailOutbox.questionId, questionId))
    .orderBy(asc(emailOutbox.id));
}

/** The newest change to any email, for the inbox's change stamp. */
export async function outboxChangeStamp(db: Db): Promise<string> {
  const [row] = await db
    .select({
      n: sql<number>`count(*)`,
      updated: sql<number | null>`max(${emailOutbox.updatedAt})`,
    })
    .from(emailOutbox);
  return `${row?.n ?? 0}:${row?.updated ?? 0}`;
}

/**
 * At the end of the retention period: the address, subject and link go with the customer's
 * other details, and an email still unsent is not sent.
 */
export async function eraseOutbox(
  db: Db,
  questionIds: number[],
  now: Date,
  erasedText: string,
): Promise<void> {
  await db
    .update(emailOutbox)
    .set({
      status: sql`case when ${emailOutbox.status} = 'sent' then 'sent' else 'failed' end`,
      lastError: sql`case when ${emailOutbox.status} = 'sent' then null else 'Erased with the conversation before it was sent.' end`,
      toAddress: '',
      subject: erasedText,
      ticketToken: null,
      leaseOwner: null,
      leaseToken: null,
      leaseExpiresAt: null,
      updatedAt: now,
    })
    .where(inArray(emailOutbox.questionId, questionIds));
}
