import 'server-only';
import { and, eq, gte, lt, ne, type SQL, sql } from 'drizzle-orm';
import { alwaysForPerson } from '@/lib/agent/models/offline/topics';
import type { NotFoundLookup } from '@/lib/bakery-facts/unsold-asks';
import type { Channel, NeedsPersonReason } from '@/lib/domain';
import type { FeedbackAnswer } from '@/lib/feedback/answer';
import type { EditClass } from '@/lib/insights/figures';
import type { DayWindow } from '@/lib/insights/range';
import type { FeedbackCommentRow } from '@/lib/insights/satisfaction';
import { type Topic, topicOf } from '@/lib/insights/topics';
import { type Db, engineOf, getDb } from './client';
import { QUARTER_MS } from './dashboard-figures';
import {
  bytewise,
  daysTable,
  firstRepliesSince,
  lowerAscii,
  namedRows,
  newestRunPerQuestion,
  readAnEntry,
} from './dialect/insights';
import { agentRuns, questions, toolCalls } from './schema';

type Engine = ReturnType<typeof engineOf>;

/**
 * The example questions a new desk is seeded with (db/seed.ts) are no customer's: no figure
 * counts them, nor their drafts, replies or spend, whether the owner removed them or not.
 */
const EXAMPLES: Channel = 'sample';
const customersOnly = (question: string) => sql.raw(`${question}.channel <> '${EXAMPLES}'`);
/**
 * A row of a customer's question, by its question's id: the example questions are a handful, so
 * they are looked up once and the rows are read from their indexes alone, with no question read.
 */
const ofCustomers = (questionId: string) =>
  sql.raw(`${questionId} not in (select x.id from questions x where x.channel = '${EXAMPLES}')`);

/**
 * The owner's dashboard and a person's own figures, as SQL aggregates over a range of the
 * bakery's days. The days travel into each query as a small table of instants (`dayWindows`
 * in lib/insights/range.ts: the bakery's midnights and opening hours, right across
 * daylight-saving changes), so rows are bucketed by the bakery's day inside the database and read
 * through the indexes on received, sent and finished times. The only rows that come back one
 * per item are the answered questions' waits (for percentiles), the newest marked questions
 * (capped) and the CSV's.
 */

/**
 * Every `menu_item` lookup that found nothing in runs started in [since, until), with the
 * run's question, so asks can be counted per question (lib/bakery-facts/unsold-asks.ts).
 */
export async function listNotFoundMenuLookups({
  since,
  until,
}: {
  since: Date;
  until?: Date;
}): Promise<NotFoundLookup[]> {
  return (await getDb())
    .select({ questionId: agentRuns.questionId, input: toolCalls.input })
    .from(toolCalls)
    .innerJoin(agentRuns, eq(agentRuns.id, toolCalls.runId))
    .innerJoin(questions, eq(questions.id, agentRuns.questionId))
    .where(
      and(
        ne(questions.channel, EXAMPLES),
        eq(toolCalls.toolName, 'menu_item'),
        eq(toolCalls.errorKind, 'notFound'),
        gte(agentRuns.startedAt, since),
        until ? lt(agentRuns.startedAt, until) : undefined,
      ),
    );
}

function bounds(days: readonly DayWindow[]): { start: number; end: number } {
  return { start: days[0]?.start ?? 0, end: days[days.length - 1]?.end ?? 0 };
}

/** The handle and its engine, for the queries written per engine. */
async function dashboardDb(): Promise<{ db: Db; engine: Engine }> {
  const db = await getDb();
  return { db, engine: engineOf(db) };
}

/** Whose figures: everyone's, or one person's replies. */
type Scope = { sentBy?: number };

/**
 * Whether every day of the range starts and ends on a quarter hour, as every time zone's
 * midnight does, so the kept quarter hours add up to its days exactly.
 */
function onQuarterHours(days: readonly DayWindow[]): boolean {
  return days.every((d) => d.start % QUARTER_MS === 0 && d.end % QUARTER_MS === 0);
}

