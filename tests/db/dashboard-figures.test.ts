// @module-tag postgres: the dashboard's figures kept by triggers on both engines.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getBakeryData } from '@/db/bakery-data';
import { rebuildDashboardQuarterHours } from '@/db/dashboard-figures';
import { discardQuestion } from '@/db/drafts';
import {
  countAnsweredWithin,
  countAnsweredWithinFromRows,
  countQuestionsByDay,
  countQuestionsByDayFromRows,
  listFirstReplyWaits,
  listFirstReplyWaitsFromRows,
  sumSpendByDay,
  sumSpendByDayFromRows,
} from '@/db/insights';
import { createQuestion, getQuestion } from '@/db/questions';
import { claimNextQuestion } from '@/db/queue';
import { sendReply } from '@/db/replies';
import { eraseExpiredConversations } from '@/db/retention';
import { createUser } from '@/db/users';
import { today } from '@/lib/agent/bakery/facts';
import { offlineModel } from '@/lib/agent/models/offline/offline-model';
import { type EditClass, editClass } from '@/lib/insights/figures';
import { bakeryDayWindows } from '@/lib/insights/range';
import { draftClaimedQuestion } from '@/server/drafting/draft-question';
import { fillInsightsFixture, fixtureRange } from '../support/insights-fixture';
import { sqlRows, sqlRun, sqlValue } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

let temp: Awaited<ReturnType<typeof useTempDatabase>>;
let people: { staffId: number; ownerId: number };

async function person(email: string, role: 'owner' | 'staff'): Promise<number> {
  const made = await createUser({ email, name: email, role, passwordHash: 'x', now: new Date() });
  if (!made.ok) throw new Error(made.reason);
  return made.user.id;
}

beforeEach(async () => {
  sentClasses.clear();
  temp = await useTempDatabase();
  people = {
    staffId: await person('sam@example.com', 'staff'),
    ownerId: await person('olive@example.com', 'owner'),
  };
  await fillInsightsFixture(sqlRows, people);
});
afterEach(() => temp.cleanup());

/** Rows in one order, money to a billionth of a dollar (kept sums add in another order). */
const normal = <T extends object>(rows: T[]) =>
  rows
    .map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([key, value]) => [
          key,
          typeof value === 'number' ? Math.round(value * 1e9) / 1e9 : value,
        ]),
      ),
    )
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

/** The kept figures and the figures counted from the rows, from the fixture's first day to today, in the bakery's days. */
async function bothWays() {
  const { data } = await getBakeryData();
  const days = bakeryDayWindows(
    { preset: 'custom', from: fixtureRange.from, to: today(data, new Date()) },
    data,
  );
  const withinMs = 3_600_000;
  return {
    kept: {
      questions: normal(await countQuestionsByDay({ days })),
      spend: normal(await sumSpendByDay({ days })),
      waits: normal(await listFirstReplyWaits({ days })),
      answeredWithin: normal(await countAnsweredWithin({ days, withinMs })),
    },
    rows: {
      questions: normal(await countQuestionsByDayFromRows({ days })),
      spend: normal(await sumSpendByDayFromRows({ days })),
      waits: normal(await listFirstReplyWaitsFromRows({ days })),
      answeredWithin: normal(await countAnsweredWithinFromRows({ days, withinMs })),
    },
  };
}

type Sent = { editClass: EditClass | null; tools: string | null };

/** Each reply's kept edit class and the tools its draft looked up, by id. */
async function keptClasses(): Promise<Map<number, Sent>> {
  const rows = await sqlRows<{ id: number } & Sent>(
    'select id, edit_class as "editClass", run_tools as tools from replies',
  );
  return new Map(
    rows.map((row) => [Number(row.id), { editClass: row.editClass, tools: row.tools }]),
  );
}

/**
 * Each reply's edit class decided from its rows as they are now, by lib/insights/figures.ts, and
 * the tools its run looked up, each once in byte order.
 */
