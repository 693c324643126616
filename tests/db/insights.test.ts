// @module-tag postgres: the dashboard's SQL.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getBakeryData } from '@/db/bakery-data';
import {
  countAnsweredWithin,
  countDiscardReasons,
  countEditsByDay,
  countEditsByTopic,
  countFeedbackByDay,
  countPersonMarks,
  countQuestionsByDay,
  countRepliesByPerson,
  listConversationRows,
  listFeedbackComments,
  listFirstReplyWaits,
  listMarkedQuestions,
  listNotFoundMenuLookups,
  sumSpendByDay,
} from '@/db/insights';
import { createUser } from '@/db/users';
import { editClass, summarizeWaits } from '@/lib/insights/figures';
import { bakeryDayWindows, type DayWindow } from '@/lib/insights/range';
import { fillInsightsFixture, fixtureRange } from '../support/insights-fixture';
import { sqlRows, sqlRun, sqlValue } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

const HOUR = 3_600_000;
let temp: Awaited<ReturnType<typeof useTempDatabase>>;
let days: DayWindow[];
let people: { staffId: number; ownerId: number };

async function person(email: string, role: 'owner' | 'staff'): Promise<number> {
  const made = await createUser({ email, name: email, role, passwordHash: 'x', now: new Date() });
  if (!made.ok) throw new Error(made.reason);
  return made.user.id;
}

beforeEach(async () => {
  temp = await useTempDatabase();
  people = {
    staffId: await person('sam@example.com', 'staff'),
    ownerId: await person('olive@example.com', 'owner'),
  };
  await fillInsightsFixture(sqlRows, people);
  const { data } = await getBakeryData();
  days = bakeryDayWindows({ preset: 'custom', ...fixtureRange }, data);
});
afterEach(() => temp.cleanup());

const byDate = <T extends { date: string }>(rows: T[], pick: (row: T) => unknown) =>
  Object.fromEntries(rows.map((row) => [row.date, pick(row)]));

