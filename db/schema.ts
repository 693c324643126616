import { sql } from 'drizzle-orm';
import {
  blob,
  check,
  index,
  integer,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import type { Allergen, DietaryTag } from '../lib/agent/bakery/data';
import type { FactRef } from '../lib/agent/types';
import {
  channels,
  emailDeliveryStatuses,
  inboundEmailOutcomes,
  messageAuthors,
  needsPersonReasons,
  questionStatuses,
  roles,
  stopKinds,
} from '../lib/domain';

// The domain's names live in lib/ (which never imports db/); the columns store them.
export {
  type Channel,
  channels,
  type EmailDeliveryStatus,
  emailDeliveryStatuses,
  type MessageAuthor,
  messageAuthors,
  type QuestionStatus,
  questionStatuses,
  type Role,
  roles,
  type StopKind,
  stopKinds,
} from '../lib/domain';

/** Milliseconds since the epoch, read back as a Date. */
const timestamp = (name: string) => integer(name, { mode: 'timestamp_ms' });

/** The bakery itself: always exactly one row, id 1. */
export const bakery = sqliteTable('bakery', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  timezone: text('timezone').notNull(),
  contact: text('contact').notNull().default(''),
  /** How drafts word dates, times and money for customers: a BCP 47 locale and an ISO 4217 currency. */
  locale: text('locale').notNull().default('en-US'),
  currency: text('currency').notNull().default('USD'),
  /**
   * Bumped on every change to the menu, hours or date exceptions. A run records the
   * version it read, so a draft made from older facts can be shown as stale.
   */
  factsVersion: integer('facts_version').notNull().default(1),
  updatedAt: timestamp('updated_at').notNull(),
  /** The most all drafts together may spend on the model in one of the bakery's days; null: DRAFT_DAILY_DOLLARS. */
  dailyBudgetCents: integer('daily_budget_cents'),
  /** Days after closing that a conversation's customer details and texts are erased; null keeps them. */
  retentionDays: integer('retention_days'),
  /** Whether the ticket page names the person who sent each reply; otherwise it says the bakery. */
  showStaffNames: integer('show_staff_names', { mode: 'boolean' }).notNull().default(false),
  /** The owner's own topics (a few words each) that always go to a person, whatever a draft knows. */
  handoverTopics: text('handover_topics', { mode: 'json' })
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'`),
});

/** Opening hours by ISO weekday (1 = Monday … 7 = Sunday); null opens/closes means closed. */
export const weeklyHours = sqliteTable(
  'weekly_hours',
  {
    weekday: integer('weekday').primaryKey(),
    opens: text('opens'),
    closes: text('closes'),
  },
  (t) => [
    check('weekly_hours_weekday', sql`${t.weekday} between 1 and 7`),
    check(
      'weekly_hours_open_pair',
      sql`(${t.opens} is null and ${t.closes} is null) or (${t.opens} < ${t.closes})`,
    ),
  ],
);

/** A date that is closed, or open with special hours, overriding the weekly hours. */
export const dateExceptions = sqliteTable(
  'date_exceptions',
  {
    date: text('date').primaryKey(), // YYYY-MM-DD in the bakery's timezone
    closed: integer('closed', { mode: 'boolean' }).notNull(),
    opens: text('opens'),
    closes: text('closes'),
    note: text('note'),
  },
  (t) => [
    check(
      'date_exceptions_shape',
      sql`(${t.closed} = 1 and ${t.opens} is null and ${t.closes} is null) or (${t.closed} = 0 and ${t.opens} < ${t.closes})`,
    ),
  ],
);

export const menuItems = sqliteTable(
  'menu_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    /** lower(trim(name)): the unique key, so "Rye Loaf" and "rye loaf" cannot both exist. */
    nameKey: text('name_key').notNull(),
    priceCents: integer('price_cents').notNull(),
    noticeDays: integer('notice_days').notNull().default(0),
    available: integer('available', { mode: 'boolean' }).notNull().default(true),
    description: text('description'),
    /**
     * The major allergens in it, and those it may carry from the kitchen (cross-contact). Null
     * until the owner has recorded them: an item nobody checked is never read as free of any.
     */
    allergens: text('allergens', { mode: 'json' }).$type<Allergen[]>(),
    mayContain: text('may_contain', { mode: 'json' }).$type<Allergen[]>(),
    dietary: text('dietary', { mode: 'json' }).$type<DietaryTag[]>().notNull().default(sql`'[]'`),
    ingredients: text('ingredients'),
    createdAt: timestamp('created_at').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('menu_items_name_key').on(t.nameKey),
    check('menu_items_price', sql`${t.priceCents} >= 0`),
    check('menu_items_notice', sql`${t.noticeDays} between 0 and 30`),
  ],
);