async function countedClasses(): Promise<Map<number, Sent>> {
  const rows = await sqlRows<{ id: number; distance: number; sent: number; draft: number | null }>(
    `select r.id, r.edit_distance as distance, length(r.text) as sent,
      length(a.draft_text) as draft from replies r left join agent_runs a on a.id = r.run_id`,
  );
  const calls = await sqlRows<{ id: number; tool: string }>(
    'select r.id, t.tool_name as tool from replies r join tool_calls t on t.run_id = r.run_id',
  );
  const tools = new Map<number, Set<string>>();
  for (const call of calls) {
    const id = Number(call.id);
    tools.set(id, (tools.get(id) ?? new Set()).add(call.tool));
  }
  const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        editClass: editClass({
          distance: Number(row.distance),
          length: Math.max(Number(row.sent), Number(row.draft ?? 0)),
        }),
        tools: [...(tools.get(Number(row.id)) ?? [])].sort(byteOrder).join(',') || null,
      },
    ]),
  );
}

/**
 * The classes the replies were sent with: decided from the rows when each reply was first seen,
 * then kept whatever later happens to its text.
 */
const sentClasses = new Map<number, Sent>();

async function expectKeptAsCounted() {
  const { kept, rows } = await bothWays();
  expect(rows.questions.length).toBeGreaterThan(5);
  expect(rows.spend.length).toBeGreaterThan(5);
  expect(rows.waits.length).toBeGreaterThan(5);
  expect(rows.answeredWithin.some((day) => Number(day.answeredWithin) > 0)).toBe(true);
  expect(kept).toEqual(rows);
  const counted = await countedClasses();
  for (const id of [...sentClasses.keys()]) if (!counted.has(id)) sentClasses.delete(id);
  for (const [id, counts] of counted) if (!sentClasses.has(id)) sentClasses.set(id, counts);
  expect(sentClasses.size).toBeGreaterThan(5);
  expect([...sentClasses.values()].some((sent) => sent.tools !== null)).toBe(true);
  expect(await keptClasses()).toEqual(sentClasses);
}

const settings = {
  limits: { maxTurns: 4, maxTokens: 20_000, maxDollars: 0.5 },
  leaseMs: 60_000,
  maxAttempts: 3,
  makeModel: ({ facts, now, askedAt }: { facts: never; now: Date; askedAt: Date }) =>
    offlineModel({ facts, now, askedAt }),
};