/** The kept quarter hours of each day of the range (`k`), the example questions' left out. */
function keptQuarters(engine: Engine, days: readonly DayWindow[]): SQL {
  const quarter = sql.raw(String(QUARTER_MS));
  return sql`${daysTable(engine, days)}
    select d.date as date, k.* from days d
      join dashboard_quarter_hours k on k.quarter >= d.start_ms / ${quarter}
        and k.quarter < d.end_ms / ${quarter} and k.channel <> ${EXAMPLES}`;
}

/**
 * Conversations started per day and channel, with how many messages (the customer's and the
 * bakery's) those conversations hold so far: read from the figures kept per quarter hour
 * (db/dashboard-figures.ts), the same as `countQuestionsByDayFromRows` counts.
 */
export async function countQuestionsByDay({
  days,
}: {
  days: readonly DayWindow[];
}): Promise<{ date: string; channel: Channel; count: number; messages: number }[]> {
  if (!onQuarterHours(days)) return countQuestionsByDayFromRows({ days });
  const { db, engine } = await dashboardDb();
  return namedRows(
    db,
    ['date', 'channel', 'count', 'messages'],
    sql`select k.date as date, k.channel as channel, sum(k.questions) as count,
      sum(k.messages) as messages
    from (${keptQuarters(engine, days)}) k
    group by k.date, k.channel
    having sum(k.questions) > 0`,
  );
}

/**
 * Conversations started per day and channel, with how many messages (the customer's and the
 * bakery's) those conversations hold so far, counted from the rows.
 */
export async function countQuestionsByDayFromRows({
  days,
}: {
  days: readonly DayWindow[];
}): Promise<{ date: string; channel: Channel; count: number; messages: number }[]> {
  const { db, engine } = await dashboardDb();
  return namedRows(
    db,
    ['date', 'channel', 'count', 'messages'],
    sql`${daysTable(engine, days)}
    select d.date as date, q.channel as channel, count(*) as count,
      coalesce(sum(cast((select count(*) from messages m where m.question_id = q.id) as integer)), 0) as messages
    from days d join questions q on q.received_at >= d.start_ms and q.received_at < d.end_ms
      and ${customersOnly('q')}
    group by d.date, q.channel`,
  );
}

/** An answered question's wait for its first reply, on the bakery's day it arrived. */
type FirstReplyWait = { date: string; waitMs: number; sentBy: number };

/**
 * Each question received in the range that has been answered: the bakery's day it arrived, how
 * long its first reply took, and who sent that reply (lib/insights takes the percentiles). With `sentBy`, only questions that person answered first. Read from the
 * first replies kept beside the questions (`first_replies`), the same as
 * `listFirstReplyWaitsFromRows` finds them.
 */
export async function listFirstReplyWaits({
  days,
  sentBy,
}: { days: readonly DayWindow[] } & Scope): Promise<FirstReplyWait[]> {
  const { db, engine } = await dashboardDb();
  return namedRows(
    db,
    ['date', 'waitMs', 'sentBy'],
    sql`${daysTable(engine, days)}
    select d.date as date, f.sent_at - f.received_at as waitMs, f.sent_by as sentBy
    from days d join first_replies f on f.received_at >= d.start_ms and f.received_at < d.end_ms
    where ${customersOnly('f')}
      ${sentBy === undefined ? sql`` : sql`and f.sent_by = ${sentBy}`}`,
  );
}

/** Each answered question's first reply as `listFirstReplyWaits` reads it, found from the replies. */
export async function listFirstReplyWaitsFromRows({
  days,
  sentBy,
}: { days: readonly DayWindow[] } & Scope): Promise<FirstReplyWait[]> {
  const { start, end } = bounds(days);
  // A question's first reply is sent after it arrived, so only replies since the range began
  // can be one.
  const { db, engine } = await dashboardDb();
  return namedRows(
    db,
    ['date', 'waitMs', 'sentBy'],
    sql`${daysTable(engine, days)}
    select d.date as date, f.first_sent_at - q.received_at as waitMs, f.sent_by as sentBy
    from (${firstRepliesSince(engine, start)}) f
      join questions q on q.id = f.question_id
      join days d on q.received_at >= d.start_ms and q.received_at < d.end_ms
    where q.received_at >= ${start} and q.received_at < ${end} and ${customersOnly('q')}
      ${sentBy === undefined ? sql`` : sql`and f.sent_by = ${sentBy}`}`,
  );
}