/**
 * What the owner knows beyond menu and hours: short answers drafts may use (delivery, cakes,
 * payment). `knowledge_search` (FTS5, porter stemming; a custom migration, kept in sync by
 * triggers) indexes title, answer and tags for the read-only search tool.
 */
export const knowledgeEntries = sqliteTable('knowledge_entries', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  title: text('title').notNull(),
  answer: text('answer').notNull(),
  tags: text('tags', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
  enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
  createdAt: timestamp('created_at').notNull(),
  updatedAt: timestamp('updated_at').notNull(),
});

/**
 * The facts version at which each fact last changed ("item:rye loaf", "weekday:6",
 * "date:2026-12-24", "entry:3", "menu", "knowledge", "*" for all): a run that records what it
 * read is stale only when one of those changed after it.
 */
export const factChanges = sqliteTable('fact_changes', {
  key: text('key').primaryKey(),
  factsVersion: integer('facts_version').notNull(),
});

/**
 * A conversation (a ticket) and its place in the drafting queue. Its state follows the newest
 * message: a customer writing again after a reply makes it need a draft again. `text`,
 * `externalId` and `channel` are those of the message that opened it; `messages` holds them all.
 */
export const questions = sqliteTable(
  'questions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    text: text('text').notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email'),
    channel: text('channel', { enum: channels }).notNull(),
    externalId: text('external_id'),
    /**
     * The SHA-256 of the customer's capability for /t/<token> (192 random bits, never derived
     * from the id). Like a session id, only the hash is kept, so a copy of the database opens
     * no ticket.
     */
    ticketHash: text('ticket_token').notNull(),
    status: text('status', { enum: questionStatuses }).notNull().default('queued'),
    receivedAt: timestamp('received_at').notNull(),
    /**
     * When the customer last wrote: the conversation's place in the inbox and the queue, so a
     * follow-up to an old conversation comes up with today's questions. Set with every customer
     * message (the migration that added it filled it from the messages).
     */
    lastMessageAt: timestamp('last_message_at').notNull().default(sql`0`),
    updatedAt: timestamp('updated_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Earliest time a worker may claim it again after a failed attempt (backoff). */
    notBefore: timestamp('not_before'),
    /** The process holding the lease, so it can hand back all it holds when it stops. */
    leaseOwner: text('lease_owner'),
    /** New for every claim: only the claim that holds it may renew the lease or store a run. */
    leaseToken: text('lease_token'),
    leaseExpiresAt: timestamp('lease_expires_at'),
    lastError: text('last_error'),
    /** The draft staff are looking at: the latest run's text, or their saved edit. */
    draftText: text('draft_text'),
    draftRunId: integer('draft_run_id'),
    discardReason: text('discard_reason'),
    /** Optimistic concurrency: every write that staff can race on bumps it. */
    version: integer('version').notNull().default(1),
    /** When the retention period erased the customer's name, email and texts. */
    erasedAt: timestamp('erased_at'),
  },
  (t) => [
    index('questions_status_received').on(t.status, t.receivedAt),
    index('questions_status_last_message').on(t.status, t.lastMessageAt),
    // With the channel, the dashboard counts questions per day and channel from the index alone.
    index('questions_received').on(t.receivedAt, t.channel),
    uniqueIndex('questions_ticket_token').on(t.ticketHash),
    uniqueIndex('questions_channel_external_id').on(t.channel, t.externalId),
    index('questions_lease').on(t.status, t.leaseExpiresAt),
  ],
);

/**
 * How many questions are in each status, so the inbox's tabs are counted without reading every
 * question. Only triggers on `questions` write it (a custom migration), inside the writer's
 * transaction, so it never disagrees with the rows.
 */
export const questionStatusCounts = sqliteTable('question_status_counts', {
  status: text('status', { enum: questionStatuses }).primaryKey(),
  count: integer('count').notNull(),
});

