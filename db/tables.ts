import { sql } from 'drizzle-orm';
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
import { FEEDBACK_COMMENT_MAX, feedbackAnswers } from '../lib/feedback/answer';
import { editClasses } from '../lib/insights/figures';
import { check, col, index, sqlFalse, sqlTrue, table, uniqueIndex } from './columns';

/*
 * The desk's tables, described once for both engines: `db/schema-sqlite.ts` builds them for SQLite and
 * `db/schema-postgres.ts` for PostgreSQL (`db/columns.ts` says how each kind is stored). Names,
 * enums (the domain's, from lib/), nullability, defaults, keys, references, indexes and checks
 * are written here only. A change here is a change to both engines' schemas: run
 * `npm run db:generate`, which writes a migration for each.
 */

/** The Unix epoch: the default of a required instant added to tables that already had rows. */
const theEpoch = new Date(0);

/** The bakery itself: always exactly one row, id 1. */
export const bakery = table('bakery', {
  id: col.int('id').primaryKey(),
  name: col.text('name').notNull(),
  timezone: col.text('timezone').notNull(),
  contact: col.text('contact').notNull().default(''),
  /** How drafts word dates, times and money for customers: a BCP 47 locale and an ISO 4217 currency. */
  locale: col.text('locale').notNull().default('en-US'),
  currency: col.text('currency').notNull().default('USD'),
  /**
   * Bumped on every change to the menu, hours or date exceptions. A run records the
   * version it read, so a draft made from older facts can be shown as stale.
   */
  factsVersion: col.int('facts_version').notNull().default(1),
  updatedAt: col.timestamp('updated_at').notNull(),
  /** The most all drafts together may spend on the model in one of the bakery's days; null: DRAFT_DAILY_DOLLARS. */
  dailyBudgetCents: col.int('daily_budget_cents'),
  /** Days after closing that a conversation's customer details and texts are erased; null keeps them. */
  retentionDays: col.int('retention_days'),
  /** Whether the ticket page names the person who sent each reply; otherwise it says the bakery. */
  showStaffNames: col.bool('show_staff_names').notNull().default(false),
  /** The owner's own topics (a few words each) that always go to a person, whatever a draft knows. */
  handoverTopics: col.json('handover_topics').$type<string[]>().notNull().default([]),
  /**
   * Where the owner is in the guided first run: 'pending' shows it after setup, 'done' once they
   * finish or skip it (Settings can open it again). Desks from before it existed start 'done'.
   */
  firstRun: col.enum('first_run', ['pending', 'done']).notNull().default('done'),
  /** Whether opening an unassigned conversation makes the person who opened it its assignee. */
  assignOnOpen: col.bool('assign_on_open').notNull().default(false),
  /** How long a sent reply is held so its sender can undo it; 0 sends at once. */
  undoSendSeconds: col.int('undo_send_seconds').notNull().default(10),
  /**
   * The websites (origins such as `https://bakery.example`) allowed to show the "Ask us" panel;
   * `WIDGET_ORIGINS` adds more. Empty: no website may.
   */
  widgetOrigins: col.json('widget_origins').$type<string[]>().notNull().default([]),
  /** When (HH:MM in the bakery's time zone) the server takes the daily backup of a SQLite desk. */
  backupTime: col.text('backup_time').notNull().default('03:00'),
});