describe('the dashboard’s queries on a history with known figures', () => {
  it('counts questions per day and channel in the bakery’s days', async () => {
    const rows = await countQuestionsByDay({ days });
    const total = (date: string) =>
      rows.filter((r) => r.date === date).reduce((sum, r) => sum + r.count, 0);
    expect(days.map((d) => total(d.date))).toEqual([2, 3, 4, 5, 6, 2, 3, 4, 5, 6]);
    expect(rows.filter((r) => r.channel === 'web').reduce((s, r) => s + r.count, 0)).toBe(22);
    expect(rows.filter((r) => r.channel === 'api').reduce((s, r) => s + r.count, 0)).toBe(18);
    // A message per question and per reply, and one follow-up.
    expect(rows.reduce((s, r) => s + r.messages, 0)).toBe(40 + 30 + 1);
    const messages = (date: string) =>
      rows.filter((r) => r.date === date).reduce((sum, r) => sum + r.messages, 0);
    expect(messages('2026-11-15')).toBe(4);
  });

  it('gives each answered question’s wait, for everyone or one person', async () => {
    const waits = await listFirstReplyWaits({ days });
    expect(waits).toHaveLength(30);
    const day4 = waits.filter((w) => w.date === '2026-11-14').map((w) => w.waitMs / 60_000);
    expect(day4.sort((a, b) => a - b)).toEqual([25, 50, 75, 100, 125]);
    const sams = await listFirstReplyWaits({ days, sentBy: people.staffId });
    expect(sams).toHaveLength(18);
    expect(summarizeWaits(sams.map((w) => w.waitMs)).medianMs).toBe(25 * 60_000);
  });

  it('counts arrivals in opening hours and those answered within the hour', async () => {
    const rows = await countAnsweredWithin({ days, withinMs: HOUR });
    expect(byDate(rows, (r) => [r.arrivedOpen, r.answeredWithin])).toEqual({
      '2026-11-10': [2, 1],
      '2026-11-11': [3, 2],
      '2026-11-12': [4, 2],
      '2026-11-13': [5, 2],
      '2026-11-14': [5, 2],
      '2026-11-17': [4, 2],
      '2026-11-18': [5, 2],
      '2026-11-19': [6, 2],
    });
  });

  it('classes edits per day and per topic', async () => {
    const perDay = await countEditsByDay({ days });
    const count = (c: string) =>
      perDay.filter((r) => r.editClass === c).reduce((s, r) => s + r.count, 0);
    expect([count('unchanged'), count('light'), count('rewritten')]).toEqual([16, 10, 4]);
    const topics = await countEditsByTopic({ days });
    const of = (topic: string) =>
      Object.fromEntries(
        topics.filter((r) => r.topic === topic).map((r) => [r.editClass, r.count]),
      );
    expect(of('menu')).toEqual({ unchanged: 16, light: 2 });
    expect(of('hours')).toEqual({ light: 8, rewritten: 4 });
    expect(of('orders')).toEqual({ unchanged: 16, light: 2 });
    const sams = await countEditsByDay({ days, sentBy: people.staffId });
    expect(sams.reduce((s, r) => s + r.count, 0)).toBe(18);
  });

  it('groups discard reasons however they were typed', async () => {
    expect(await countDiscardReasons({ days })).toEqual([
      { reason: 'Spam', count: 3 },
      { reason: 'Customer called instead', count: 1 },
      { reason: 'Duplicate of another question', count: 1 },
    ]);
  });

  it('sums spend and tokens per day of finish', async () => {
    const rows = await sumSpendByDay({ days });
    expect(byDate(rows, (r) => Math.round(r.costUsd * 100))).toMatchObject({
      '2026-11-10': 17,
      '2026-11-14': 37,
    });
    expect(rows.reduce((s, r) => s + r.cacheReadTokens, 0)).toBe(90_000);
  });

  it('lists what nothing answered: marked questions, newest first, without what a person always handles, entries found or erased ones', async () => {
    // Allergies and complaints always go to a person: no entry could answer them.
    expect((await listMarkedQuestions({ days, limit: 50 })).map((q) => [q.text, q.reason])).toEqual(
      [
        ['Question 5 of 2026-11-18', 'customOrder'],
        ['Question 4 of 2026-11-17', 'delivery'],
      ],
    );
    expect(await listMarkedQuestions({ days, limit: 1 })).toHaveLength(1);
    // A run that found one of the owner's entries had an answer: a person only arranges it.
    await sqlRun(
      `update agent_runs set facts_read = '["entry:1","item:2"]' where question_id =
         (select id from questions where text = 'Question 4 of 2026-11-17')`,
    );
    expect((await listMarkedQuestions({ days, limit: 50 })).map((q) => q.reason)).toEqual([
      'customOrder',
    ]);
    await sqlRun("update questions set erased_at = 1 where text = 'Question 5 of 2026-11-18'");
    expect(await listMarkedQuestions({ days, limit: 50 })).toHaveLength(0);
  });

  it('counts questions marked for a person, and replies per person', async () => {
    expect(await countPersonMarks({ days })).toEqual([
      { reason: 'allergens', count: 3 },
      { reason: 'complaint', count: 1 },
      { reason: 'customOrder', count: 1 },
      { reason: 'delivery', count: 1 },
    ]);
    expect(
      (await countRepliesByPerson({ days })).map(({ name, replies, unchanged, rewritten }) => ({
        name,
        replies,
        unchanged,
        rewritten,
      })),
    ).toEqual([
      { name: 'sam@example.com', replies: 18, unchanged: 16, rewritten: 0 },
      { name: 'olive@example.com', replies: 12, unchanged: 0, rewritten: 4 },
    ]);
  });

  it('counts customers’ yes and no on the day they first answered, as each answer stands now', async () => {
    const perDay = (rows: Awaited<ReturnType<typeof countFeedbackByDay>>) =>
      Object.fromEntries(
        days.map((d) => [
          d.date,
          ['yes', 'no'].map((answer) =>
            rows
              .filter((r) => r.date === d.date && r.answer === answer)
              .reduce((sum, r) => sum + r.count, 0),
          ),
        ]),
      );
    const pattern = [
      [1, 0],
      [1, 1],
      [2, 1],
      [2, 1],
      [3, 1],
    ];
    expect(Object.values(perDay(await countFeedbackByDay({ days })))).toEqual([
      ...pattern,
      ...pattern,
    ]);
    // A customer changes their no of the 13th to a yes a week later: still the 13th's answer.
    await sqlRun(
      `update reply_feedback set answer = 'yes', changed_at = changed_at + ? where question_id =
         (select id from questions where text = 'Question 2 of 2026-11-13')`,
      7 * 24 * HOUR,
    );
    const changed = await countFeedbackByDay({ days });
    expect(perDay(changed)['2026-11-13']).toEqual([3, 0]);
    expect(changed.reduce((sum, r) => sum + r.count, 0)).toBe(26);
    // Only the range's days.
    expect(await countFeedbackByDay({ days: days.slice(0, 1) })).toEqual([
      { date: '2026-11-10', answer: 'yes', count: 1 },
    ]);
  });

  it('lists customers’ comments, newest change first, without erased conversations’', async () => {
    const comments = await listFeedbackComments({ days, limit: 50 });
    expect(comments.map((c) => [c.answer, c.comment])).toEqual([
      ['yes', 'It did, once I read it twice.'],
      ['no', 'You did not say whether the rye has <nuts> in it.'],
      ['yes', 'Lovely, thank you!'],
    ]);
    const questionIds = await sqlRows<{ id: number }>(
      `select id from questions where text in ('Question 5 of 2026-11-14', 'Question 2 of 2026-11-13')
       order by received_at desc`,
    );
    expect(comments.map((c) => c.questionId).slice(0, 2)).toEqual(questionIds.map((q) => q.id));
    // Changed a day after it was first given, the 14th's answer is dated by its change.
    const [changed] = comments;
    expect(changed?.changedAt).toBe(Date.parse('2026-11-14T14:05:00-05:00') + 2 * HOUR + 24 * HOUR);
    const messageOf = await sqlValue(
      'select question_id from messages where id = ?',
      changed?.messageId,
    );
    expect(messageOf).toBe(changed?.questionId);
    expect(await listFeedbackComments({ days, limit: 1 })).toHaveLength(1);
    expect(await listFeedbackComments({ days: days.slice(0, 1), limit: 50 })).toHaveLength(1);
    await sqlRun("update questions set erased_at = 1 where text = 'Question 2 of 2026-11-13'");
    expect((await listFeedbackComments({ days, limit: 50 })).map((c) => c.comment)).toEqual([
      'It did, once I read it twice.',
      'Lovely, thank you!',
    ]);
  });

  it('lists one row per question for the CSV, without customers’ words', async () => {
    const rows = await listConversationRows({ days });
    expect(rows).toHaveLength(40);
    expect(rows[0]).toMatchObject({
      channel: 'web',
      status: 'sent',
      firstReplyBy: 'sam@example.com',
      replies: 1,
      editClass: 'unchanged',
      runs: 1,
      costUsd: 0.05,
    });
    expect(rows.filter((r) => r.discardReason !== null)).toHaveLength(5);
    expect(rows.reduce((sum, r) => sum + r.feedbackYes, 0)).toBe(18);
    expect(rows.reduce((sum, r) => sum + r.feedbackNo, 0)).toBe(8);
    expect(rows[1]).toMatchObject({ feedbackYes: 0, feedbackNo: 0 });
    expect(JSON.stringify(rows)).not.toMatch(
      /Customer \d|Question \d|Draft \d|Reply \d|thank you|nuts|twice/,
    );
  });

  it('never counts the example questions a new desk starts with, nor their drafts, replies or spend', async () => {
    const figures = async () => ({
      questions: await countQuestionsByDay({ days }),
      waits: await listFirstReplyWaits({ days }),
      answered: await countAnsweredWithin({ days, withinMs: HOUR }),
      editsByDay: await countEditsByDay({ days }),
      editsByTopic: await countEditsByTopic({ days }),
      discards: await countDiscardReasons({ days }),
      spend: await sumSpendByDay({ days }),
      marks: await countPersonMarks({ days }),
      replies: await countRepliesByPerson({ days }),
      rows: await listConversationRows({ days }),
      marked: await listMarkedQuestions({ days, limit: 50 }),
      feedback: await countFeedbackByDay({ days }),
      comments: await listFeedbackComments({ days, limit: 50 }),
      unsold: await listNotFoundMenuLookups({
        since: new Date(days[0]?.start ?? 0),
        until: new Date(days[days.length - 1]?.end ?? 0),
      }),
    });
    const before = await figures();
    // The seeded examples, moved into the range's opening hours and given everything a customer's
    // question can have: a reply, a run that cost money and marked it, an unsold ask, a discard.
    const examples = await sqlRows<{ id: number }>(
      "select id from questions where channel = 'sample' order by id",
    );
    expect(examples.length).toBeGreaterThan(1);
    const open = days[1];
    if (!open) throw new Error('the range has no second day');
    for (const [i, { id }] of examples.entries()) {
      const at = open.opens + (i + 1) * 60_000;
      await sqlRun(
        "update questions set received_at = ?, last_message_at = ?, status = 'sent' where id = ?",
        at,
        at,
        id,
      );
      const run = await sqlValue(
        `insert into agent_runs (question_id, model, stop_kind, draft_text, facts_version, started_at,
           finished_at, cost_usd, needs_person_reason)
         values (?, 'claude-test', 'answered', 'Draft', 1, ?, ?, 0.5, 'delivery') returning id`,
        id,
        at,
        at + 1000,
      );
      await sqlRun(
        `insert into tool_calls (run_id, seq, turn, call_id, tool_name, input, result, is_error,
           error_kind, duration_ms)
         values (?, 1, 1, ?, 'menu_item', '{"name":"eclairs"}', '{}', true, 'notFound', 1)`,
        run,
        `example-call-${i}`,
      );
      const reply = await sqlValue(
        `insert into replies (question_id, text, sent_by, sent_at, run_id, edited, edit_distance)
         values (?, 'Reply', ?, ?, ?, true, 3) returning id`,
        id,
        people.staffId,
        at + 60_000,
        run,
      );
      const message = await sqlValue(
        `insert into messages (question_id, author, channel, text, reply_id, at)
         values (?, 'bakery', 'web', 'Reply', ?, ?) returning id`,
        id,
        reply,
        at + 60_000,
      );
      await sqlRun(
        `insert into reply_feedback (message_id, question_id, answer, comment, answered_at, changed_at)
         values (?, ?, 'no', 'Example comment', ?, ?)`,
        message,
        id,
        at + 120_000,
        at + 120_000,
      );
    }
    await sqlRun(
      "update questions set status = 'discarded', discard_reason = 'Example' where id = ?",
      examples[0]?.id,
    );
    expect(await figures()).toEqual(before);
    // The same history on a customer's channel is counted: the check above can fail.
    await sqlRun("update questions set channel = 'web' where channel = 'sample'");
    const counted = await figures();
    expect(counted.rows).toHaveLength(before.rows.length + examples.length);
    expect(counted.unsold.length).toBe(before.unsold.length + examples.length);
    expect(counted.spend).not.toEqual(before.spend);
    expect(counted.comments.length).toBe(before.comments.length + examples.length);
    expect(counted.feedback).not.toEqual(before.feedback);
  });

  it('leaves out what falls outside the range', async () => {
    const first = days.slice(0, 1);
    expect((await countQuestionsByDay({ days: first })).reduce((s, r) => s + r.count, 0)).toBe(2);
    expect(await listConversationRows({ days: first })).toHaveLength(2);
    expect(await countPersonMarks({ days: first })).toEqual([]);
  });
});