/** One drafting attempt: what the agent did and what it cost. */
export const agentRuns = sqliteTable(
  'agent_runs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    stopKind: text('stop_kind', { enum: stopKinds }).notNull(),
    /** modelStopped: refused | truncated | unfinished; free text for other stops. */
    stopReason: text('stop_reason'),
    draftText: text('draft_text'),
    turns: integer('turns').notNull().default(0),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    cacheReadTokens: integer('cache_read_tokens').notNull().default(0),
    cacheWriteTokens: integer('cache_write_tokens').notNull().default(0),
    costUsd: real('cost_usd').notNull().default(0),
    error: text('error'),
    /** Set when the run marked the question for a person: why, and what they should check. */
    needsPersonReason: text('needs_person_reason', { enum: needsPersonReasons }),
    needsPersonNote: text('needs_person_note'),
    /** The newest customer message the run answered; every message up to it was read. */
    answeredMessageId: integer('answered_message_id'),
    /** How many messages of the conversation the run read (customer's and bakery's). */
    messagesRead: integer('messages_read').notNull().default(1),
    /** bakery.factsVersion when the run read the bakery's data. */
    factsVersion: integer('facts_version').notNull(),
    /** Which items, days, exceptions and entries the run read; null for runs that kept no record. */
    factsRead: text('facts_read', { mode: 'json' }).$type<FactRef[]>(),
    startedAt: timestamp('started_at').notNull(),
    finishedAt: timestamp('finished_at').notNull(),
  },
  (t) => [
    index('agent_runs_question').on(t.questionId, t.startedAt),
    // The day's model spend is summed over a range of finish times; with the tokens, the
    // dashboard's spend per day is read from the index alone.
    index('agent_runs_finished').on(
      t.finishedAt,
      t.costUsd,
      t.inputTokens,
      t.outputTokens,
      t.cacheReadTokens,
      t.cacheWriteTokens,
    ),
    // Runs that marked their question for a person, by finish time.
    index('agent_runs_marked')
      .on(t.finishedAt, t.needsPersonReason, t.questionId)
      .where(sql`${t.needsPersonReason} is not null`),
  ],
);

/** Every tool call of a run, in the order the model asked. */
export const toolCalls = sqliteTable(
  'tool_calls',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    runId: integer('run_id')
      .notNull()
      .references(() => agentRuns.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    turn: integer('turn').notNull(),
    callId: text('call_id').notNull(),
    toolName: text('tool_name').notNull(),
    input: text('input').notNull(), // JSON
    result: text('result').notNull(),
    isError: integer('is_error', { mode: 'boolean' }).notNull(),
    /** badInput | notFound | unavailable when isError; null otherwise. */
    errorKind: text('error_kind'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [
    uniqueIndex('tool_calls_run_seq').on(t.runId, t.seq),
    index('tool_calls_name_error').on(t.toolName, t.errorKind),
  ],
);

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(), // stored lower-cased
    name: text('name').notNull(),
    role: text('role', { enum: roles }).notNull(),
    /** `$scrypt$n=…,r=…,p=…$salt$key`: the parameters travel with the hash. */
    passwordHash: text('password_hash').notNull(),
    /** Set for a temporary password an owner handed out; cleared when the person picks their own. */
    mustChangePassword: integer('must_change_password', { mode: 'boolean' })
      .notNull()
      .default(false),
    /** The authenticator secret (base32) once two-factor sign-in is on; null when it is off. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at'),
    /** A secret shown for enrolment but not yet confirmed with a code. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last 30-second step whose code was accepted: codes are never accepted twice. */
    totpLastStep: integer('totp_last_step'),
    createdAt: timestamp('created_at').notNull(),
    /** Removed staff keep their row so the replies they sent still name them. */
    removedAt: timestamp('removed_at'),
  },
  // Unique among current accounts only, so a removed person's email can be added again.
  (t) => [uniqueIndex('users_email_current').on(t.email).where(sql`${t.removedAt} is null`)],
);

/** Server-side sessions: the id is the SHA-256 of the cookie's token, never the token itself. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** When the session ends unless used again: the first of its absolute and idle limits. */
    expiresAt: timestamp('expires_at').notNull(),
    createdAt: timestamp('created_at').notNull(),
    /** Null until first used after sign-in (and for sessions older than this column). */
    lastSeenAt: timestamp('last_seen_at'),
    /** The browser and address that signed in, shown to the person on /account. */
    userAgent: text('user_agent'),
    address: text('address'),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/**
 * A sign-in waiting for its second step: the password was right, the authenticator code is
 * still to come. Like sessions, the id is the SHA-256 of a cookie's token.
 */
