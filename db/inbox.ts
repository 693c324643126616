import 'server-only';
import { and, asc, desc, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { type InboxGroup, statusesOf } from '@/lib/inbox/groups';
import { type SourceRows, sourceKeys } from '@/lib/inbox/sources';
import type { FactsNow } from '@/lib/inbox/staleness';
import { storableText } from '@/lib/intake/clean-text';
import { type AssigneeView, assigneeFilter } from './assignment';
import { engineOf, getDb, snapshot } from './client';
import { labelFilter } from './labels';

type Engine = ReturnType<typeof engineOf>;

import { listThread, type ThreadMessage } from './conversations';
import { feedbackChangeStamp } from './feedback';
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
  | 'id'
  | 'customerName'
  | 'customerEmail'
  | 'text'
  | 'status'
  | 'receivedAt'
  | 'mentionsQuestionId'
  | 'senderNotVerified'
  | 'assigneeId'
> & {
  /** The customer address of the conversation this one mentions, to say whether it differs. */
  mentionedEmail: string | null;
  /** The newest message the customer wrote, and when. */
  latest: { id: number; text: string; at: Date } | null;
  /** Every message of the conversation, the customer's and the bakery's. */
  messageCount: number;
  /** Whether a reply's email was refused for good and waits for a person's Resend. */
  emailFailed: boolean;
  /** Who looks after it; null while nobody does. */
  assigneeName: string | null;
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

/**
 * `text` contains `pattern` (a LIKE pattern, `\` escaping its wildcards), ignoring the case of
 * ASCII letters only, as SQLite's `like` does. PostgreSQL's `like` is exact (and its `ilike`
 * folds every alphabet), so there both sides fold A–Z alone and are compared exactly.
 */
function likeIgnoringAsciiCase(engine: Engine, text: SQL, pattern: string): SQL {
  if (engine === 'sqlite') return sql`${text} like ${pattern} escape '\\'`;
  const folded = pattern.replace(/[A-Z]/g, (c) => c.toLowerCase());
  return sql`translate(${text}, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') like ${folded} escape '\\'`;
}

function searchFilter(engine: Engine, search: string | undefined): SQL | undefined {
  // A search box's words come from outside: a NUL in them is an error on PostgreSQL.
  const term = storableText(search ?? '').trim();
  if (!term) return undefined;
  const pattern = `%${escapeLike(term)}%`;
  const matches = (text: SQL) => likeIgnoringAsciiCase(engine, text, pattern);
  return or(
    sql`exists (select 1 from ${messages} where ${messages.questionId} = ${questions.id} and ${matches(sql`${messages.text}`)})`,
    matches(sql`${questions.customerName}`),
    matches(sql`coalesce(${questions.customerEmail}, '')`),
  );
}

export async function currentFactsVersion(): Promise<number> {
  const [row] = await (await getDb()).select({ v: bakery.factsVersion }).from(bakery).limit(1);
  return row?.v ?? 1;
}

/** The facts version and where each fact last changed, for judging which drafts are stale. */
export async function currentFacts(): Promise<FactsNow> {
  const db = await getDb();
  return snapshot(db, async (tx) => ({
    factsVersion: await currentFactsVersion(),
    changes: await tx.select().from(factChanges),
  }));
}

/** Questions per status (matching the search), for the tabs' counts. */
export async function countQuestionsByStatus({
  search,
  needsPerson,
  labelId,
  assignee,
}: {
  search?: string;
  needsPerson?: boolean;
  /** Only conversations carrying this label. */
  labelId?: number;
  assignee?: AssigneeView;
}): Promise<Partial<Record<QuestionStatus, number>>> {
  const db = await getDb();
  // Unfiltered, the counts the triggers keep: one row per status, however many questions.
  if (!search?.trim() && !needsPerson && labelId === undefined && !assignee) {
    const kept = await db.select().from(questionStatusCounts);
    return Object.fromEntries(kept.filter((r) => r.count > 0).map((r) => [r.status, r.count]));
  }
  const filtered = db
    .select({ status: questions.status, n: sql<number>`count(*)` })
    .from(questions);
  const rows = await (needsPerson
    ? filtered.innerJoin(agentRuns, eq(agentRuns.id, questions.draftRunId))
    : filtered
  )
    .where(
      and(
        searchFilter(engineOf(db), search),
        personFilter(needsPerson),
        labelFilter(labelId),
        assigneeFilter(assignee),
      ),
    )
    .groupBy(questions.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/**
 * The ids on one page of a tab, newest first. Each status is read in the order of its
 * (status, last_message_at) index and stops at the page's end, then the statuses are merged: a
 * tab of two statuses never sorts every question in it, and the row's details (the newest
 * message, the counts) are read for the page's rows only.
 */
async function pageOfIds({
  group,
  search,
  needsPerson,
  labelId,
  assignee,
  page,
  pageSize,
}: {
  group: InboxGroup;
  search?: string;
  needsPerson?: boolean;
  /** Only conversations carrying this label. */
  labelId?: number;
  assignee?: AssigneeView;
  page: number;
  pageSize: number;
}): Promise<number[]> {
  const db = await getDb();
  const end = page * pageSize;
  const candidates: { id: number; at: Date }[] = [];
  for (const status of statusesOf(group)) {
    const base = db
      .select({ id: questions.id, at: questions.lastMessageAt })
      .from(questions)
      .$dynamic();
    const joined = needsPerson
      ? base.innerJoin(agentRuns, eq(agentRuns.id, questions.draftRunId))
      : base;
    candidates.push(
      ...(await joined
        .where(
          and(
            eq(questions.status, status),
            searchFilter(engineOf(db), search),
            personFilter(needsPerson),
            labelFilter(labelId),
            assigneeFilter(assignee),
          ),
        )
        .orderBy(desc(questions.lastMessageAt), desc(questions.id))
        .limit(end)),
    );
  }
  return candidates
    .sort((a, b) => b.at.getTime() - a.at.getTime() || b.id - a.id)
    .slice(end - pageSize, end)
    .map((row) => row.id);
}

/** One page of a tab, newest first. */
export async function listInbox({
  group,
  search,
  needsPerson,
  labelId,
  assignee,
  page,
  pageSize,
}: {
  group: InboxGroup;
  search?: string;
  needsPerson?: boolean;
  /** Only conversations carrying this label. */
  labelId?: number;
  assignee?: AssigneeView;
  page: number;
  pageSize: number;
}): Promise<InboxRow[]> {
  const ids = await pageOfIds({ group, search, needsPerson, labelId, assignee, page, pageSize });
  if (ids.length === 0) return [];
  const rows = await (await getDb())
    .select({
      id: questions.id,
      customerName: questions.customerName,
      customerEmail: questions.customerEmail,
      text: questions.text,
      status: questions.status,
      receivedAt: questions.receivedAt,
      mentionsQuestionId: questions.mentionsQuestionId,
      senderNotVerified: questions.senderNotVerified,
      assigneeId: questions.assigneeId,
      mentionedEmail: sql<
        string | null
      >`(select mentioned.customer_email from ${questions} mentioned where mentioned.id = ${questions.mentionsQuestionId})`,
      latestId: latestMessage.id,
      latestText: latestMessage.text,
      latestAt: latestMessage.at,
      messageCount: sql<number>`(select count(*) from ${messages} where ${messages.questionId} = ${questions.id})`,
      emailFailed: sql<number>`exists (select 1 from ${emailOutbox} where ${emailOutbox.questionId} = ${questions.id} and ${emailOutbox.status} = 'failed')`,
      assigneeName: sql<
        string | null
      >`(select assignee.name from ${users} assignee where assignee.id = ${questions.assigneeId})`,
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
    .orderBy(desc(questions.lastMessageAt), desc(questions.id));
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
export async function inboxNeighbours({ group, id }: { group: InboxGroup; id: number }): Promise<{
  previous: number | null;
  next: number | null;
}> {
  const db = await getDb();
  const [current] = await db
    .select({ lastMessageAt: questions.lastMessageAt })
    .from(questions)
    .where(eq(questions.id, id))
    .limit(1);
  if (!current) return { previous: null, next: null };
  // Row values, so each status's (status, last_message_at) index seeks straight to the
  // question's place; a tab of two statuses asks each and keeps the nearest.
  const at = current.lastMessageAt.getTime();
  const place = sql`(${questions.lastMessageAt}, ${questions.id})`;
  const nearest = async (direction: 'newer' | 'older') =>
    (
      await Promise.all(
        statusesOf(group).map(async (status) => {
          const [row] = await db
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
            .limit(1);
          return row;
        }),
      )
    )
      .filter((row) => row !== undefined)
      .sort((a, b) =>
        direction === 'newer'
          ? a.at.getTime() - b.at.getTime() || a.id - b.id
          : b.at.getTime() - a.at.getTime() || b.id - a.id,
      )[0];
  const newer = await nearest('newer');
  const older = await nearest('older');
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

export async function getQuestionDetail({
  id,
}: {
  id: number;
}): Promise<QuestionDetail | undefined> {
  const db = await getDb();
  return snapshot(db, async (tx) => {
    const [question] = await tx.select().from(questions).where(eq(questions.id, id)).limit(1);
    if (!question) return undefined;
    const runs = await tx
      .select()
      .from(agentRuns)
      .where(eq(agentRuns.questionId, id))
      .orderBy(desc(agentRuns.startedAt), desc(agentRuns.id));
    const calls = runs.length
      ? await tx
          .select()
          .from(toolCalls)
          .where(
            inArray(
              toolCalls.runId,
              runs.map((r) => r.id),
            ),
          )
          .orderBy(asc(toolCalls.runId), asc(toolCalls.seq))
      : [];
    const sent = await tx
      .select({ reply: replies, senderName: users.name })
      .from(replies)
      .innerJoin(users, eq(users.id, replies.sentBy))
      .where(eq(replies.questionId, id))
      .orderBy(asc(replies.sentAt), asc(replies.id));
    return {
      question,
      thread: await listThread({ questionId: id, withStaffNames: true }),
      runs: runs.map((run) => ({ ...run, calls: calls.filter((c) => c.runId === run.id) })),
      replies: sent.map((row) => ({ ...row.reply, senderName: row.senderName })),
      deliveries: await listEmailDeliveries({ questionId: id }),
      factsVersion: await currentFactsVersion(),
      facts: await currentFacts(),
    };
  });
}

/**
 * Changes whenever a question is added or changes state, whoever wrote it (this server, a
 * separate worker process, a colleague): the live feed compares it every couple of seconds.
 */
export async function inboxChangeStamp(): Promise<string> {
  const db = await getDb();
  const [row] = await db
    .select({
      n: sql<number>`count(*)`,
      updated: sql<number | null>`max(${questions.updatedAt})`,
      versions: sql<number>`coalesce(sum(${questions.version}), 0)`,
    })
    .from(questions);
  const facts = await currentFactsVersion();
  // An email's delivery (sent, failed, retried) shows on its question's page too.
  const emails = await outboxChangeStamp(db);
  // So does a customer's answer under a reply.
  const feedback = await feedbackChangeStamp(db);
  return `${row?.n ?? 0}:${row?.updated ?? 0}:${row?.versions ?? 0}:${facts}:${emails}:${feedback}`;
}

/** The knowledge entries and menu items a run read, as they are now, for its sources. */
export async function getSourceRows({
  factsRead,
}: {
  factsRead: readonly string[] | null | undefined;
}): Promise<SourceRows> {
  const { entryIds, itemKeys } = sourceKeys(factsRead);
  const db = await getDb();
  return {
    entries:
      entryIds.length > 0
        ? await db
            .select({
              id: knowledgeEntries.id,
              title: knowledgeEntries.title,
              updatedAt: knowledgeEntries.updatedAt,
              enabled: knowledgeEntries.enabled,
            })
            .from(knowledgeEntries)
            .where(inArray(knowledgeEntries.id, entryIds))
        : [],
    items:
      itemKeys.length > 0
        ? await db
            .select({
              name: menuItems.name,
              nameKey: menuItems.nameKey,
              updatedAt: menuItems.updatedAt,
            })
            .from(menuItems)
            .where(inArray(menuItems.nameKey, itemKeys))
        : [],
  };
}