describe('edit classes in SQL', () => {
  it('agree with lib/insights for every distance around the light-edit line', async () => {
    const { staffId } = people;
    const at = days[0]?.start ?? 0;
    const cases: { draft: number; sent: number; distance: number }[] = [];
    for (const [draft, sent] of [
      [100, 100],
      [40, 120],
      [0, 30],
      [7, 3],
    ] as const) {
      for (let distance = 0; distance <= 40; distance++) cases.push({ draft, sent, distance });
    }
    for (const [i, c] of cases.entries()) {
      const q = await sqlValue(
        `insert into questions (text, customer_name, channel, ticket_token, status, received_at, updated_at)
         values ('q', 'c', 'web', ?, 'sent', ?, ?) returning id`,
        `parity-${i}`,
        at,
        at,
      );
      const run = await sqlValue(
        `insert into agent_runs (question_id, model, stop_kind, draft_text, facts_version, started_at, finished_at)
         values (?, 'm', 'answered', ?, 1, ?, ?) returning id`,
        q,
        c.draft === 0 ? null : 'd'.repeat(c.draft),
        at,
        at,
      );
      await sqlRun(
        `insert into replies (question_id, text, sent_by, sent_at, run_id, edited, edit_distance)
         values (?, ?, ?, ?, ?, ${c.distance > 0 ? 'true' : 'false'}, ?)`,
        q,
        's'.repeat(c.sent),
        staffId,
        at + 1,
        run,
        c.distance,
      );
    }
    const rows = await listConversationRows({ days: days.slice(0, 1) });
    // They arrived at the day's midnight, before the fixture's questions.
    expect(rows.slice(0, cases.length).map((r) => r.editClass)).toEqual(
      cases.map((c) => editClass({ distance: c.distance, length: Math.max(c.draft, c.sent) })),
    );
  });
});