export const signInChallenges = sqliteTable(
  'sign_in_challenges',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at').notNull(),
    expiresAt: timestamp('expires_at').notNull(),
  },
  (t) => [index('sign_in_challenges_user').on(t.userId)],
);

/** One-time codes for signing in without the authenticator; only their SHA-256 is kept. */
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at').notNull(),
    usedAt: timestamp('used_at'),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash').on(t.userId, t.codeHash)],
);

/** Failed sign-ins, keyed by account and by address, for rate limiting across processes. */
export const signInFailures = sqliteTable(
  'sign_in_failures',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    key: text('key').notNull(),
    at: timestamp('at').notNull(),
  },
  (t) => [index('sign_in_failures_key_at').on(t.key, t.at)],
);

/** What a person sent: the one row per question that a customer can read. */
export const replies = sqliteTable(
  'replies',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    sentBy: integer('sent_by')
      .notNull()
      .references(() => users.id),
    sentAt: timestamp('sent_at').notNull(),
    runId: integer('run_id').references(() => agentRuns.id),
    edited: integer('edited', { mode: 'boolean' }).notNull(),
    editDistance: integer('edit_distance').notNull(),
  },
  (t) => [
    index('replies_question').on(t.questionId, t.sentAt),
    // The owner's dashboard counts replies over a range of send times, everyone's or one person's.
    index('replies_sent').on(t.sentAt),
    index('replies_sender_sent').on(t.sentBy, t.sentAt),
  ],
);

/**
 * A conversation's messages in order: what the customer wrote, and what the bakery sent (the
 * reply's own row keeps who sent it and how it was edited). Append-only: a message is never
 * changed, except erased with its conversation at the end of the retention period.
 */
export const messages = sqliteTable(
  'messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    author: text('author', { enum: messageAuthors }).notNull(),
    channel: text('channel', { enum: channels }).notNull(),
    text: text('text').notNull(),
    /** The sender's own id for the message (a CRM's, a mail's): the same id again stores nothing. */
    externalId: text('external_id'),
    /** Set on the bakery's messages: the reply that sent it. */
    replyId: integer('reply_id').references(() => replies.id, { onDelete: 'cascade' }),
    at: timestamp('at').notNull(),
    /**
     * Email only: the RFC 5322 Message-ID (without angle brackets) the message came in as (a
     * customer's) or goes out as (the bakery's, minted before sending), the subject, the sender's
     * address and the References chain it carried, so replies thread in the customer's mail.
     */
    emailMessageId: text('email_message_id'),
    emailSubject: text('email_subject'),
    emailFrom: text('email_from'),
    emailReferences: text('email_references'),
  },
  (t) => [
    index('messages_question').on(t.questionId, t.id),
    uniqueIndex('messages_channel_external_id').on(t.channel, t.externalId),
    uniqueIndex('messages_reply').on(t.replyId),
    uniqueIndex('messages_email_message_id').on(t.emailMessageId),
  ],
);

/**
 * More ticket links to a conversation: each reply emailed carries a link of its own, so the
 * customer's earlier link keeps working. Like `questions.ticket_token`, only the SHA-256 of the
 * token is kept.
 */
export const ticketTokens = sqliteTable(
  'ticket_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    hash: text('hash').notNull(),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('ticket_tokens_hash').on(t.hash),
    index('ticket_tokens_question').on(t.questionId),
  ],
);

/**
 * A reply going out by email: written in the same transaction as the reply, delivered by the
 * lease-holding delivery worker. One row per reply, under the Message-ID minted with it, so a
 * delivery retried after a crash is the same email to the customer's mail program.
 */