/**
 * Per day: questions that arrived while the bakery was open, and how many of them had a
 * reply within `withinMs` of arriving. With `sentBy`, only that person's first replies count
 * as answers (the questions are everyone's).
 */
export async function countAnsweredWithin({
  days,
  withinMs,
  sentBy,
}: { days: readonly DayWindow[]; withinMs: number } & Scope): Promise<AnsweredWithin[]> {
  const { db, engine } = await dashboardDb();
  if (sentBy === undefined) {
    // Everyone's: a question answered within the time is one whose first reply was.
    return namedRows(
      db,
      ['date', 'arrivedOpen', 'answeredWithin'],
      sql`${daysTable(engine, days)}
      select t.date as date, t.arrivedOpen as arrivedOpen, t.answeredWithin as answeredWithin
      from (select d.date as date,
          (select count(*) from questions q where q.received_at >= d.opens_ms
            and q.received_at < d.closes_ms and ${customersOnly('q')}) as arrivedOpen,
          (select count(*) from first_replies f where f.received_at >= d.opens_ms
            and f.received_at < d.closes_ms and ${customersOnly('f')}
            and f.sent_at <= f.received_at + ${withinMs}) as answeredWithin
        from days d
        where d.closes_ms > d.opens_ms) t
      where t.arrivedOpen > 0`,
    );
  }
  return countAnsweredWithinFromRows({ days, withinMs, sentBy });
}

type AnsweredWithin = { date: string; arrivedOpen: number; answeredWithin: number };

/** `countAnsweredWithin` from the questions and every reply. */
export async function countAnsweredWithinFromRows({
  days,
  withinMs,
  sentBy,
}: { days: readonly DayWindow[]; withinMs: number } & Scope): Promise<AnsweredWithin[]> {
  const { db, engine } = await dashboardDb();
  return namedRows(
    db,
    ['date', 'arrivedOpen', 'answeredWithin'],
    sql`${daysTable(engine, days)}
    select d.date as date, count(q.id) as arrivedOpen,
      coalesce(sum(case when exists(
        select 1 from replies r where r.question_id = q.id and r.sent_at <= q.received_at + ${withinMs}
          ${sentBy === undefined ? sql`` : sql`and r.sent_by = ${sentBy}`}
      ) then 1 else 0 end), 0) as answeredWithin
    from days d join questions q on q.received_at >= d.opens_ms and q.received_at < d.closes_ms
      and ${customersOnly('q')}
    where d.closes_ms > d.opens_ms
    group by d.date`,
  );
}

/** Replies sent per day by how far the person moved from the draft. */
export async function countEditsByDay({
  days,
  sentBy,
}: { days: readonly DayWindow[] } & Scope): Promise<
  {
    date: string;
    editClass: EditClass;
    count: number;
  }[]
> {
  const { db, engine } = await dashboardDb();
  return namedRows(
    db,
    ['date', 'editClass', 'count'],
    sql`${daysTable(engine, days)}
    select d.date as date, r.edit_class as editClass, count(*) as count
    from days d
      join replies r on r.sent_at >= d.start_ms and r.sent_at < d.end_ms
    where ${ofCustomers('r.question_id')}
      ${sentBy === undefined ? sql`` : sql`and r.sent_by = ${sentBy}`}
    group by d.date, r.edit_class`,
  );
}

/**
 * Replies sent in the range by edit class per topic: each topic the draft's run looked up (a
 * run that looked up several counts under each, once per topic). `none` for drafts that looked
 * nothing up. Read from the tools each reply keeps (`replies.run_tools`), counted per set of
 * tools in the database and spread over their topics here.
 */
export async function countEditsByTopic({
  days,
  sentBy,
}: { days: readonly DayWindow[] } & Scope): Promise<
  {
    topic: Topic;
    editClass: EditClass;
    count: number;
  }[]
