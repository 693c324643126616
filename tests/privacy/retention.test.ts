// @module-tag postgres: erasure by the retention period.
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { discardQuestion } from '@/db/drafts';
import { listNotFoundMenuLookups } from '@/db/insights';
import { createQuestion, getQuestion, getQuestionByTicket } from '@/db/questions';
import { claimQuestion, recordAttempt } from '@/db/queue';
import { getReplyForQuestion, sendReply } from '@/db/replies';
import { eraseExpiredConversations, previewErasure, updateRetention } from '@/db/retention';
import { createUser } from '@/db/users';
import { ERASED_NAME, ERASED_TEXT } from '@/lib/retention/retention';
import { killGroup, type Spawned, spawnWorker, waitUntil } from '../support/processes';
import { sqlRows, sqlRun, sqlValue } from '../support/sql';
import { onPostgres, useTempDatabase } from '../support/temp-db';

const DAY = 86_400_000;
const now = new Date('2026-12-01T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

describe('erasing closed conversations after the retention period', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let owner = 0;
  const scalar = async (sql: string) => sqlValue(sql);

  beforeEach(async () => {
    temp = await useTempDatabase();
    await getDb();
    await sqlRun('delete from questions');
    const created = await createUser({
      email: 'owner@example.com',
      name: 'Olga',
      role: 'owner',
      passwordHash: 'unused',
      now,
    });
    if (!created.ok) throw new Error('no owner');
    owner = created.user.id;
  });
  afterEach(() => temp.cleanup());

  /** A question drafted (one run, one tool call) at `at`, then sent, discarded or left open. */
  async function conversation(name: string, at: Date, end: 'sent' | 'discarded' | 'open') {
    const stored = await createQuestion({
      text: `${name} asks: do you have croissants?`,
      customerName: name,
      customerEmail: `${name.toLowerCase()}@example.com`,
      channel: 'api',
      externalId: `mail-${name}`,
      now: at,
    });
    if (!stored.created) throw new Error('not created');
    const claim = await claimQuestion({
      id: stored.question.id,
      owner: 'w',
      leaseMs: 10_000,
      now: at,
    });
    if (!claim.ok) throw new Error('not claimed');
    await recordAttempt({
      questionId: stored.question.id,
      leaseToken: claim.question.leaseToken ?? '',
      run: {
        model: 'claude-opus-5-5',
        stopKind: 'answered',
        draftText: `Sorry ${name}, no croissants.`,
        turns: 2,
        inputTokens: 1000,
        outputTokens: 100,
        costUsd: 0.0075,
        factsVersion: 1,
        startedAt: at,
        finishedAt: at,
        needsPersonReason: 'allergens',
        needsPersonNote: `${name}'s sesame allergy`,
      },
      calls: [
        {
          seq: 0,
          turn: 1,
          callId: 'c1',
          toolName: 'menu_item',
          input: JSON.stringify({ name: 'croissants' }),
          result: 'No item called croissants.',
          isError: true,
          errorKind: 'notFound',
          durationMs: 1,
        },
        {
          seq: 1,
          turn: 1,
          callId: 'c2',
          toolName: 'mark_for_person',
          input: JSON.stringify({ reason: 'allergens', note: `${name}'s sesame allergy` }),
          result: '{"marked":true,"reason":"allergens"}',
          isError: false,
          errorKind: null,
          durationMs: 1,
        },
      ],
      next: { status: 'drafted' },
      now: at,
    });
    const question = await getQuestion({ id: stored.question.id });
    if (!question) throw new Error('gone');
    if (end === 'sent') {
      await sendReply({
        questionId: question.id,
        version: question.version,
        text: `Sorry ${name}, no croissants today.`,
        userId: owner,
        now: at,
      });
    }
    if (end === 'discarded')
      await discardQuestion({ id: question.id, reason: `${name} is spam`, now: at });
    return { id: question.id, token: stored.ticketToken };
  }

  it('shows what would go, erases exactly that with one audit row, and keeps the figures', async () => {
    const oldSent = await conversation('Rosa', daysAgo(40), 'sent');
    const oldDiscarded = await conversation('Mallory', daysAgo(35), 'discarded');
    const recentSent = await conversation('Tom', daysAgo(5), 'sent');
    const oldOpen = await conversation('Ana', daysAgo(90), 'open');
    const costBefore = await scalar('select sum(cost_usd) from agent_runs');
    const lookupsBefore = await listNotFoundMenuLookups({ since: daysAgo(365) });

    // Nothing is erased while no period is set.
    expect(await eraseExpiredConversations({ now, by: null })).toEqual({ erased: 0, days: null });
    await updateRetention({ days: 30, by: owner, now });

    const preview = await previewErasure({ now, days: 30 });
    expect(preview.total).toBe(2);
    expect(preview.questions.map((q) => [q.id, q.customerName])).toEqual([
      [oldSent.id, 'Rosa'],
      [oldDiscarded.id, 'Mallory'],
    ]);
    // A dry run erases nothing.
    expect((await getQuestion({ id: oldSent.id }))?.customerName).toBe('Rosa');

    expect(await eraseExpiredConversations({ now, by: owner })).toEqual({ erased: 2, days: 30 });

    for (const { id } of [oldSent, oldDiscarded]) {
      expect(await getQuestion({ id })).toMatchObject({
        text: ERASED_TEXT,
        customerName: ERASED_NAME,
        customerEmail: null,
        externalId: null,
        draftText: null,
        discardReason: null,
        erasedAt: now,
      });
    }
    expect((await getReplyForQuestion({ questionId: oldSent.id }))?.text).toBe(ERASED_TEXT);
    // Nothing of Rosa's or Mallory's words is left anywhere.
    const dump = JSON.stringify(
      await sqlRows(
        "select * from questions q left join replies r on r.question_id = q.id left join agent_runs a on a.question_id = q.id left join tool_calls c on c.run_id = a.id left join audit_log l on l.action = 'retention.erase'",
      ),
    );
    expect(dump).not.toMatch(/Rosa|Mallory|rosa@|mallory@/);
    // Nor in the SQLite file's free pages, where erased rows would otherwise linger
    // (secure_delete). PostgreSQL keeps no file of the test's to read; its dead rows go with
    // VACUUM.
    if (!onPostgres()) {
      (await getDb()).$client.pragma('wal_checkpoint(TRUNCATE)');
      const file = readFileSync(temp.path);
      for (const words of ['Mallory asks', 'Mallory is spam', 'Sorry Rosa']) {
        expect(file.includes(words), words).toBe(false);
      }
    }
    // The mark's reason is a figure and stays; its note was the customer's words.
    expect(
      (
        await sqlRows(
          "select a.needs_person_reason, a.needs_person_note, c.input from agent_runs a join tool_calls c on c.run_id = a.id where a.question_id = ? and c.tool_name = 'mark_for_person'",
          oldSent.id,
        )
      )[0],
    ).toEqual({
      needs_person_reason: 'allergens',
      needs_person_note: null,
      input: '{"reason":"allergens"}',
    });
    // The others are untouched.
    expect((await getQuestion({ id: recentSent.id }))?.customerName).toBe('Tom');
    expect((await getQuestion({ id: oldOpen.id }))?.customerName).toBe('Ana');
    // The figures stay: runs, tokens, cost, lookups for insights.
    expect(await scalar('select count(*) from agent_runs')).toBe(4);
    expect(await scalar('select count(*) from tool_calls')).toBe(8);
    expect(await scalar('select sum(cost_usd) from agent_runs')).toBe(costBefore);
    expect(await listNotFoundMenuLookups({ since: daysAgo(365) })).toEqual(lookupsBefore);
    // The customer's link still opens, on nothing personal.
    expect((await getQuestionByTicket({ token: oldSent.token }))?.text).toBe(ERASED_TEXT);

    const audit = (await sqlRows(
      "select user_id, before, after from audit_log where action = 'retention.erase'",
    )) as { user_id: number; before: string; after: string }[];
    expect(audit).toHaveLength(1);
    expect(audit[0]?.user_id).toBe(owner);
    expect(JSON.parse(audit[0]?.after ?? '{}')).toEqual({
      erased: 2,
      questionIds: [oldSent.id, oldDiscarded.id],
    });

    // Again: nothing more to erase, and no audit row for nothing.
    expect((await eraseExpiredConversations({ now, by: null })).erased).toBe(0);
    expect(await scalar("select count(*) from audit_log where action = 'retention.erase'")).toBe(1);
    expect((await previewErasure({ now, days: 30 })).total).toBe(0);
  });

  it('audits a change of period and leaves drafts current', async () => {
    const version = async () => await scalar('select facts_version from bakery');
    const before = await version();
    expect(await updateRetention({ days: 60, by: owner, now })).toEqual({ changed: true });
    expect(await updateRetention({ days: 60, by: owner, now })).toEqual({ changed: false });
    expect(await version()).toBe(before);
    expect(
      await sqlRows("select before, after from audit_log where action = 'retention.update'"),
    ).toEqual([{ before: '{"retentionDays":null}', after: '{"retentionDays":60}' }]);
  });
});

describe('the worker erases on its own', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let worker: Spawned | undefined;
  beforeEach(async () => {
    temp = await useTempDatabase();
  });
  afterEach(async () => {
    if (worker) {
      killGroup(worker, 'SIGKILL');
      await worker.exited;
    }
    await temp.cleanup();
  });

  it('at start-up, a separately run worker erases what is past the period', async () => {
    const old = Date.now() - 10 * DAY;
    await sqlRun("update questions set status = 'discarded', updated_at = ?", old);
    await sqlRun('update bakery set retention_days = 7');
    worker = spawnWorker({ DATABASE_PATH: temp.path, DRAFT_MODEL: 'offline' });
    await waitUntil(
      'the sample questions are erased',
      async () => (await sqlValue('select count(*) from questions where erased_at is null')) === 0,
    );
    expect(await sqlValue('select count(*) from questions')).toBeGreaterThan(0);
    // The worker says so once the erasing has committed, a moment after the rows show it.
    const started = worker;
    const said = /"area":"retention".*"msg":"erased \d+ conversation/;
    await waitUntil('the worker says it erased', async () => said.test(started.output()));
    expect(worker.output()).toMatch(said);
  }, 30_000);
});