export const emailOutbox = sqliteTable(
  'email_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    replyId: integer('reply_id')
      .notNull()
      .references(() => replies.id, { onDelete: 'cascade' }),
    /** Without angle brackets; the bakery's message in the thread carries the same. */
    emailMessageId: text('email_message_id').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    /** The customer's email this answers, and the chain before it (space-separated, no <>). */
    inReplyTo: text('in_reply_to'),
    references: text('references'),
    /**
     * The token of the link the email carries, in the clear only until the server accepts the
     * email; then erased, so a copy of the database opens no ticket.
     */
    ticketToken: text('ticket_token'),
    status: text('status', { enum: emailDeliveryStatuses }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** Earliest next try after a temporary failure (backoff). */
    notBefore: timestamp('not_before'),
    leaseOwner: text('lease_owner'),
    /** New for every claim: only that claim may renew the lease or record a failure. */
    leaseToken: text('lease_token'),
    leaseExpiresAt: timestamp('lease_expires_at'),
    /** The mail server's words on the last failure. */
    lastError: text('last_error'),
    /** The mail server's words when it accepted the email. */
    serverResponse: text('server_response'),
    createdAt: timestamp('created_at').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
    sentAt: timestamp('sent_at'),
  },
  (t) => [
    uniqueIndex('email_outbox_reply').on(t.replyId),
    uniqueIndex('email_outbox_message_id').on(t.emailMessageId),
    index('email_outbox_status').on(t.status, t.notBefore),
    index('email_outbox_question').on(t.questionId),
  ],
);

/**
 * Every email the desk took from the mailbox, as it arrived: the original MIME for staff, what
 * became of it, and its attachments' names and sizes (kept out of the drafting prompt). Its
 * key makes the same email fetched twice one row and one message.
 */
export const inboundEmails = sqliteTable(
  'inbound_emails',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The Message-ID without <>, or `sha256:<hex>` of the raw bytes for mail that has none. */
    key: text('key').notNull(),
    /** 'question' opened a conversation, 'follow-up' joined one, the others are no message. */
    outcome: text('outcome', { enum: inboundEmailOutcomes }).notNull(),
    /** Why it is no question, or why it could not be read. */
    reason: text('reason'),
    questionId: integer('question_id').references(() => questions.id, { onDelete: 'cascade' }),
    messageId: integer('message_id').references(() => messages.id, { onDelete: 'set null' }),
    fromAddress: text('from_address'),
    subject: text('subject'),
    /** JSON: [{ name, size }] */
    attachments: text('attachments', { mode: 'json' })
      .$type<{ name: string; size: number }[]>()
      .notNull()
      .default(sql`'[]'`),
    raw: blob('raw', { mode: 'buffer' }).notNull(),
    size: integer('size').notNull(),
    receivedAt: timestamp('received_at').notNull(),
  },
  (t) => [
    uniqueIndex('inbound_emails_key').on(t.key),
    index('inbound_emails_question').on(t.questionId),
    uniqueIndex('inbound_emails_message').on(t.messageId),
  ],
);

/**
 * How each mail server answered last: written by the workers that talk to them, read by the
 * settings page, so an owner sees a server that is down or refusing logins (never a password).
 */
export const mailChannels = sqliteTable('mail_channels', {
  /** 'smtp' (replies out) or 'imap' (customers' emails in). */
  name: text('name', { enum: ['smtp', 'imap'] }).primaryKey(),
  lastOkAt: timestamp('last_ok_at'),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at'),
});

export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').references(() => users.id),
    at: timestamp('at').notNull(),
    action: text('action').notNull(), // e.g. menu.update, hours.update, staff.remove
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: text('before'), // JSON
    after: text('after'), // JSON
  },
  (t) => [index('audit_log_at').on(t.at)],
);

/**
 * Changes to stored data that SQL alone cannot make (hashing the ticket tokens), applied once
 * each, in order, right after the schema migrations.
 */
export const dataMigrations = sqliteTable('data_migrations', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at').notNull(),
});

export type Bakery = typeof bakery.$inferSelect;
export type WeeklyHours = typeof weeklyHours.$inferSelect;
export type DateException = typeof dateExceptions.$inferSelect;
export type MenuItem = typeof menuItems.$inferSelect;
export type KnowledgeEntry = typeof knowledgeEntries.$inferSelect;
export type FactChange = typeof factChanges.$inferSelect;
export type Question = typeof questions.$inferSelect;
export type AgentRun = typeof agentRuns.$inferSelect;
export type ToolCall = typeof toolCalls.$inferSelect;
export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type SignInChallenge = typeof signInChallenges.$inferSelect;
export type RecoveryCode = typeof recoveryCodes.$inferSelect;
export type Reply = typeof replies.$inferSelect;
export type Message = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;
export type MailChannel = typeof mailChannels.$inferSelect;
export type TicketToken = typeof ticketTokens.$inferSelect;
export type OutboundEmail = typeof emailOutbox.$inferSelect;
export type InboundEmailRow = typeof inboundEmails.$inferSelect;
export type AuditEntry = typeof auditLog.$inferSelect;
