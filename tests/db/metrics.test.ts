// @module-tag postgres: the figures GET /metrics reads from the rows, on both engines.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { type DeskFigures, DRAFT_DURATION_BUCKETS, readDeskFigures } from '@/db/metrics';
import { createQuestion } from '@/db/questions';
import { agentRuns, backupRuns, emailOutbox, inboundEmails, replies } from '@/db/schema';
import { staffMember } from '../support/email-conversation';
import { sqlRun } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

let database: Awaited<ReturnType<typeof useTempDatabase>>;
beforeEach(async () => {
  database = await useTempDatabase();
  // The example questions stand aside, so the queue holds only this test's.
  await sqlRun("update questions set status = 'discarded'");
});
afterEach(() => database.cleanup());

const at = (ms: number) => new Date(Date.UTC(2026, 11, 1, 9) + ms);

async function question(customer: string, receivedMs: number): Promise<number> {
  const stored = await createQuestion({
    text: 'Are you open on Saturday?',
    customerName: customer,
    customerEmail: null,
    channel: 'api',
    externalId: customer,
    now: at(receivedMs),
  });
  return stored.question.id;
}

async function run(
  questionId: number,
  row: {
    model: string;
    stopKind: 'answered' | 'failed' | 'outOfTurns';
    stopReason?: string | null;
    ms: number;
    inputTokens?: number;
    outputTokens?: number;
    cacheReadTokens?: number;
    cacheWriteTokens?: number;
    costUsd?: number;
  },
): Promise<number> {
  const { ms, ...rest } = row;
  const [stored] = await (await getDb())
    .insert(agentRuns)
    .values({ questionId, factsVersion: 1, startedAt: at(0), finishedAt: at(ms), ...rest })
    .returning({ id: agentRuns.id });
  return stored?.id ?? 0;
}

const runOf = (figures: DeskFigures, model: string, stopKind: string) =>
  figures.runs.find((row) => row.model === model && row.stopKind === stopKind);