> {
  const { start, end } = bounds(days);
  const { db } = await dashboardDb();
  const rows = await namedRows<{ tools: string | null; editClass: EditClass; count: number }>(
    db,
    ['tools', 'editClass', 'count'],
    sql`
    select r.run_tools as tools, r.edit_class as editClass, count(*) as count
    from replies r
    where r.sent_at >= ${start} and r.sent_at < ${end} and ${ofCustomers('r.question_id')}
      ${sentBy === undefined ? sql`` : sql`and r.sent_by = ${sentBy}`}
    group by r.run_tools, r.edit_class`,
  );
  const counts = new Map<string, { topic: Topic; editClass: EditClass; count: number }>();
  for (const row of rows) {
    const topics = new Set(
      row.tools === null ? [topicOf(null)] : row.tools.split(',').map(topicOf),
    );
    for (const topic of topics) {
      const key = `${topic} ${row.editClass}`;
      const counted = counts.get(key) ?? { topic, editClass: row.editClass, count: 0 };
      counted.count += Number(row.count);
      counts.set(key, counted);
    }
  }
  return [...counts.values()];
}

/**
 * Questions received in the range that were discarded, by reason (case and spacing folded;
 * shown as it was first written).
 */
export async function countDiscardReasons({
  days,
}: {
  days: readonly DayWindow[];
}): Promise<{ reason: string; count: number }[]> {
  const { start, end } = bounds(days);
  const { db, engine } = await dashboardDb();
  return namedRows(
    db,
    ['reason', 'count'],
    sql`
    select min(${sql.raw(bytewise(engine, 'trim(q.discard_reason)'))}) as reason, count(*) as count
    from questions q
    where q.status = 'discarded' and q.received_at >= ${start} and q.received_at < ${end}
      and ${customersOnly('q')}
    group by ${sql.raw(lowerAscii(engine, "trim(coalesce(q.discard_reason, ''))"))}
    order by count desc, reason`,
  );
}

type SpendRow = {
  date: string;
  runs: number;
  costUsd: number;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
};
const spendColumns = [
  'date',
  'runs',
  'costUsd',
  'inputTokens',
  'outputTokens',
  'cacheReadTokens',
  'cacheWriteTokens',
] as const;

/**
 * Model spend and tokens per day, by when each run finished (as the daily budget counts): read
 * from the figures kept per quarter hour, the same as `sumSpendByDayFromRows` sums.
 */
export async function sumSpendByDay({ days }: { days: readonly DayWindow[] }): Promise<SpendRow[]> {
  if (!onQuarterHours(days)) return sumSpendByDayFromRows({ days });
  const { db, engine } = await dashboardDb();
  return namedRows(
    db,
    spendColumns,
    sql`select k.date as date, sum(k.runs) as runs, sum(k.cost_usd) as costUsd,
      sum(k.input_tokens) as inputTokens, sum(k.output_tokens) as outputTokens,
      sum(k.cache_read_tokens) as cacheReadTokens, sum(k.cache_write_tokens) as cacheWriteTokens
    from (${keptQuarters(engine, days)}) k
    group by k.date
    having sum(k.runs) > 0`,
  );
}

/** Model spend and tokens per day, by when each run finished, summed from the rows. */
export async function sumSpendByDayFromRows({ days }: { days: readonly DayWindow[] }): Promise<
  {
    date: string;
    runs: number;
    costUsd: number;
    inputTokens: number;
    outputTokens: number;
    cacheReadTokens: number;
    cacheWriteTokens: number;
  }[]
> {
  const { db, engine } = await dashboardDb();
  return namedRows(
    db,
    [
      'date',
      'runs',
      'costUsd',
      'inputTokens',
      'outputTokens',
      'cacheReadTokens',
      'cacheWriteTokens',
    ],
    sql`${daysTable(engine, days)}
    select d.date as date, count(*) as runs, coalesce(sum(ar.cost_usd), 0) as costUsd,
      sum(ar.input_tokens) as inputTokens, sum(ar.output_tokens) as outputTokens,
      sum(ar.cache_read_tokens) as cacheReadTokens, sum(ar.cache_write_tokens) as cacheWriteTokens
    from days d join agent_runs ar on ar.finished_at >= d.start_ms and ar.finished_at < d.end_ms
      join questions q on q.id = ar.question_id and ${customersOnly('q')}
    group by d.date`,
  );
}