/** Opening hours by ISO weekday (1 = Monday … 7 = Sunday); null opens/closes means closed. */
export const weeklyHours = table(
  'weekly_hours',
  {
    weekday: col.int('weekday').primaryKey(),
    opens: col.text('opens'),
    closes: col.text('closes'),
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
export const dateExceptions = table(
  'date_exceptions',
  {
    date: col.text('date').primaryKey(), // YYYY-MM-DD in the bakery's timezone
    closed: col.bool('closed').notNull(),
    opens: col.text('opens'),
    closes: col.text('closes'),
    note: col.text('note'),
  },
  (t) => [
    check(
      'date_exceptions_shape',
      sql`(${t.closed} = ${sqlTrue} and ${t.opens} is null and ${t.closes} is null) or (${t.closed} = ${sqlFalse} and ${t.opens} < ${t.closes})`,
    ),
  ],
);

export const menuItems = table(
  'menu_items',
  {
    id: col.id('id'),
    name: col.text('name').notNull(),
    /** lower(trim(name)): the unique key, so "Rye Loaf" and "rye loaf" cannot both exist. */
    nameKey: col.text('name_key').notNull(),
    priceCents: col.int('price_cents').notNull(),
    noticeDays: col.int('notice_days').notNull().default(0),
    available: col.bool('available').notNull().default(true),
    description: col.text('description'),
    /**
     * The major allergens in it, and those it may carry from the kitchen (cross-contact). Null
     * until the owner has recorded them: an item nobody checked is never read as free of any.
     */
    allergens: col.json('allergens').$type<Allergen[]>(),
    mayContain: col.json('may_contain').$type<Allergen[]>(),
    dietary: col.json('dietary').$type<DietaryTag[]>().notNull().default([]),
    ingredients: col.text('ingredients'),
    createdAt: col.timestamp('created_at').notNull(),
    updatedAt: col.timestamp('updated_at').notNull(),
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
export const knowledgeEntries = table('knowledge_entries', {
  id: col.id('id'),
  title: col.text('title').notNull(),
  answer: col.text('answer').notNull(),
  tags: col.json('tags').$type<string[]>().notNull().default([]),
  enabled: col.bool('enabled').notNull().default(true),
  createdAt: col.timestamp('created_at').notNull(),
  updatedAt: col.timestamp('updated_at').notNull(),
});

/**
 * The facts version at which each fact last changed ("item:rye loaf", "weekday:6",
 * "date:2026-12-24", "entry:3", "menu", "knowledge", "*" for all): a run that records what it
 * read is stale only when one of those changed after it.
 */
export const factChanges = table('fact_changes', {
  key: col.text('key').primaryKey(),
  factsVersion: col.int('facts_version').notNull(),
});

/**
 * A conversation (a ticket) and its place in the drafting queue. Its state follows the newest
 * message: a customer writing again after a reply makes it need a draft again. `text`,
 * `externalId` and `channel` are those of the message that opened it; `messages` holds them all.
 */
export const questions = table(
  'questions',
  {
    id: col.id('id'),
    text: col.text('text').notNull(),
    customerName: col.text('customer_name').notNull(),
    customerEmail: col.text('customer_email'),
    channel: col.enum('channel', channels).notNull(),
    externalId: col.text('external_id'),
    /**
     * The SHA-256 of the customer's capability for /t/<token> (192 random bits, never derived
     * from the id). Like a session id, only the hash is kept, so a copy of the database opens
     * no ticket.
     */
    ticketHash: col.text('ticket_token').notNull(),
    status: col.enum('status', questionStatuses).notNull().default('queued'),
    receivedAt: col.timestamp('received_at').notNull(),
    /**
     * When the customer last wrote: the conversation's place in the inbox and the queue, so a
     * follow-up to an old conversation comes up with today's questions. Set with every customer
     * message (the migration that added it filled it from the messages).
     */
    lastMessageAt: col.timestamp('last_message_at').notNull().default(theEpoch),
    updatedAt: col.timestamp('updated_at').notNull(),
    attempts: col.int('attempts').notNull().default(0),
    /** Earliest time a worker may claim it again after a failed attempt (backoff). */
    notBefore: col.timestamp('not_before'),
    /** The process holding the lease, so it can hand back all it holds when it stops. */
    leaseOwner: col.text('lease_owner'),
    /** New for every claim: only the claim that holds it may renew the lease or store a run. */
    leaseToken: col.text('lease_token'),
    leaseExpiresAt: col.timestamp('lease_expires_at'),
    lastError: col.text('last_error'),
    /** The draft staff are looking at: the latest run's text, or their saved edit. */
    draftText: col.text('draft_text'),
    draftRunId: col.int('draft_run_id'),
    discardReason: col.text('discard_reason'),
    /** Optimistic concurrency: every write that staff can race on bumps it. */
    version: col.int('version').notNull().default(1),
    /** When the retention period erased the customer's name, email and texts. */
    erasedAt: col.timestamp('erased_at'),
    /**
     * The conversation an email of this one named (In-Reply-To, References or a ticket
     * reference) while coming from another address: it opened its own conversation instead, and
     * staff may merge it by hand.
     */
    mentionsQuestionId: col.int('mentions_question_id'),
    /** An email of this conversation failed DMARC or SPF by the mailbox server's own check. */
    senderNotVerified: col.bool('sender_not_verified').notNull().default(false),
    /** Staff merged this conversation into that one: its messages live there now. */
    mergedIntoId: col.int('merged_into_id'),
    /** The person looking after this conversation; null while nobody is. */
    assigneeId: col.int('assignee_id').references(() => users.columns.id),
  },
  (t) => [
    index('questions_status_received').on(t.status, t.receivedAt),
    // The dashboard's discard reasons read from the index alone.
    index('questions_discards').on(t.status, t.receivedAt, t.channel, t.discardReason),
    index('questions_status_last_message').on(t.status, t.lastMessageAt),
    // With the channel, the dashboard counts questions per day and channel from the index alone.
    index('questions_received').on(t.receivedAt, t.channel),
    uniqueIndex('questions_ticket_token').on(t.ticketHash),
    uniqueIndex('questions_channel_external_id').on(t.channel, t.externalId),
    index('questions_lease').on(t.status, t.leaseExpiresAt),
    index('questions_assignee').on(t.assigneeId, t.status),
  ],
);

/**
 * How many questions are in each status, so the inbox's tabs are counted without reading every
 * question. Only triggers on `questions` write it (a custom migration), inside the writer's
 * transaction, so it never disagrees with the rows.
 */
export const questionStatusCounts = table('question_status_counts', {
  status: col.enum('status', questionStatuses).primaryKey(),
  count: col.int('count').notNull(),
});

/**
 * The dashboard's figures kept per quarter hour of UTC (`quarter`: an instant's milliseconds
 * divided by 900,000) and channel: the conversations that started in it with the messages they
 * hold, and the drafting runs that finished in it with their cost and tokens. Every time zone's
 * midnight falls on a quarter hour, so the bakery's days are whole runs of quarters in any zone
 * and a change of time zone needs no rebuild. Only triggers on `questions`, `messages` and
 * `agent_runs` write it (a custom migration), in the writer's transaction;
 * `rebuildDashboardQuarterHours` (db/dashboard-figures.ts) fills it again from the rows.
 */
export const dashboardQuarterHours = table(
  'dashboard_quarter_hours',
  {
    quarter: col.int('quarter').notNull(),
    channel: col.enum('channel', channels).notNull(),
    questions: col.int('questions').notNull().default(0),
    messages: col.int('messages').notNull().default(0),
    runs: col.int('runs').notNull().default(0),
    costUsd: col.real('cost_usd').notNull().default(0),
    inputTokens: col.int('input_tokens').notNull().default(0),
    outputTokens: col.int('output_tokens').notNull().default(0),
    cacheReadTokens: col.int('cache_read_tokens').notNull().default(0),
    cacheWriteTokens: col.int('cache_write_tokens').notNull().default(0),
  },
  (t) => [uniqueIndex('dashboard_quarter_hours_quarter_channel').on(t.quarter, t.channel)],
);

/**
 * Each answered question's first reply (the earliest sent, the lower id on a tie), with the
 * question's arrival and channel beside it, so the dashboard's waits and answers within the hour
 * read from one narrow index however many conversations the range holds. Only triggers on
 * `replies` and `questions` write it (drizzle/0024, drizzle-postgres/0012), in the writer's
 * transaction; `rebuildDashboardQuarterHours` (db/dashboard-figures.ts) fills it again.
 */
export const firstReplies = table(
  'first_replies',
  {
    questionId: col
      .int('question_id')
      .primaryKey()
      .references(() => questions.columns.id, { onDelete: 'cascade' }),
    receivedAt: col.timestamp('received_at').notNull(),
    channel: col.enum('channel', channels).notNull(),
    sentAt: col.timestamp('sent_at').notNull(),
    sentBy: col.int('sent_by').notNull(),
  },
  (t) => [index('first_replies_received').on(t.receivedAt, t.channel, t.sentAt, t.sentBy)],
);

/** One drafting attempt: what the agent did and what it cost. */
export const agentRuns = table(
  'agent_runs',
  {
    id: col.id('id'),
    questionId: col
      .int('question_id')
      .notNull()
      .references(() => questions.columns.id, { onDelete: 'cascade' }),
    model: col.text('model').notNull(),
    stopKind: col.enum('stop_kind', stopKinds).notNull(),
    /** modelStopped: refused | truncated | unfinished; free text for other stops. */
    stopReason: col.text('stop_reason'),
    draftText: col.text('draft_text'),
    turns: col.int('turns').notNull().default(0),
    inputTokens: col.int('input_tokens').notNull().default(0),
    outputTokens: col.int('output_tokens').notNull().default(0),
    cacheReadTokens: col.int('cache_read_tokens').notNull().default(0),
    cacheWriteTokens: col.int('cache_write_tokens').notNull().default(0),
    costUsd: col.real('cost_usd').notNull().default(0),
    error: col.text('error'),
    /** Set when the run marked the question for a person: why, and what they should check. */
    needsPersonReason: col.enum('needs_person_reason', needsPersonReasons),
    needsPersonNote: col.text('needs_person_note'),
    /** The newest customer message the run answered; every message up to it was read. */
    answeredMessageId: col.int('answered_message_id'),
    /** How many messages of the conversation the run read (customer's and bakery's). */
    messagesRead: col.int('messages_read').notNull().default(1),
    /** bakery.factsVersion when the run read the bakery's data. */
    factsVersion: col.int('facts_version').notNull(),
    /** Which items, days, exceptions and entries the run read; null for runs that kept no record. */
    factsRead: col.json('facts_read').$type<FactRef[]>(),
    startedAt: col.timestamp('started_at').notNull(),
    finishedAt: col.timestamp('finished_at').notNull(),
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
export const toolCalls = table(
  'tool_calls',
  {
    id: col.id('id'),
    runId: col
      .int('run_id')
      .notNull()
      .references(() => agentRuns.columns.id, { onDelete: 'cascade' }),
    seq: col.int('seq').notNull(),
    turn: col.int('turn').notNull(),
    callId: col.text('call_id').notNull(),
    toolName: col.text('tool_name').notNull(),
    input: col.text('input').notNull(), // JSON
    result: col.text('result').notNull(),
    isError: col.bool('is_error').notNull(),
    /** badInput | notFound | unavailable when isError; null otherwise. */
    errorKind: col.text('error_kind'),
    durationMs: col.int('duration_ms').notNull(),
  },
  (t) => [
    uniqueIndex('tool_calls_run_seq').on(t.runId, t.seq),
    // The dashboard's topics of a reply's draft read from the index alone.
    index('tool_calls_run_tool').on(t.runId, t.toolName),
    index('tool_calls_name_error').on(t.toolName, t.errorKind),
  ],
);

export const users = table(
  'users',
  {
    id: col.id('id'),
    email: col.text('email').notNull(), // stored lower-cased
    name: col.text('name').notNull(),
    role: col.enum('role', roles).notNull(),
    /** `$scrypt$n=…,r=…,p=…$salt$key`: the parameters travel with the hash. */
    passwordHash: col.text('password_hash').notNull(),
    /** Set for a temporary password an owner handed out; cleared when the person picks their own. */
    mustChangePassword: col.bool('must_change_password').notNull().default(false),
    /** The authenticator secret (base32) once two-factor sign-in is on; null when it is off. */
    totpSecret: col.text('totp_secret'),
    totpEnabledAt: col.timestamp('totp_enabled_at'),
    /** A secret shown for enrolment but not yet confirmed with a code. */
    totpPendingSecret: col.text('totp_pending_secret'),
    /** The last 30-second step whose code was accepted: codes are never accepted twice. */
    totpLastStep: col.int('totp_last_step'),
    createdAt: col.timestamp('created_at').notNull(),
    /** Removed staff keep their row so the replies they sent still name them. */
    removedAt: col.timestamp('removed_at'),
    /** The person's own choices: alert sound, browser notifications, what follows a send. */
    preferences: col
      .json('preferences')
      .$type<{ sound?: boolean; notifications?: boolean; nextAfterSend?: boolean }>()
      .notNull()
      .default({}),
  },
  // Unique among current accounts only, so a removed person's email can be added again.
  (t) => [uniqueIndex('users_email_current').on(t.email).where(sql`${t.removedAt} is null`)],
);

/** Server-side sessions: the id is the SHA-256 of the cookie's token, never the token itself. */
export const sessions = table(
  'sessions',
  {
    id: col.text('id').primaryKey(),
    userId: col
      .int('user_id')
      .notNull()
      .references(() => users.columns.id, { onDelete: 'cascade' }),
    /** When the session ends unless used again: the first of its absolute and idle limits. */
    expiresAt: col.timestamp('expires_at').notNull(),
    createdAt: col.timestamp('created_at').notNull(),
    /** Null until first used after sign-in (and for sessions older than this column). */
    lastSeenAt: col.timestamp('last_seen_at'),
    /** The browser and address that signed in, shown to the person on /account. */
    userAgent: col.text('user_agent'),
    address: col.text('address'),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/**
 * A sign-in waiting for its second step: the password was right, the authenticator code is
 * still to come. Like sessions, the id is the SHA-256 of a cookie's token.
 */
export const signInChallenges = table(
  'sign_in_challenges',
  {
    id: col.text('id').primaryKey(),
    userId: col
      .int('user_id')
      .notNull()
      .references(() => users.columns.id, { onDelete: 'cascade' }),
    createdAt: col.timestamp('created_at').notNull(),
    expiresAt: col.timestamp('expires_at').notNull(),
  },
  (t) => [index('sign_in_challenges_user').on(t.userId)],
);

/** One-time codes for signing in without the authenticator; only their SHA-256 is kept. */
export const recoveryCodes = table(
  'recovery_codes',
  {
    id: col.id('id'),
    userId: col
      .int('user_id')
      .notNull()
      .references(() => users.columns.id, { onDelete: 'cascade' }),
    codeHash: col.text('code_hash').notNull(),
    createdAt: col.timestamp('created_at').notNull(),
    usedAt: col.timestamp('used_at'),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash').on(t.userId, t.codeHash)],
);

/** Failed sign-ins, keyed by account and by address, for rate limiting across processes. */
export const signInFailures = table(
  'sign_in_failures',
  {
    id: col.id('id'),
    key: col.text('key').notNull(),
    at: col.timestamp('at').notNull(),
  },
  (t) => [index('sign_in_failures_key_at').on(t.key, t.at)],
);

/**
 * Each message a customer's address sent through the desk's own pages (`/ask`, a ticket's
 * write-back), kept for the limit's window only: every server on the database counts the same
 * hits, so a second server is not a second allowance. The key names the limit and the address.
 */
export const rateLimitHits = table(
  'rate_limit_hits',
  {
    id: col.id('id'),
    key: col.text('key').notNull(),
    at: col.timestamp('at').notNull(),
  },
  (t) => [index('rate_limit_hits_key_at').on(t.key, t.at), index('rate_limit_hits_at').on(t.at)],
);

/** What a person sent: the one row per question that a customer can read. */
export const replies = table(
  'replies',
  {
    id: col.id('id'),
    questionId: col
      .int('question_id')
      .notNull()
      .references(() => questions.columns.id, { onDelete: 'cascade' }),
    text: col.text('text').notNull(),
    sentBy: col
      .int('sent_by')
      .notNull()
      .references(() => users.columns.id),
    sentAt: col.timestamp('sent_at').notNull(),
    runId: col.int('run_id').references(() => agentRuns.columns.id),
    edited: col.bool('edited').notNull(),
    editDistance: col.int('edit_distance').notNull(),
    /**
     * Until then the reply is held so its sender can undo it: nothing of it is on the ticket page
     * and no email leaves. Readers compare it with the time, so it stays as it was after; null
     * for a reply sent with no hold and for every reply sent before holds existed.
     */
    heldUntil: col.timestamp('held_until'),
    /**
     * How far the sender moved from the draft (lib/insights/figures.ts `editClass`), decided as
     * the reply goes in by a trigger (drizzle/0023, drizzle-postgres/0011) and kept: erasure
     * blanks the text later, which would otherwise change the class the dashboard counts.
     */
    editClass: col.enum('edit_class', editClasses),
    /**
     * The tools its draft's run looked up, each once, by name in byte order and joined with
     * commas; null when it looked nothing up or the reply had no draft. Written with the reply
     * by a trigger (drizzle/0025, drizzle-postgres/0013), for the dashboard's edits by topic.
     */
    runTools: col.text('run_tools'),
  },
  (t) => [
    // With the sender, a question's first reply and its wait read from the index alone.
    index('replies_question').on(t.questionId, t.sentAt, t.sentBy),
    // The owner's dashboard counts replies over a range of send times, everyone's or one
    // person's, by edit class and by what the draft looked up, from the index alone.
    index('replies_sent').on(t.sentAt, t.questionId, t.sentBy, t.editClass, t.runTools),
    index('replies_sender_sent').on(t.sentBy, t.sentAt),
  ],
);

/**
 * A conversation's messages in order: what the customer wrote, and what the bakery sent (the
 * reply's own row keeps who sent it and how it was edited). Append-only: a message is never
 * changed, except erased with its conversation at the end of the retention period.
 */
export const messages = table(
  'messages',
  {
    id: col.id('id'),
    questionId: col
      .int('question_id')
      .notNull()
      .references(() => questions.columns.id, { onDelete: 'cascade' }),
    author: col.enum('author', messageAuthors).notNull(),
    channel: col.enum('channel', channels).notNull(),
    text: col.text('text').notNull(),
    /** The sender's own id for the message (a CRM's, a mail's): the same id again stores nothing. */
    externalId: col.text('external_id'),
    /** Set on the bakery's messages: the reply that sent it. */
    replyId: col.int('reply_id').references(() => replies.columns.id, { onDelete: 'cascade' }),
    at: col.timestamp('at').notNull(),
    /**
     * Email only: the RFC 5322 Message-ID (without angle brackets) the message came in as (a
     * customer's) or goes out as (the bakery's, minted before sending), the subject, the sender's
     * address and the References chain it carried, so replies thread in the customer's mail.
     */
    emailMessageId: col.text('email_message_id'),
    emailSubject: col.text('email_subject'),
    emailFrom: col.text('email_from'),
    emailReferences: col.text('email_references'),
  },
  (t) => [
    index('messages_question').on(t.questionId, t.id),
    // The sender's id names a message within its thread: another thread's same id is another message.
    uniqueIndex('messages_question_channel_external_id').on(t.questionId, t.channel, t.externalId),
    uniqueIndex('messages_reply').on(t.replyId),
    uniqueIndex('messages_email_message_id').on(t.emailMessageId),
  ],
);

/**
 * More ticket links to a conversation: each reply emailed carries a link of its own, so the
 * customer's earlier link keeps working. Like `questions.ticket_token`, only the SHA-256 of the
 * token is kept.
 */
export const ticketTokens = table(
  'ticket_tokens',
  {
    id: col.id('id'),
    questionId: col
      .int('question_id')
      .notNull()
      .references(() => questions.columns.id, { onDelete: 'cascade' }),
    hash: col.text('hash').notNull(),
    createdAt: col.timestamp('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('ticket_tokens_hash').on(t.hash),
    index('ticket_tokens_question').on(t.questionId),
  ],
);

/**
 * Ticket links staff replaced with a new one, kept only as their hashes so the page they open can
 * say the link was replaced rather than that it never existed. Both answer 404 (Next.js's
 * not-found page); they open nothing.
 */
export const replacedTicketLinks = table(
  'replaced_ticket_links',
  {
    id: col.id('id'),
    questionId: col
      .int('question_id')
      .notNull()
      .references(() => questions.columns.id, { onDelete: 'cascade' }),
    hash: col.text('hash').notNull(),
    replacedAt: col.timestamp('replaced_at').notNull(),
  },
  (t) => [
    uniqueIndex('replaced_ticket_links_hash').on(t.hash),
    index('replaced_ticket_links_question').on(t.questionId),
  ],
);

/**
 * A reply going out by email: written in the same transaction as the reply, delivered by the
 * lease-holding delivery worker. One row per reply, under the Message-ID minted with it, so a
 * delivery retried after a crash is the same email to the customer's mail program.
 */
export const emailOutbox = table(
  'email_outbox',
  {
    id: col.id('id'),
    questionId: col
      .int('question_id')
      .notNull()
      .references(() => questions.columns.id, { onDelete: 'cascade' }),
    replyId: col
      .int('reply_id')
      .notNull()
      .references(() => replies.columns.id, { onDelete: 'cascade' }),
    /** Without angle brackets; the bakery's message in the thread carries the same. */
    emailMessageId: col.text('email_message_id').notNull(),
    toAddress: col.text('to_address').notNull(),
    subject: col.text('subject').notNull(),
    /** The customer's email this answers, and the chain before it (space-separated, no <>). */
    inReplyTo: col.text('in_reply_to'),
    references: col.text('references'),
    /**
     * The token of the link the email carries, in the clear only until the server accepts the
     * email; then erased, so a copy of the database opens no ticket.
     */
    ticketToken: col.text('ticket_token'),
    status: col.enum('status', emailDeliveryStatuses).notNull().default('queued'),
    attempts: col.int('attempts').notNull().default(0),
    /** Earliest next try after a temporary failure (backoff). */
    notBefore: col.timestamp('not_before'),
    leaseOwner: col.text('lease_owner'),
    /** New for every claim: only that claim may renew the lease or record a failure. */
    leaseToken: col.text('lease_token'),
    leaseExpiresAt: col.timestamp('lease_expires_at'),
    /** The mail server's words on the last failure. */
    lastError: col.text('last_error'),
    /** The mail server's words when it accepted the email. */
    serverResponse: col.text('server_response'),
    createdAt: col.timestamp('created_at').notNull(),
    updatedAt: col.timestamp('updated_at').notNull(),
    sentAt: col.timestamp('sent_at'),
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
export const inboundEmails = table(
  'inbound_emails',
  {
    id: col.id('id'),
    /** The Message-ID without <>, or `sha256:<hex>` of the raw bytes for mail that has none. */
    key: col.text('key').notNull(),
    /** 'question' opened a conversation, 'follow-up' joined one, the others are no message. */
    outcome: col.enum('outcome', inboundEmailOutcomes).notNull(),
    /** Why it is no question, or why it could not be read. */
    reason: col.text('reason'),
    questionId: col
      .int('question_id')
      .references(() => questions.columns.id, { onDelete: 'cascade' }),
    messageId: col
      .int('message_id')
      .references(() => messages.columns.id, { onDelete: 'set null' }),
    fromAddress: col.text('from_address'),
    subject: col.text('subject'),
    /** JSON: [{ name, size }] */
    attachments: col
      .json('attachments')
      .$type<{ name: string; size: number }[]>()
      .notNull()
      .default([]),
    raw: col.bytes('raw').notNull(),
    size: col.int('size').notNull(),
    receivedAt: col.timestamp('received_at').notNull(),
  },
  (t) => [
    uniqueIndex('inbound_emails_key').on(t.key),
    index('inbound_emails_question').on(t.questionId),
    uniqueIndex('inbound_emails_message').on(t.messageId),
  ],
);

/**
 * Emails of the mailbox that failed to be taken, by the mailbox path, its UIDVALIDITY and the
 * UID: each failure is counted, so one email that keeps failing is kept as failed after a few
 * attempts instead of being tried at every pass.
 */
export const inboundEmailAttempts = table('inbound_email_attempts', {
  key: col.text('key').primaryKey(),
  attempts: col.int('attempts').notNull().default(0),
  lastError: col.text('last_error'),
  lastAttemptAt: col.timestamp('last_attempt_at').notNull(),
});

/**
 * How each mail server answered last: written by the workers that talk to them, read by the
 * settings page, so an owner sees a server that is down or refusing logins (never a password).
 */
export const mailChannels = table('mail_channels', {
  /** 'smtp' (replies out) or 'imap' (customers' emails in). */
  name: col.enum('name', ['smtp', 'imap']).primaryKey(),
  lastOkAt: col.timestamp('last_ok_at'),
  lastError: col.text('last_error'),
  lastErrorAt: col.timestamp('last_error_at'),
});

/**
 * A connection the owner set up in Settings: the model that drafts ('model'), the server replies
 * go out through ('smtp') and the mailbox customers write to ('imap'). `settings` holds what may
 * be shown (provider, host, port, user…); the password or API key is only ever stored sealed
 * (AES-256-GCM, lib/secrets), with its last characters kept apart so Settings can say which one is
 * set without opening it. A variable in the server's environment wins over a row here.
 */
export const connections = table('connections', {
  name: col.enum('name', ['model', 'smtp', 'imap']).primaryKey(),
  settings: col
    .json('settings')
    .$type<Record<string, string | number | boolean>>()
    .notNull()
    .default({}),
  /** The sealed secret: version, nonce, tag and ciphertext (lib/secrets); null when none is set. */
  sealedSecret: col.text('sealed_secret'),
  /** The secret's last four characters, for "set, ends in …abcd". */
  secretEnding: col.text('secret_ending'),
  updatedAt: col.timestamp('updated_at').notNull(),
  updatedBy: col.int('updated_by').references(() => users.columns.id),
});

/**
 * A one-time link an owner made for a new colleague, who opens it to choose their own password.
 * Like a session, only the SHA-256 of the link's token is kept.
 */
export const staffInvites = table(
  'staff_invites',
  {
    id: col.id('id'),
    tokenHash: col.text('token_hash').notNull(),
    email: col.text('email').notNull(), // stored lower-cased
    name: col.text('name').notNull(),
    role: col.enum('role', roles).notNull(),
    createdBy: col.int('created_by').references(() => users.columns.id),
    createdAt: col.timestamp('created_at').notNull(),
    expiresAt: col.timestamp('expires_at').notNull(),
    /** When the colleague set their password: the link opens nothing after that. */
    acceptedAt: col.timestamp('accepted_at'),
    /** When the owner took the link back before it was used. */
    revokedAt: col.timestamp('revoked_at'),
  },
  (t) => [uniqueIndex('staff_invites_token').on(t.tokenHash)],
);

/**
 * A note staff leave each other on a conversation: shown in its thread, marked as a note, to
 * staff only. Never sent, never on the ticket page or in an email, never a reply; drafts may read
 * it as the bakery's own context, apart from the customer's words.
 */
export const conversationNotes = table(
  'conversation_notes',
  {
    id: col.id('id'),
    questionId: col
      .int('question_id')
      .notNull()
      .references(() => questions.columns.id, { onDelete: 'cascade' }),
    authorId: col
      .int('author_id')
      .notNull()
      .references(() => users.columns.id),
    text: col.text('text').notNull(),
    at: col.timestamp('at').notNull(),
  },
  (t) => [index('conversation_notes_question').on(t.questionId, t.at)],
);

/**
 * What the customer said under a reply the bakery sent (the bakery's message): whether it
 * answered their question, and an optional comment in their words. One answer per reply, which
 * they may change; `answeredAt` is when they first answered, `changedAt` their latest change.
 */
export const replyFeedback = table(
  'reply_feedback',
  {
    id: col.id('id'),
    messageId: col
      .int('message_id')
      .notNull()
      .references(() => messages.columns.id, { onDelete: 'cascade' }),
    questionId: col
      .int('question_id')
      .notNull()
      .references(() => questions.columns.id, { onDelete: 'cascade' }),
    answer: col.enum('answer', feedbackAnswers).notNull(),
    comment: col.text('comment'),
    answeredAt: col.timestamp('answered_at').notNull(),
    changedAt: col.timestamp('changed_at').notNull(),
  },
  (t) => [
    uniqueIndex('reply_feedback_message').on(t.messageId),
    index('reply_feedback_question').on(t.questionId),
    // The owner's dashboard reads answers over a range of times.
    index('reply_feedback_answered').on(t.answeredAt),
    check(
      'reply_feedback_comment_length',
      sql`length(${t.comment}) <= ${sql.raw(String(FEEDBACK_COMMENT_MAX))}`,
    ),
  ],
);

/**
 * A saved reply: its text may hold {customer_first_name}, {bakery_name} and {ticket_link}.
 * Personal snippets are their keeper's; shared ones (the owner's to mark) are everyone's.
 */
export const snippets = table('snippets', {
  id: col.id('id'),
  title: col.text('title').notNull(),
  text: col.text('text').notNull(),
  ownerId: col
    .int('owner_id')
    .notNull()
    .references(() => users.columns.id),
  shared: col.bool('shared').notNull().default(false),
  createdAt: col.timestamp('created_at').notNull(),
  updatedAt: col.timestamp('updated_at').notNull(),
});

/** The owner's labels for conversations, each with a colour (a CSS hex colour like #c2410c). */
export const labels = table(
  'labels',
  {
    id: col.id('id'),
    name: col.text('name').notNull(),
    colour: col.text('colour').notNull(),
    createdAt: col.timestamp('created_at').notNull(),
  },
  (t) => [uniqueIndex('labels_name').on(t.name)],
);

/** Which labels a conversation carries. */
export const conversationLabels = table(
  'conversation_labels',
  {
    id: col.id('id'),
    questionId: col
      .int('question_id')
      .notNull()
      .references(() => questions.columns.id, { onDelete: 'cascade' }),
    labelId: col
      .int('label_id')
      .notNull()
      .references(() => labels.columns.id, { onDelete: 'cascade' }),
    addedAt: col.timestamp('added_at').notNull(),
    addedBy: col.int('added_by').references(() => users.columns.id),
  },
  (t) => [
    uniqueIndex('conversation_labels_pair').on(t.questionId, t.labelId),
    index('conversation_labels_label').on(t.labelId),
  ],
);

export const auditLog = table(
  'audit_log',
  {
    id: col.id('id'),
    userId: col.int('user_id').references(() => users.columns.id),
    at: col.timestamp('at').notNull(),
    action: col.text('action').notNull(), // e.g. menu.update, hours.update, staff.remove
    entity: col.text('entity').notNull(),
    entityId: col.text('entity_id'),
    before: col.text('before'), // JSON
    after: col.text('after'), // JSON
  },
  (t) => [index('audit_log_at').on(t.at)],
);

/**
 * Changes to stored data that SQL alone cannot make (hashing the ticket tokens), applied once
 * each, in order, right after the schema migrations.
 */
export const dataMigrations = table('data_migrations', {
  name: col.text('name').primaryKey(),
  appliedAt: col.timestamp('applied_at').notNull(),
});

/**
 * Each backup the desk took of its SQLite file (daily, before a migration, before an upgrade)
 * and how its check went: the file, its size, whether it is intact and the rows in each table.
 * /admin/data shows the newest; the metrics read it. A daily backup names the bakery's day it
 * is for, one per day, so two processes never both take it.
 */
export const backupRuns = table(
  'backup_runs',
  {
    id: col.id('id'),
    reason: col.enum('reason', ['daily', 'migration', 'upgrade']).notNull(),
    day: col.text('day'),
    startedAt: col.timestamp('started_at').notNull(),
    finishedAt: col.timestamp('finished_at'),
    file: col.text('file').notNull(),
    sizeBytes: col.int('size_bytes'),
    /** Null while it runs; false with `problem` saying why. */
    ok: col.bool('ok'),
    problem: col.text('problem'),
    tableRows: col.json('table_rows').$type<Record<string, number>>(),
  },
  (t) => [uniqueIndex('backup_runs_day').on(t.day), index('backup_runs_started').on(t.startedAt)],
);