describe("the desk's figures for /metrics", () => {
  it('counts questions, runs, model errors and emails from the rows, summed on either engine', async () => {
    const first = await question('Ada', 0);
    await question('Ben', 540_000);
    const third = await question('Cleo', 600_000);
    await sqlRun("update questions set status = 'drafted' where id = ?", third);

    await run(first, {
      model: 'claude-a',
      stopKind: 'answered',
      ms: 200,
      inputTokens: 1_000,
      outputTokens: 200,
      cacheReadTokens: 30,
      cacheWriteTokens: 4,
      costUsd: 0.25,
    });
    await run(first, {
      model: 'claude-a',
      stopKind: 'answered',
      ms: 3_000,
      inputTokens: 500,
      outputTokens: 100,
      costUsd: 0.5,
    });
    await run(first, { model: 'claude-a', stopKind: 'failed', stopReason: 'rateLimited', ms: 10 });
    await run(first, { model: 'claude-a', stopKind: 'failed', stopReason: 'rateLimited', ms: 10 });
    await run(first, { model: 'offline', stopKind: 'failed', stopReason: null, ms: 400_000 });

    const db = await getDb();
    const sam = await staffMember();
    for (const [n, status] of [
      [1, 'sent'],
      [2, 'sent'],
      [3, 'failed'],
      [4, 'queued'],
    ] as const) {
      const [reply] = await db
        .insert(replies)
        .values({
          questionId: first,
          text: `Reply ${n}`,
          sentBy: sam,
          sentAt: at(n),
          edited: false,
          editDistance: 0,
        })
        .returning({ id: replies.id });
      await db.insert(emailOutbox).values({
        questionId: first,
        replyId: reply?.id ?? 0,
        emailMessageId: `r${n}@juniper.example`,
        toAddress: 'ada@customer.example',
        subject: 'Re: Saturday',
        status,
        createdAt: at(n),
        updatedAt: at(n),
      });
    }
    for (const [key, outcome] of [
      ['a@x', 'question'],
      ['b@x', 'follow-up'],
      ['c@x', 'question'],
      ['d@x', 'not a question'],
    ] as const) {
      await db.insert(inboundEmails).values({
        key,
        outcome,
        raw: Buffer.from('Subject: hi\r\n\r\nhi\r\n'),
        size: 20,
        receivedAt: at(0),
      });
    }

    await db.insert(backupRuns).values([
      {
        reason: 'daily',
        day: '2026-11-30',
        startedAt: at(0),
        finishedAt: at(1_000),
        file: 'a.db',
        sizeBytes: 100,
        ok: true,
      },
      {
        reason: 'migration',
        startedAt: at(2_000),
        finishedAt: at(3_000),
        file: 'b.db',
        sizeBytes: 50,
        ok: false,
        problem: 'damaged',
      },
      // Still running: not counted, not the last.
      { reason: 'daily', day: '2026-12-01', startedAt: at(4_000), file: 'c.db' },
    ]);

    const figures = await readDeskFigures();
    const statusCount = (status: string) =>
      figures.questionsByStatus.find((row) => row.status === status)?.count;
    expect(statusCount('queued')).toBe(2);
    expect(statusCount('drafted')).toBe(1);
    expect(figures.oldestQueuedAt?.getTime()).toBe(at(0).getTime());
    expect(figures.oldestAwaitingReplyAt?.getTime()).toBe(at(600_000).getTime());

    const answered = runOf(figures, 'claude-a', 'answered');
    expect(answered).toMatchObject({
      runs: 2,
      durationSeconds: 3.2,
      inputTokens: 1_500,
      outputTokens: 300,
      cacheReadTokens: 30,
      cacheWriteTokens: 4,
    });
    expect(answered?.costUsd).toBeCloseTo(0.75, 10);
    // 0.2 s and 3 s: one run up to 0.25 s, both from 5 s on.
    expect(answered?.buckets).toEqual(
      DRAFT_DURATION_BUCKETS.map((le) => (le < 0.25 ? 0 : le < 5 ? 1 : 2)),
    );
    expect(runOf(figures, 'claude-a', 'failed')?.runs).toBe(2);
    // 400 s: past every bucket, counted only in +Inf (the run count).
    expect(runOf(figures, 'offline', 'failed')?.buckets.every((n) => n === 0)).toBe(true);
    expect(runOf(figures, 'offline', 'failed')?.durationSeconds).toBe(400);

    expect(new Map(figures.modelErrors.map((row) => [row.kind, row.count]))).toEqual(
      new Map([
        ['rateLimited', 2],
        ['unclassified', 1],
      ]),
    );
    expect(new Map(figures.emailsOut.map((row) => [row.status, row.count]))).toEqual(
      new Map([
        ['sent', 2],
        ['failed', 1],
        ['queued', 1],
      ]),
    );
    expect(new Map(figures.emailsIn.map((row) => [row.outcome, row.count]))).toEqual(
      new Map([
        ['question', 2],
        ['follow-up', 1],
        ['not a question', 1],
      ]),
    );
    expect(figures.backups).toEqual(
      expect.arrayContaining([
        { reason: 'daily', ok: true, count: 1 },
        { reason: 'migration', ok: false, count: 1 },
      ]),
    );
    expect(figures.backups).toHaveLength(2);
    expect(figures.lastBackup).toEqual({ finishedAt: at(3_000), ok: false, sizeBytes: 50 });
    expect(figures.lastGoodBackupAt?.getTime()).toBe(at(1_000).getTime());
  });

  it('counts runs and emails added between scrapes, and again from the start when rows go', async () => {
    const first = await question('Ada', 0);
    const second = await question('Ben', 1_000);
    const runsOf = async () =>
      new Map((await readDeskFigures()).runs.map((row) => [`${row.model} ${row.stopKind}`, row]));
    const email = (key: string) =>
      getDb().then((db) =>
        db.insert(inboundEmails).values({
          key,
          outcome: 'question',
          raw: Buffer.from('x'),
          size: 1,
          receivedAt: at(0),
          questionId: second,
        }),
      );

    await run(first, { model: 'm', stopKind: 'answered', ms: 100, inputTokens: 10, costUsd: 0.5 });
    await email('a@x');
    expect((await runsOf()).get('m answered')).toMatchObject({ runs: 1, inputTokens: 10 });

    await run(second, { model: 'm', stopKind: 'answered', ms: 100, inputTokens: 5, costUsd: 0.25 });
    await run(second, { model: 'm', stopKind: 'failed', stopReason: 'stalled', ms: 100 });
    await email('b@x');
    let figures = await readDeskFigures();
    expect(runOf(figures, 'm', 'answered')).toMatchObject({
      runs: 2,
      inputTokens: 15,
      costUsd: 0.75,
    });
    expect(figures.modelErrors).toEqual([{ kind: 'stalled', count: 1 }]);
    expect(figures.emailsIn).toEqual([{ outcome: 'question', count: 2 }]);

    // The second question goes, with its runs and emails: counted again from what is left.
    await sqlRun('delete from questions where id = ?', second);
    figures = await readDeskFigures();
    expect(runOf(figures, 'm', 'answered')).toMatchObject({
      runs: 1,
      inputTokens: 10,
      costUsd: 0.5,
    });
    expect(figures.modelErrors).toEqual([]);
    expect(figures.emailsIn).toEqual([]);

    await run(first, { model: 'm', stopKind: 'answered', ms: 100, inputTokens: 1 });
    expect((await runsOf()).get('m answered')).toMatchObject({ runs: 2, inputTokens: 11 });
  });

  it('says no queue and no wait on an empty desk', async () => {
    const figures = await readDeskFigures();
    expect(figures.backups).toEqual([]);
    expect(figures.lastBackup).toBeNull();
    expect(figures.lastGoodBackupAt).toBeNull();
    expect(figures.oldestQueuedAt).toBeNull();
    expect(figures.oldestAwaitingReplyAt).toBeNull();
    expect(figures.modelErrors).toEqual([]);
    expect(figures.emailsOut).toEqual([]);
  });
});