/** Questions a run in the range marked for a person, by the mark's reason (each question once per reason). */
export async function countPersonMarks({
  days,
}: {
  days: readonly DayWindow[];
}): Promise<{ reason: NeedsPersonReason; count: number }[]> {
  const { start, end } = bounds(days);
  const { db, engine } = await dashboardDb();
  return namedRows(
    db,
    ['reason', 'count'],
    sql`
    select ar.needs_person_reason as reason, count(distinct ar.question_id) as count
    from agent_runs ar join questions q on q.id = ar.question_id and ${customersOnly('q')}
    where ar.finished_at >= ${start} and ar.finished_at < ${end} and ar.needs_person_reason is not null
    group by ar.needs_person_reason
    order by count desc, ${sql.raw(bytewise(engine, 'ar.needs_person_reason'))}`,
  );
}

/** Replies each person sent in the range, with how many went out unchanged and rewritten. */
export async function countRepliesByPerson({ days }: { days: readonly DayWindow[] }): Promise<
  {
    userId: number;
    name: string;
    replies: number;
    unchanged: number;
    rewritten: number;
  }[]
> {
  const { start, end } = bounds(days);
  const { db, engine } = await dashboardDb();
  return namedRows(
    db,
    ['userId', 'name', 'replies', 'unchanged', 'rewritten'],
    sql`
    select u.id as userId, u.name as name, count(*) as replies,
      sum(case when r.edit_class = 'unchanged' then 1 else 0 end) as unchanged,
      sum(case when r.edit_class = 'rewritten' then 1 else 0 end) as rewritten
    from replies r
      join users u on u.id = r.sent_by
    where r.sent_at >= ${start} and r.sent_at < ${end} and ${ofCustomers('r.question_id')}
    group by u.id
    order by replies desc, ${sql.raw(bytewise(engine, 'u.name'))}`,
  );
}

export type ConversationRow = {
  id: number;
  receivedAt: number;
  channel: Channel;
  status: string;
  firstReplyAt: number | null;
  firstReplyBy: string | null;
  replies: number;
  editDistance: number | null;
  editClass: EditClass | null;
  discardReason: string | null;
  runs: number;
  costUsd: number;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens: number;
  needsPersonReason: NeedsPersonReason | null;
  /** The conversation's replies the customer said helped, and said did not. */
  feedbackYes: number;
  feedbackNo: number;
};

/**
 * The rows under the dashboard's figures, one per question received in the range, oldest
 * first: for the CSV download. No customer names, emails or texts (customers' yes and no are
 * counted; their comments stay on the page).
 */