describe('the dashboard’s figures kept per quarter hour', () => {
  it('equal the figures counted from the rows after every kind of change', async () => {
    await expectKeptAsCounted();

    // A new question from a customer, and one of the example questions' kind.
    const asked = await createQuestion({
      text: 'Do you have rye loaves on Saturday?',
      customerName: 'Lena',
      customerEmail: null,
      channel: 'web',
      externalId: null,
      now: new Date(),
    });
    if (!asked.created) throw new Error('not stored');
    await expectKeptAsCounted();

    // Drafted by the worker's own code: a run and its costs.
    const claimed = await claimNextQuestion({ owner: 'test', leaseMs: 60_000, now: new Date() });
    if (!claimed) throw new Error('nothing to claim');
    await draftClaimedQuestion({
      question: claimed,
      owner: 'test',
      signal: new AbortController().signal,
      settings: settings as never,
    });
    await expectKeptAsCounted();

    // A reply: a message in its conversation.
    const drafted = await getQuestion({ id: claimed.id });
    if (!drafted) throw new Error('missing');
    const sent = await sendReply({
      questionId: drafted.id,
      text: drafted.draftText ?? 'Yes.',
      version: drafted.version,
      userId: people.staffId,
      now: new Date(),
    });
    expect(sent.ok).toBe(true);
    await expectKeptAsCounted();

    // A discard, and an erasure of every closed conversation.
    const discardable = await sqlValue<number>(
      "select id from questions where status = 'drafted' order by id limit 1",
    );
    expect((await discardQuestion({ id: discardable, reason: 'Spam', now: new Date() })).ok).toBe(
      true,
    );
    await expectKeptAsCounted();
    await sqlRun('update bakery set retention_days = 30');
    const erased = await eraseExpiredConversations({ now: new Date('2099-01-01'), by: null });
    expect(erased.erased).toBeGreaterThan(5);
    await expectKeptAsCounted();
    // Erasure blanked the replies' text: counted now, some would change class; kept, none did.
    const recounted = await countedClasses();
    expect(
      [...recounted].some(([id, counts]) => sentClasses.get(id)?.editClass !== counts.editClass),
    ).toBe(true);

    // A question removed with its messages and runs, and a message moved to another conversation.
    const [first, second] = await sqlRows<{ id: number }>(
      'select q.id from questions q where exists (select 1 from agent_runs a where a.question_id = q.id) order by q.id limit 2',
    );
    await sqlRun(
      'update messages set question_id = ? where id = (select min(id) from messages where question_id = ?)',
      second?.id,
      first?.id,
    );
    await expectKeptAsCounted();
    await sqlRun('delete from questions where id = ?', first?.id);
    await expectKeptAsCounted();

    // A reply taken back, a first reply moved to another conversation, a question's arrival moved.
    await sqlRun('delete from replies where id = (select min(id) from replies)');
    await expectKeptAsCounted();
    const [from, to] = await sqlRows<{ question_id: number }>(
      'select question_id from replies group by question_id order by question_id limit 2',
    );
    await sqlRun(
      'update replies set question_id = ?, sent_at = sent_at - 60000 where id = (select min(id) from replies where question_id = ?)',
      to?.question_id,
      from?.question_id,
    );
    await expectKeptAsCounted();
    await sqlRun(
      'update questions set received_at = received_at - 600000 where id = ?',
      to?.question_id,
    );
    await expectKeptAsCounted();

    // The bakery moves to a zone three quarters off the hour: its days move, the quarters do not.
    await sqlRun("update bakery set timezone = 'Asia/Kathmandu'");
    await expectKeptAsCounted();
  });

  it('notice a kept figure gone wrong, and are rebuilt from the rows', async () => {
    await expectKeptAsCounted();
    await sqlRun(
      'update replies set edit_class = null, run_tools = null where id in (select id from replies order by id limit 3)',
    );
    await sqlRun(
      'delete from first_replies where question_id = (select min(question_id) from first_replies)',
    );
    await sqlRun(
      "update dashboard_quarter_hours set questions = questions + 1, cost_usd = cost_usd + 1 where channel = 'web' and quarter = (select max(quarter) from dashboard_quarter_hours where channel = 'web' and questions > 0 and runs > 0)",
    );
    const wrong = await bothWays();
    expect(wrong.kept.questions).not.toEqual(wrong.rows.questions);
    expect(wrong.kept.spend).not.toEqual(wrong.rows.spend);
    expect(wrong.kept.waits).not.toEqual(wrong.rows.waits);
    expect((await rebuildDashboardQuarterHours()).quarters).toBeGreaterThan(10);
    await expectKeptAsCounted();
  });

  it('count arrivals in opening hours from the rows when the bakery opens off a quarter hour', async () => {
    // The first day's first two questions share the quarter from 08:00, one before and one after
    // the bakery opens at 08:05: the quarter's count cannot tell them apart, the rows can.
    const [first, second] = await sqlRows<{ id: number; received_at: number }>(
      "select id, received_at from questions where channel <> 'sample' order by received_at, id limit 2",
    );
    await sqlRun(
      'update questions set received_at = ? where id = ?',
      Number(first?.received_at) + 10 * 60_000,
      second?.id,
    );
    await sqlRun("update weekly_hours set opens = '08:05' where opens is not null");
    await sqlRun('update bakery set facts_version = facts_version + 1');
    const { kept, rows } = await bothWays();
    expect(rows.answeredWithin.length).toBeGreaterThan(3);
    expect(kept.answeredWithin).toEqual(rows.answeredWithin);
  });

  it('leave the example questions out, as the rows are counted', async () => {
    const before = await bothWays();
    await sqlRun(
      "update questions set channel = 'sample' where id in (select id from questions where channel <> 'sample' order by id limit 3)",
    );
    const after = await bothWays();
    expect(after.kept).toEqual(after.rows);
    expect(after.kept.questions).not.toEqual(before.kept.questions);
  });
});
