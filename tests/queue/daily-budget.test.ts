// @module-tag postgres: the day's spend summed in SQL.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getBakery } from '@/db/bakery';
import { createQuestion } from '@/db/questions';
import { claimQuestion } from '@/db/queue';
import { updateBakerySettings } from '@/db/settings';
import { budgetToday } from '@/db/spending';
import { createUser } from '@/db/users';
import { resetEnvForTests } from '@/lib/env';
import { draftSettingsFromEnv } from '@/server/drafting/settings';
import { fake, startFakeAnthropic } from '../support/fake-anthropic';
import { type InProcessWorker, startWorkerInProcess } from '../support/in-process-worker';
import { waitUntil } from '../support/processes';
import { sqlRun, sqlValue } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

// 40,000 input and 8,000 output tokens at $5 and $25 a million: $0.40 a draft.
const FORTY_CENTS = { input_tokens: 40_000, output_tokens: 8_000 };

// The worker `npm run worker` runs, in this process: the point is its claims against the
// budget, not the process (tests/queue/worker-processes.test.ts starts that).
describe('the daily model budget, through the drafting worker', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  let running: InProcessWorker | undefined;
  const scalar = async (sql: string) => (await sqlValue(sql)) as number;
  const drafted = async () =>
    await scalar("select count(*) from questions where status = 'drafted'");

  beforeEach(async () => {
    temp = await useTempDatabase();
    await sqlRun("update questions set status = 'discarded'");
  });
  afterEach(async () => {
    await running?.stop();
    running = undefined;
    await temp.cleanup();
    delete process.env.DRAFT_MODEL;
    delete process.env.DRAFT_DAILY_DOLLARS;
    resetEnvForTests();
  });

  async function queue(count: number): Promise<void> {
    const start = Date.now();
    for (let i = 0; i < count; i++) {
      await createQuestion({
        text: `Question ${i}: are you open on Saturday?`,
        customerName: `Customer ${i}`,
        customerEmail: null,
        channel: 'api',
        externalId: `b-${i}`,
        now: new Date(start + i),
      });
    }
  }

  it('past the budget, questions wait queued instead of calling the model; a raise lets one more through', async () => {
    await queue(5);
    const server = await startFakeAnthropic({
      script: Array.from({ length: 5 }, (_, i) =>
        fake.text(`Yes, open Saturday (${i}).`, FORTY_CENTS),
      ),
    });
    try {
      running = startWorkerInProcess({
        DRAFT_MODEL: 'claude',
        ANTHROPIC_API_KEY: 'test-key',
        ANTHROPIC_BASE_URL: server.url,
        DRAFT_CONCURRENCY: '1',
        DRAFT_DAILY_DOLLARS: '1',
      });
      // $0.40, $0.80, then $1.20: the third starts under the dollar and ends over it.
      await waitUntil('three drafts are stored', async () => (await drafted()) === 3);
      expect(await budgetToday({ now: new Date(), defaultDollars: 1 })).toMatchObject({
        reached: true,
        limitCents: 100,
      });
      expect(Math.round((await scalar('select sum(cost_usd) from agent_runs')) * 100) / 100).toBe(
        1.2,
      );

      // The owner raises the budget to $1.60: exactly one more draft fits.
      const owner = await createUser({
        email: 'owner@example.com',
        name: 'Olga',
        role: 'owner',
        passwordHash: 'not used here',
        now: new Date(),
      });
      if (!owner.ok) throw new Error('no owner');
      const { name, timezone, contact, locale, currency } = await getBakery();
      await updateBakerySettings({
        input: {
          name,
          timezone,
          contact,
          locale,
          currency,
          dailyBudget: 160,
          showStaffNames: false,
        },
        by: owner.user.id,
        now: new Date(),
      });
      await waitUntil('a fourth draft is stored', async () => (await drafted()) === 4);
      await running.stop();

      expect(await drafted()).toBe(4);
      expect(await scalar("select count(*) from questions where status = 'queued'")).toBe(1);
      expect(
        await scalar("select count(*) from questions where status = 'queued' and attempts = 0"),
      ).toBe(1);
      expect(server.requests).toHaveLength(4);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('offline drafts cost nothing and never wait for the budget', async () => {
    await queue(3);
    await sqlRun(
      `insert into agent_runs (question_id, model, stop_kind, cost_usd, facts_version, started_at, finished_at)
         select id, 'claude-opus-5-5', 'failed', 50, 1, ?, ? from questions limit 1`,
      Date.now(),
      Date.now(),
    );
    running = startWorkerInProcess({ DRAFT_MODEL: 'offline', DRAFT_DAILY_DOLLARS: '1' });
    await waitUntil('every question is drafted', async () => (await drafted()) === 3);
    expect(
      await scalar(
        "select count(*) from agent_runs where model = 'offline drafter' and cost_usd = 0",
      ),
    ).toBe(3);
  }, 30_000);
});

describe('the budget in the database', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  beforeEach(async () => {
    temp = await useTempDatabase();
    await sqlRun("update questions set status = 'discarded'");
  });
  afterEach(() => temp.cleanup());

  const spend = async (usd: number, finishedAt: string) =>
    sqlRun(
      `insert into agent_runs (question_id, model, stop_kind, cost_usd, facts_version, started_at, finished_at)
         select id, 'claude-opus-5-5', 'answered', ?, 1, ?, ? from questions limit 1`,
      usd,
      Date.parse(finishedAt),
      Date.parse(finishedAt),
    );

  it('counts the spend of the bakery’s own day (New York here), whatever the server’s', async () => {
    expect((await getBakery()).timezone).toBe('America/New_York');
    // 23:30 on 1 December in New York is 04:30 on the 2nd in UTC.
    await spend(3, '2026-12-02T04:30:00Z');
    const lateOnTheFirst = await budgetToday({
      now: new Date('2026-12-02T04:45:00Z'),
      defaultDollars: 2,
    });
    expect(lateOnTheFirst).toMatchObject({ spentUsd: 3, reached: true });
    expect(lateOnTheFirst.resumesAt.toISOString()).toBe('2026-12-02T05:00:00.000Z');
    const morningOfTheSecond = await budgetToday({
      now: new Date('2026-12-02T13:00:00Z'),
      defaultDollars: 2,
    });
    expect(morningOfTheSecond).toMatchObject({ spentUsd: 0, reached: false });
  });

  it('refuses a person’s redraft past the budget, without claiming the question', async () => {
    const { question } = await createQuestion({
      text: 'Rye?',
      customerName: 'Ana',
      customerEmail: null,
      channel: 'web',
    });
    await spend(2.5, new Date().toISOString());
    const base = { id: question.id, owner: 'p', leaseMs: 10_000, now: new Date() };
    expect(await claimQuestion({ ...base, budget: { defaultDollars: 2 } })).toMatchObject({
      ok: false,
      reason: 'overBudget',
    });
    expect(await sqlValue('select status from questions where id = ?', question.id)).toBe('queued');
    expect((await claimQuestion({ ...base, budget: { defaultDollars: 3 } })).ok).toBe(true);
  });

  it('holds back only a paid model', async () => {
    process.env.DRAFT_MODEL = 'offline';
    resetEnvForTests();
    // Asked at each claim: the model may change in Settings while the worker runs.
    expect(await draftSettingsFromEnv().budget()).toBeUndefined();
    process.env.DRAFT_MODEL = 'claude';
    process.env.DRAFT_DAILY_DOLLARS = '7.5';
    resetEnvForTests();
    expect(await draftSettingsFromEnv().budget()).toEqual({ defaultDollars: 7.5 });
    delete process.env.DRAFT_MODEL;
    delete process.env.DRAFT_DAILY_DOLLARS;
    resetEnvForTests();
  });
});