export async function listConversationRows({
  days,
}: {
  days: readonly DayWindow[];
}): Promise<ConversationRow[]> {
  const { start, end } = bounds(days);
  const { db } = await dashboardDb();
  return namedRows(
    db,
    [
      'id',
      'receivedAt',
      'channel',
      'status',
      'firstReplyAt',
      'firstReplyBy',
      'replies',
      'editDistance',
      'editClass',
      'discardReason',
      'runs',
      'costUsd',
      'inputTokens',
      'outputTokens',
      'cacheReadTokens',
      'needsPersonReason',
      'feedbackYes',
      'feedbackNo',
    ],
    sql`
    select q.id as id, q.received_at as receivedAt, q.channel as channel, q.status as status,
      fr.sent_at as firstReplyAt, u.name as firstReplyBy,
      (select count(*) from replies x where x.question_id = q.id) as replies,
      fr.edit_distance as editDistance,
      fr.edit_class as editClass,
      q.discard_reason as discardReason,
      (select count(*) from agent_runs a where a.question_id = q.id) as runs,
      (select coalesce(sum(a.cost_usd), 0) from agent_runs a where a.question_id = q.id) as costUsd,
      (select coalesce(sum(a.input_tokens), 0) from agent_runs a where a.question_id = q.id) as inputTokens,
      (select coalesce(sum(a.output_tokens), 0) from agent_runs a where a.question_id = q.id) as outputTokens,
      (select coalesce(sum(a.cache_read_tokens), 0) from agent_runs a where a.question_id = q.id) as cacheReadTokens,
      (select a.needs_person_reason from agent_runs a where a.question_id = q.id
        order by a.started_at desc, a.id desc limit 1) as needsPersonReason,
      (select count(*) from reply_feedback f where f.question_id = q.id and f.answer = 'yes') as feedbackYes,
      (select count(*) from reply_feedback f where f.question_id = q.id and f.answer = 'no') as feedbackNo
    from questions q
      left join replies fr on fr.id = (
        select r.id from replies r where r.question_id = q.id order by r.sent_at, r.id limit 1)
      left join users u on u.id = fr.sent_by
    where q.received_at >= ${start} and q.received_at < ${end} and ${customersOnly('q')}
    order by q.received_at, q.id`,
  );
}

/**
 * "Asked, not answered": questions a run in the range marked for a person because nothing the
 * desk knows answered them (not the topics a person always handles, such as allergies or
 * refunds, and not runs that found one of the owner's entries), newest first, with the question's first message and the newest mark's
 * reason. Erased conversations are
 * left out: their text is gone.
 */
export async function listMarkedQuestions({
  days,
  limit,
}: {
  days: readonly DayWindow[];
  limit: number;
}): Promise<{ questionId: number; text: string; reason: NeedsPersonReason }[]> {
  const { start, end } = bounds(days);
  const { db, engine } = await dashboardDb();
  return namedRows(
    db,
    ['questionId', 'text', 'reason', 'markedAt'],
    newestRunPerQuestion(
      engine,
      sql`ar.finished_at >= ${start} and ar.finished_at < ${end}
      and ar.needs_person_reason is not null and q.erased_at is null and ${customersOnly('q')}
      and ar.needs_person_reason not in (${sql.join(
        [...alwaysForPerson].map((reason) => sql`${reason}`),
        sql`, `,
      )})
      and not ${readAnEntry(engine, 'ar.facts_read')}`,
      limit,
    ),
  );
}

/**
 * Customers' answers to "Did this answer your question?" per day they first gave them, yes or
 * no as each stands now (an answer changed later stays on its first day).
 */
export async function countFeedbackByDay({
  days,
}: {
  days: readonly DayWindow[];
}): Promise<{ date: string; answer: FeedbackAnswer; count: number }[]> {
  const { db, engine } = await dashboardDb();
  return namedRows(
    db,
    ['date', 'answer', 'count'],
    sql`${daysTable(engine, days)}
    select d.date as date, f.answer as answer, count(*) as count
    from days d join reply_feedback f on f.answered_at >= d.start_ms and f.answered_at < d.end_ms
      join questions q on q.id = f.question_id and ${customersOnly('q')}
    group by d.date, f.answer`,
  );
}

/**
 * The comments customers wrote with their answers first given in the range, newest change
 * first, at most `limit`. Erased conversations keep their yes or no but lose the comment.
 */
export async function listFeedbackComments({
  days,
  limit,
}: {
  days: readonly DayWindow[];
  limit: number;
}): Promise<FeedbackCommentRow[]> {
  const { start, end } = bounds(days);
  const { db } = await dashboardDb();
  return namedRows(
    db,
    ['messageId', 'questionId', 'answer', 'comment', 'changedAt'],
    sql`
    select f.message_id as messageId, f.question_id as questionId, f.answer as answer,
      f.comment as comment, f.changed_at as changedAt
    from reply_feedback f join questions q on q.id = f.question_id
    where f.answered_at >= ${start} and f.answered_at < ${end} and f.comment is not null
      and q.erased_at is null and ${customersOnly('q')}
    order by f.changed_at desc, f.message_id desc
    limit ${limit}`,
  );
}
