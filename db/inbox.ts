import 'server-only';
import { and, asc, desc, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { type InboxGroup, statusesOf } from '@/lib/inbox/groups';
import { type SourceRows, sourceKeys } from '@/lib/inbox/sources';
import type { FactsNow } from '@/lib/inbox/staleness';
import { getDb } from './client';
import { listThread, type ThreadMessage } from './conversations';
import { type EmailDelivery, listEmailDeliveries, outboxChangeStamp } from './outbox';
import {
  type AgentRun,
  agentRuns,
  bakery,
  emailOutbox,
  factChanges,
  knowledgeEntries,
  menuItems,
  messages,
  type Question,
  type QuestionStatus,
  questionStatusCounts,
  questions,
  type Reply,
  replies,
  type ToolCall,
  toolCalls,
  users,
} from './schema';

/** What the inbox reads: lists by tab, one question with its runs, and a cheap change check. */

export type InboxRow = Pick<
  Question,
  'id' | 'customerName' | 'customerEmail' | 'text' | 'status' | 'receivedAt'
> & {
  /** The newest message the customer wrote, and when. */
  latest: { id: number; text: string; at: Date } | null;
  /** Every message of the conversation, the customer's and the bakery's. */
  messageCount: number;
  /** Whether a reply's email was refused for good and waits for a person's Resend. */
  emailFailed: boolean;
  run: Pick<
    AgentRun,
    | 'stopKind'
    | 'factsVersion'
    | 'factsRead'
    | 'needsPersonReason'
    | 'needsPersonNote'
    | 'answeredMessageId'
  > | null;
};

// The newest customer message of the row's conversation, found from the (question_id, id) index.
const latestMessage = alias(messages, 'latest_message');
const isLatestCustomerMessage = eq(
  latestMessage.id,
  sql`(select max(m.id) from ${messages} m where m.question_id = ${questions.id} and m.author = 'customer')`,
);

/** Only questions whose current draft a run marked for a person. */
function personFilter(needsPerson: boolean | undefined): SQL | undefined {
  return needsPerson ? isNotNull(agentRuns.needsPersonReason) : undefined;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function searchFilter(search: string | undefined): SQL | undefined {
  const term = search?.trim();
  if (!term) return undefined;
  const pattern = `%${escapeLike(term)}%`;
  return or(
    sql`exists (select 1 from ${messages} where ${messages.questionId} = ${questions.id} and ${messages.text} like ${pattern} escape '\\')`,
    sql`${questions.customerName} like ${pattern} escape '\\'`,
    sql`coalesce(${questions.customerEmail}, '') like ${pattern} escape '\\'`,
  );
}

export function currentFactsVersion(): number {
  return getDb().select({ v: bakery.factsVersion }).from(bakery).get()?.v ?? 1;
}

/** The facts version and where each fact last changed, for judging which drafts are stale. */
export function currentFacts(): FactsNow {
  const db = getDb();
  return db.$client
    .transaction(() => ({
      factsVersion: currentFactsVersion(),
      changes: db.select().from(factChanges).all(),
    }))
    .deferred();
}

/** Questions per status (matching the search), for the tabs' counts. */
export function countQuestionsByStatus({
  search,
  needsPerson,
}: {
  search?: string;
  needsPerson?: boolean;
}): Partial<Record<QuestionStatus, number>> {
  const db = getDb();
  // Unfiltered, the counts the triggers keep: one row per status, however many questions.
  if (!searchFilter(search) && !needsPerson) {
    const kept = db.select().from(questionStatusCounts).all();
    return Object.fromEntries(kept.filter((r) => r.count > 0).map((r) => [r.status, r.count]));
  }
  const filtered = db
    .select({ status: questions.status, n: sql<number>`count(*)` })
    .from(questions);
  const rows = (
    needsPerson ? filtered.innerJoin(agentRuns, eq(agentRuns.id, questions.draftRunId)) : filtered
  )
    .where(and(searchFilter(search), personFilter(needsPerson)))
    .groupBy(questions.status)
    .all();
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/**
 * The ids on one page of a tab, newest first. Each status is read in the order of its
 * (status, last_message_at) index and stops at the page's end, then the statuses are merged: a
 * tab of two statuses never sorts every question in it, and the row's details (the newest
 * message, the counts) are read for the page's rows only.
 */
function pageOfIds({
  group,
  search,
  needsPerson,
  page,
  pageSize,
}: {
  group: InboxGroup;
  search?: string;
  needsPerson?: boolean;
  page: number;
  pageSize: number;
}): number[] {
  const db = getDb();
  const end = page * pageSize;
  const candidates = statusesOf(group).flatMap((status) => {
    const base = db
      .select({ id: questions.id, at: questions.lastMessageAt })
      .from(questions)
      .$dynamic();
    const joined = needsPerson
      ? base.innerJoin(agentRuns, eq(agentRuns.id, questions.draftRunId))
      : base;
    return joined
      .where(and(eq(questions.status, status), searchFilter(search), personFilter(needsPerson)))
      .orderBy(desc(questions.lastMessageAt), desc(questions.id))
      .limit(end)
      .all();
  });
  return candidates
    .sort((a, b) => b.at.getTime() - a.at.getTime() || b.id - a.id)
    .slice(end - pageSize, end)
    .map((row) => row.id);
}

/** One page of a tab, newest first. */
export function listInbox({
  group,
  search,
  needsPerson,
  page,
  pageSize,
}: {
  group: InboxGroup;
  search?: string;
  needsPerson?: boolean;
  page: number;
  pageSize: number;
}): InboxRow[] {
  const ids = pageOfIds({ group, search, needsPerson, page, pageSize });
  if (ids.length === 0) return [];
  const rows = getDb()
    .select({
      id: questions.id,
      customerName: questions.customerName,
      customerEmail: questions.customerEmail,
      text: questions.text,
      status: questions.status,
      receivedAt: questions.receivedAt,
      latestId: latestMessage.id,
      latestText: latestMessage.text,
      latestAt: latestMessage.at,
      messageCount: sql<number>`(select count(*) from ${messages} where ${messages.questionId} = ${questions.id})`,
      emailFailed: sql<number>`exists (select 1 from ${emailOutbox} where ${emailOutbox.questionId} = ${questions.id} and ${emailOutbox.status} = 'failed')`,
      answeredMessageId: agentRuns.answeredMessageId,
      stopKind: agentRuns.stopKind,
      factsVersion: agentRuns.factsVersion,
      factsRead: agentRuns.factsRead,
      needsPersonReason: agentRuns.needsPersonReason,
      needsPersonNote: agentRuns.needsPersonNote,
    })
    .from(questions)
    .leftJoin(agentRuns, eq(agentRuns.id, questions.draftRunId))
    .leftJoin(latestMessage, isLatestCustomerMessage)
    .where(inArray(questions.id, ids))
    .orderBy(desc(questions.lastMessageAt), desc(questions.id))
    .all();
  return rows.map(
    ({
      stopKind,
      factsVersion,
      factsRead,
      needsPersonReason,
      needsPersonNote,
      answeredMessageId,
      latestId,
      latestText,
      latestAt,
      emailFailed,
      ...row
    }) => ({
      ...row,
      emailFailed: Boolean(emailFailed),
      latest:
        latestId !== null && latestText !== null && latestAt !== null
          ? { id: latestId, text: latestText, at: latestAt }
          : null,
      run:
        stopKind !== null && factsVersion !== null
          ? {
              stopKind,
              factsVersion,
              factsRead,
              needsPersonReason,
              needsPersonNote,
              answeredMessageId,
            }
          : null,
    }),
  );
}

/**
 * The questions just newer and just older than one, in a tab's order (newest first), for
 * moving through the inbox with j and k.
 */
export function inboxNeighbours({ group, id }: { group: InboxGroup; id: number }): {
  previous: number | null;
  next: number | null;
} {
  const db = getDb();
  const current = db
    .select({ lastMessageAt: questions.lastMessageAt })
    .from(questions)
    .where(eq(questions.id, id))
    .get();
  if (!current) return { previous: null, next: null };
  // Row values, so each status's (status, last_message_at) index seeks straight to the
  // question's place; a tab of two statuses asks each and keeps the nearest.
  const at = current.lastMessageAt.getTime();
  const place = sql`(${questions.lastMessageAt}, ${questions.id})`;
  const nearest = (direction: 'newer' | 'older') =>
    statusesOf(group)
      .map((status) =>
        db
          .select({ id: questions.id, at: questions.lastMessageAt })
          .from(questions)
          .where(
            and(
              eq(questions.status, status),
              direction === 'newer'
                ? sql`${place} > (${at}, ${id})`
                : sql`${place} < (${at}, ${id})`,
            ),
          )
          .orderBy(
            ...(direction === 'newer'
              ? [asc(questions.lastMessageAt), asc(questions.id)]
              : [desc(questions.lastMessageAt), desc(questions.id)]),
          )
          .limit(1)
          .get(),
      )
      .filter((row) => row !== undefined)
      .sort((a, b) =>
        direction === 'newer'
          ? a.at.getTime() - b.at.getTime() || a.id - b.id
          : b.at.getTime() - a.at.getTime() || b.id - a.id,
      )[0];
  const newer = nearest('newer');
  const older = nearest('older');
  return { previous: newer?.id ?? null, next: older?.id ?? null };
}

export type RunWithCalls = AgentRun & { calls: ToolCall[] };
export type SentReply = Reply & { senderName: string };

export type QuestionDetail = {
  question: Question;
  /** The conversation, oldest first, with who sent each reply. */
  thread: ThreadMessage[];
  /** Newest first. */
  runs: RunWithCalls[];
  /** Every reply sent, oldest first. */
  replies: SentReply[];
  /** Each emailed reply's delivery, oldest first; none without SMTP_URL. */
  deliveries: EmailDelivery[];
  factsVersion: number;
  facts: FactsNow;
};

export function getQuestionDetail({ id }: { id: number }): QuestionDetail | undefined {
  const db = getDb();
  return db.$client
    .transaction(() => {
      const question = db.select().from(questions).where(eq(questions.id, id)).get();
      if (!question) return undefined;
      const runs = db
        .select()
        .from(agentRuns)
        .where(eq(agentRuns.questionId, id))
        .orderBy(desc(agentRuns.startedAt), desc(agentRuns.id))
        .all();
      const calls = runs.length
        ? db
            .select()
            .from(toolCalls)
            .where(
              inArray(
                toolCalls.runId,
                runs.map((r) => r.id),
              ),
            )
            .orderBy(asc(toolCalls.runId), asc(toolCalls.seq))
            .all()
        : [];
      const sent = db
        .select({ reply: replies, senderName: users.name })
        .from(replies)
        .innerJoin(users, eq(users.id, replies.sentBy))
        .where(eq(replies.questionId, id))
        .orderBy(asc(replies.sentAt), asc(replies.id))
        .all();
      return {
        question,
        thread: listThread({ questionId: id, withStaffNames: true }),
        runs: runs.map((run) => ({ ...run, calls: calls.filter((c) => c.runId === run.id) })),
        replies: sent.map((row) => ({ ...row.reply, senderName: row.senderName })),
        deliveries: listEmailDeliveries({ questionId: id }),
        factsVersion: currentFactsVersion(),
        facts: currentFacts(),
      };
    })
    .deferred();
}

/**
 * Changes whenever a question is added or changes state, whoever wrote it (this server, a
 * separate worker process, a colleague): the live feed compares it every couple of seconds.
 */
export function inboxChangeStamp(): string {
  const row = getDb()
    .select({
      n: sql<number>`count(*)`,
      updated: sql<number | null>`max(${questions.updatedAt})`,
      versions: sql<number>`total(${questions.version})`,
    })
    .from(questions)
    .get();
  const facts = currentFactsVersion();
  // An email's delivery (sent, failed, retried) shows on its question's page too.
  const emails = outboxChangeStamp(getDb());
  return `${row?.n ?? 0}:${row?.updated ?? 0}:${row?.versions ?? 0}:${facts}:${emails}`;
}

/** The knowledge entries and menu items a run read, as they are now, for its sources. */
export function getSourceRows({
  factsRead,
}: {
  factsRead: readonly string[] | null | undefined;
}): SourceRows {
  const { entryIds, itemKeys } = sourceKeys(factsRead);
  const db = getDb();
  return {
    entries:
      entryIds.length > 0
        ? db
            .select({
              id: knowledgeEntries.id,
              title: knowledgeEntries.title,
              updatedAt: knowledgeEntries.updatedAt,
              enabled: knowledgeEntries.enabled,
            })
            .from(knowledgeEntries)
            .where(inArray(knowledgeEntries.id, entryIds))
            .all()
        : [],
    items:
      itemKeys.length > 0
        ? db
            .select({
              name: menuItems.name,
              nameKey: menuItems.nameKey,
              updatedAt: menuItems.updatedAt,
            })
            .from(menuItems)
            .where(inArray(menuItems.nameKey, itemKeys))
            .all()
        : [],
  };
}
