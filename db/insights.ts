import 'server-only';
import { and, eq, gte, lt, ne, sql } from 'drizzle-orm';
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
  listOf,
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
 * through the indexes on received, sent and finished times. The dashboard reads each source
 * once per range (`readKeptDays`, `readFirstReplies`, `readReplies`), and the figures that share
 * it take their part. The only values that come back one per item are the answered questions'
 * waits (for percentiles; one list per day), the newest marked questions (capped) and the CSV's
 * rows.
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

/** Whether every day's opening hours start and end on a quarter hour (or the day is closed). */
function opensOnQuarterHours(days: readonly DayWindow[]): boolean {
  return days.every((d) => d.opens % QUARTER_MS === 0 && d.closes % QUARTER_MS === 0);
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

type QuestionsRow = { date: string; channel: Channel; count: number; messages: number };

/**
 * What the figures kept per quarter hour (db/dashboard-figures.ts) hold for a range's days, read
 * in one pass over its quarters: conversations started per day and channel with their messages,
 * and model spend per day. Null for days that do not start on a quarter hour.
 */
export async function readKeptDays({ days }: { days: readonly DayWindow[] }): Promise<{
  questions: QuestionsRow[];
  spend: SpendRow[];
} | null> {
  if (!onQuarterHours(days)) return null;
  const { db, engine } = await dashboardDb();
  const quarter = sql.raw(String(QUARTER_MS));
  const rows = await namedRows<
    Omit<SpendRow, 'runs'> & {
      channel: Channel;
      questions: number;
      messages: number;
      runs: number;
    }
  >(
    db,
    ['date', 'channel', 'questions', 'messages', ...spendColumns.slice(1)],
    sql`${daysTable(engine, days)}
    select d.date as date, k.channel as channel, sum(k.questions) as questions,
      sum(k.messages) as messages, sum(k.runs) as runs, sum(k.cost_usd) as costUsd,
      sum(k.input_tokens) as inputTokens, sum(k.output_tokens) as outputTokens,
      sum(k.cache_read_tokens) as cacheReadTokens, sum(k.cache_write_tokens) as cacheWriteTokens
    from days d join dashboard_quarter_hours k on k.quarter >= d.start_ms / ${quarter}
      and k.quarter < d.end_ms / ${quarter} and k.channel <> ${EXAMPLES}
    group by d.start_ms, d.date, k.channel`,
  );
  const questions: QuestionsRow[] = [];
  const spend = new Map<string, SpendRow>();
  for (const row of rows) {
    const count = Number(row.questions);
    if (count > 0) {
      questions.push({
        date: row.date,
        channel: row.channel,
        count,
        messages: Number(row.messages),
      });
    }
    const day = spend.get(row.date) ?? {
      date: row.date,
      runs: 0,
      costUsd: 0,
      inputTokens: 0,
      outputTokens: 0,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
    };
    day.runs += Number(row.runs);
    day.costUsd += Number(row.costUsd);
    day.inputTokens += Number(row.inputTokens);
    day.outputTokens += Number(row.outputTokens);
    day.cacheReadTokens += Number(row.cacheReadTokens);
    day.cacheWriteTokens += Number(row.cacheWriteTokens);
    spend.set(row.date, day);
  }
  return { questions, spend: [...spend.values()].filter((day) => day.runs > 0) };
}

/**
 * Conversations started per day and channel, with how many messages (the customer's and the
 * bakery's) those conversations hold so far: read from the figures kept per quarter hour
 * (`readKeptDays`), the same as `countQuestionsByDayFromRows` counts.
 */
export async function countQuestionsByDay({
  days,
}: {
  days: readonly DayWindow[];
}): Promise<QuestionsRow[]> {
  return (await readKeptDays({ days }))?.questions ?? countQuestionsByDayFromRows({ days });
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
 * The first replies of the questions received in the range, read in one pass over the kept first
 * replies (`first_replies`) a day at a time: each answered question's wait and who sent that
 * reply, on the bakery's day it arrived (lib/insights takes the percentiles), and per day how
 * many that arrived while the bakery was open were answered within `withinMs`. Each day's waits
 * come back as one list rather than a row each: reading ten thousand rows cost more than the
 * reading of the index that found them. With `sentBy`, only questions that person answered first.
 */
export async function readFirstReplies({
  days,
  withinMs,
  sentBy,
}: { days: readonly DayWindow[]; withinMs: number } & Scope): Promise<{
  waits: FirstReplyWait[];
  answeredWithin: Map<string, number>;
}> {
  const { db, engine } = await dashboardDb();
  const rows = await namedRows<{
    date: string;
    waits: string;
    sentBy: string;
    answeredWithin: number;
  }>(
    db,
    ['date', 'waits', 'sentBy', 'answeredWithin'],
    sql`${daysTable(engine, days)}
    select d.date as date, ${listOf(engine, 'f.sent_at - f.received_at', 'f.question_id')} as waits,
      ${listOf(engine, 'f.sent_by', 'f.question_id')} as sentBy,
      sum(case when f.received_at >= d.opens_ms and f.received_at < d.closes_ms
        and f.sent_at <= f.received_at + ${withinMs} then 1 else 0 end) as answeredWithin
    from days d join first_replies f on f.received_at >= d.start_ms and f.received_at < d.end_ms
    where ${customersOnly('f')}
      ${sentBy === undefined ? sql`` : sql`and f.sent_by = ${sentBy}`}
    group by d.start_ms, d.date`,
  );
  const waits: FirstReplyWait[] = [];
  const answeredWithin = new Map<string, number>();
  for (const row of rows) {
    const waitMs = row.waits.split(',');
    const by = row.sentBy.split(',');
    for (let i = 0; i < waitMs.length; i++) {
      waits.push({ date: row.date, waitMs: Number(waitMs[i]), sentBy: Number(by[i]) });
    }
    answeredWithin.set(row.date, Number(row.answeredWithin));
  }
  return { waits, answeredWithin };
}

/**
 * Each question received in the range that has been answered: the bakery's day it arrived, how
 * long its first reply took, and who sent that reply. With `sentBy`, only questions that person
 * answered first. Read from the first replies kept beside the questions (`readFirstReplies`),
 * the same as `listFirstReplyWaitsFromRows` finds them.
 */
export async function listFirstReplyWaits({
  days,
  sentBy,
}: { days: readonly DayWindow[] } & Scope): Promise<FirstReplyWait[]> {
  return (await readFirstReplies({ days, withinMs: 0, sentBy })).waits;
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
  if (sentBy !== undefined) return countAnsweredWithinFromRows({ days, withinMs, sentBy });
  // Everyone's: a question answered within the time is one whose first reply was.
  const { answeredWithin } = await readFirstReplies({ days, withinMs });
  return answeredWithinByDay({
    days,
    arrivedOpen: await countArrivedOpen({ days }),
    answeredWithin,
  });
}

/**
 * The days with questions that arrived while the bakery was open, each with how many of them
 * were answered in time, from the two counts per day.
 */
export function answeredWithinByDay({
  days,
  arrivedOpen,
  answeredWithin,
}: {
  days: readonly DayWindow[];
  arrivedOpen: ReadonlyMap<string, number>;
  answeredWithin: ReadonlyMap<string, number>;
}): AnsweredWithin[] {
  return days
    .filter((d) => d.closes > d.opens && (arrivedOpen.get(d.date) ?? 0) > 0)
    .map((d) => ({
      date: d.date,
      arrivedOpen: arrivedOpen.get(d.date) ?? 0,
      answeredWithin: answeredWithin.get(d.date) ?? 0,
    }));
}

/**
 * Questions that arrived while the bakery was open, per open day: summed from the kept quarter
 * hours when every day and its opening hours start and end on a quarter hour, else counted from
 * the questions.
 */
export async function countArrivedOpen({
  days,
}: {
  days: readonly DayWindow[];
}): Promise<Map<string, number>> {
  const { db, engine } = await dashboardDb();
  const quarter = sql.raw(String(QUARTER_MS));
  const arrived =
    onQuarterHours(days) && opensOnQuarterHours(days)
      ? sql`(select coalesce(sum(k.questions), 0) from dashboard_quarter_hours k
          where k.quarter >= d.opens_ms / ${quarter} and k.quarter < d.closes_ms / ${quarter}
            and k.channel <> ${EXAMPLES})`
      : sql`(select count(*) from questions q where q.received_at >= d.opens_ms
          and q.received_at < d.closes_ms and ${customersOnly('q')})`;
  const rows = await namedRows<{ date: string; arrivedOpen: number }>(
    db,
    ['date', 'arrivedOpen'],
    sql`${daysTable(engine, days)}
    select d.date as date, ${arrived} as arrivedOpen
    from days d
    where d.closes_ms > d.opens_ms`,
  );
  return new Map(rows.map((row) => [row.date, Number(row.arrivedOpen)]));
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

type EditsByDay = { date: string; editClass: EditClass; count: number }[];
type EditsByTopic = { topic: Topic; editClass: EditClass; count: number }[];
type RepliesByPerson = {
  userId: number;
  name: string;
  replies: number;
  unchanged: number;
  rewritten: number;
}[];

/**
 * The replies sent in the range, read in one pass over the replies' index a day at a time and
 * counted per day, person, set of tools the draft looked up and edit class; from those counts:
 * replies per day by how far the person moved from the draft, replies by edit class per topic
 * (each topic the draft's run looked up, a run that looked up several counted under each, once
 * per topic; `none` for drafts that looked nothing up), and each person's replies with how many
 * went out unchanged and rewritten, most replies first. With `sentBy`, only that person's.
 */
export async function readReplies({
  days,
  sentBy,
}: { days: readonly DayWindow[] } & Scope): Promise<{
  byDay: EditsByDay;
  byTopic: EditsByTopic;
  byPerson: RepliesByPerson;
}> {
  const { db, engine } = await dashboardDb();
  const rows = await namedRows<{
    date: string;
    userId: number;
    name: string;
    tools: string | null;
    editClass: EditClass;
    count: number;
  }>(
    db,
    ['date', 'userId', 'name', 'tools', 'editClass', 'count'],
    sql`${daysTable(engine, days)}
    select g.date as date, g.sent_by as userId, u.name as name, g.tools as tools,
      g.edit_class as editClass, g.n as count
    from (select d.date as date, r.sent_by as sent_by, r.run_tools as tools,
        r.edit_class as edit_class, count(*) as n
      from days d join replies r on r.sent_at >= d.start_ms and r.sent_at < d.end_ms
      where ${ofCustomers('r.question_id')}
        ${sentBy === undefined ? sql`` : sql`and r.sent_by = ${sentBy}`}
      group by d.start_ms, d.date, r.sent_by, r.run_tools, r.edit_class) g
      join users u on u.id = g.sent_by`,
  );
  const byDay = new Map<string, EditsByDay[number]>();
  const byTools = new Map<string, { tools: string | null; editClass: EditClass; count: number }>();
  const byPerson = new Map<number, RepliesByPerson[number]>();
  for (const row of rows) {
    const count = Number(row.count);
    const day = `${row.date} ${row.editClass}`;
    const counted = byDay.get(day) ?? { date: row.date, editClass: row.editClass, count: 0 };
    counted.count += count;
    byDay.set(day, counted);
    const tools = `${row.tools} ${row.editClass}`;
    const used = byTools.get(tools) ?? { tools: row.tools, editClass: row.editClass, count: 0 };
    used.count += count;
    byTools.set(tools, used);
    const userId = Number(row.userId);
    const person = byPerson.get(userId) ?? {
      userId,
      name: row.name,
      replies: 0,
      unchanged: 0,
      rewritten: 0,
    };
    person.replies += count;
    if (row.editClass === 'unchanged') person.unchanged += count;
    if (row.editClass === 'rewritten') person.rewritten += count;
    byPerson.set(userId, person);
  }
  const byTopic = new Map<string, EditsByTopic[number]>();
  for (const row of byTools.values()) {
    const topics = new Set(
      row.tools === null ? [topicOf(null)] : row.tools.split(',').map(topicOf),
    );
    for (const topic of topics) {
      const key = `${topic} ${row.editClass}`;
      const counted = byTopic.get(key) ?? { topic, editClass: row.editClass, count: 0 };
      counted.count += row.count;
      byTopic.set(key, counted);
    }
  }
  return {
    byDay: [...byDay.values()],
    byTopic: [...byTopic.values()],
    // Names in byte order, as the database orders text.
    byPerson: [...byPerson.values()].sort(
      (a, b) => b.replies - a.replies || Buffer.compare(Buffer.from(a.name), Buffer.from(b.name)),
    ),
  };
}

/** Replies sent per day by how far the person moved from the draft (`readReplies`). */
export async function countEditsByDay({
  days,
  sentBy,
}: { days: readonly DayWindow[] } & Scope): Promise<EditsByDay> {
  return (await readReplies({ days, sentBy })).byDay;
}

/**
 * Replies sent in the range by edit class per topic (`readReplies`): read from the tools each
 * reply keeps (`replies.run_tools`), counted per set of tools in the database and spread over
 * their topics.
 */
export async function countEditsByTopic({
  days,
  sentBy,
}: { days: readonly DayWindow[] } & Scope): Promise<EditsByTopic> {
  return (await readReplies({ days, sentBy })).byTopic;
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

/**
 * Model spend and tokens per day, by when each run finished (as the daily budget counts): read
 * from the figures kept per quarter hour (`readKeptDays`), the same as `sumSpendByDayFromRows`
 * sums.
 */
export async function sumSpendByDay({ days }: { days: readonly DayWindow[] }): Promise<SpendRow[]> {
  return (await readKeptDays({ days }))?.spend ?? sumSpendByDayFromRows({ days });
}

/** Model spend and tokens per day, by when each run finished, summed from the rows. */
export async function sumSpendByDayFromRows({
  days,
}: {
  days: readonly DayWindow[];
}): Promise<SpendRow[]> {
  const { db, engine } = await dashboardDb();
  return namedRows(
    db,
    spendColumns,
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

/** Replies each person sent in the range, with how many went out unchanged and rewritten (`readReplies`). */
export async function countRepliesByPerson({
  days,
}: {
  days: readonly DayWindow[];
}): Promise<RepliesByPerson> {
  return (await readReplies({ days })).byPerson;
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
