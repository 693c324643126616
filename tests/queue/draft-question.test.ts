// @module-tag postgres: a draft stored in one transaction.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQuestion, getQuestion } from '@/db/questions';
import { claimNextQuestion } from '@/db/queue';
import type { Model } from '@/lib/agent';
import { addDays, zonedParts } from '@/lib/agent/bakery/calendar';
import { answerReply, callsReply, noUsage, scriptedModel } from '@/lib/agent/models/scripted';
import { type DraftSettings, draftClaimedQuestion } from '@/server/drafting/draft-question';
import { sqlRows, sqlRun } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

const limits = { maxTurns: 4, maxTokens: 10_000, maxDollars: 1 };

function settingsWith(makeModel: () => Model, maxAttempts = 3): DraftSettings {
  return { limits, leaseMs: 30_000, maxAttempts, makeModel };
}

const failingModel: Model = {
  name: 'claude-test',
  takeTurn: async () => {
    throw new Error('The Claude request failed: 529 overloaded_error: Overloaded');
  },
};

describe('drafting one claimed question', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  const rows = async (sql: string, ...args: unknown[]) =>
    (await sqlRows(sql, ...args)) as Record<string, unknown>[];

  beforeEach(async () => {
    temp = await useTempDatabase();
    await sqlRun("update questions set status = 'discarded'");
    await createQuestion({
      text: 'How much is a rye loaf?',
      customerName: 'T',
      customerEmail: null,
      channel: 'web',
    });
  });
  afterEach(() => temp.cleanup());

  async function claimAndDraft(settings: DraftSettings) {
    const question = await claimNextQuestion({ owner: 'w1', leaseMs: 30_000, now: new Date() });
    if (!question) throw new Error('nothing to claim');
    const outcome = await draftClaimedQuestion({
      question,
      owner: 'w1',
      signal: new AbortController().signal,
      settings,
    });
    return { question, outcome };
  }

  it('stores the run, each tool call in order and the draft', async () => {
    const model = scriptedModel([
      callsReply([
        { id: 'c1', name: 'menu_item', input: { name: 'rye loaf' } },
        { id: 'c2', name: 'menu_item', input: { name: 'baguette' } },
      ]),
      answerReply(
        'A rye loaf is $9.00.',
        { ...noUsage, inputTokens: 120, outputTokens: 30 },
        0.002,
      ),
    ]);
    const { question, outcome } = await claimAndDraft(settingsWith(() => model));
    expect(outcome).toMatchObject({ kind: 'stored', status: 'drafted' });
    expect(await getQuestion({ id: question.id })).toMatchObject({
      status: 'drafted',
      draftText: 'A rye loaf is $9.00.',
    });
    expect(
      await rows(
        'select model, stop_kind, turns, input_tokens, output_tokens, cost_usd, facts_version from agent_runs',
      ),
    ).toEqual([
      {
        model: 'scripted',
        stop_kind: 'answered',
        turns: 2,
        input_tokens: 120,
        output_tokens: 30,
        cost_usd: 0.002,
        facts_version: 1,
      },
    ]);
    const calls = await rows(
      'select seq, turn, call_id, tool_name, input, case when is_error then 1 else 0 end as is_error, error_kind from tool_calls order by seq',
    );
    expect(calls).toEqual([
      {
        seq: 0,
        turn: 1,
        call_id: 'c1',
        tool_name: 'menu_item',
        input: '{"name":"rye loaf"}',
        is_error: 0,
        error_kind: null,
      },
      {
        seq: 1,
        turn: 1,
        call_id: 'c2',
        tool_name: 'menu_item',
        input: '{"name":"baguette"}',
        is_error: 1,
        error_kind: 'notFound',
      },
    ]);
  });

  it('reads relative days as of when the question arrived, however late it is drafted', async () => {
    // The question arrived a day and a half ago; the draft is made now.
    const arrived = new Date(Date.now() - 36 * 60 * 60 * 1000);
    const tomorrowThen = addDays(zonedParts(arrived, 'America/New_York').date, 1);
    await sqlRun('update questions set received_at = ?', arrived.getTime());
    await sqlRun('update messages set at = ?', arrived.getTime());
    let clock: { now: Date; askedAt: Date } | undefined;
    const model = scriptedModel([
      callsReply([{ id: 'c1', name: 'opening_hours', input: { day: 'tomorrow' } }]),
      answerReply('Open Saturday.', noUsage, 0),
    ]);
    const { outcome } = await claimAndDraft({
      ...settingsWith(() => model),
      makeModel: (input) => {
        clock = { now: input.now, askedAt: input.askedAt };
        return model;
      },
    });
    expect(outcome).toMatchObject({ kind: 'stored', status: 'drafted' });
    expect(clock?.askedAt.toISOString()).toBe(arrived.toISOString());
    expect(clock?.now.getTime()).toBeGreaterThan(arrived.getTime());
    const [call] = await rows('select result from tool_calls');
    expect(JSON.parse(String(call?.result))).toMatchObject({ date: tomorrowThen });
  });

  it('a stop is not a failure: a refusal is stored and the question waits for a person', async () => {
    const model = scriptedModel([{ kind: 'stop', reason: 'refused', usage: noUsage, costUsd: 0 }]);
    const { question, outcome } = await claimAndDraft(settingsWith(() => model));
    expect(outcome).toMatchObject({ kind: 'stored', status: 'drafted' });
    expect(await getQuestion({ id: question.id })).toMatchObject({
      status: 'drafted',
      draftText: null,
      lastError: null,
    });
    expect(await rows('select stop_kind, stop_reason from agent_runs')).toEqual([
      { stop_kind: 'modelStopped', stop_reason: 'refused' },
    ]);
  });

  it('stores a run’s mark for a person beside its draft', async () => {
    const model = scriptedModel([
      callsReply([
        {
          id: 'c1',
          name: 'mark_for_person',
          input: { reason: 'delivery', note: 'delivery to an office downtown' },
        },
      ]),
      answerReply('A person at the bakery will check about delivery and reply.'),
    ]);
    const { question } = await claimAndDraft(settingsWith(() => model));
    expect((await getQuestion({ id: question.id }))?.status).toBe('drafted');
    expect(await rows('select needs_person_reason, needs_person_note from agent_runs')).toEqual([
      { needs_person_reason: 'delivery', needs_person_note: 'delivery to an office downtown' },
    ]);
  });

  it('a request that fails after paid turns stores what they cost, so the day’s spend counts it', async () => {
    const model = scriptedModel([
      callsReply(
        [{ id: 'c1', name: 'menu_item', input: { name: 'rye loaf' } }],
        { ...noUsage, inputTokens: 1200, outputTokens: 40 },
        0.02,
      ),
      () => {
        throw new Error('The API is overloaded (529 overloaded_error: Overloaded)');
      },
    ]);
    const { outcome } = await claimAndDraft(settingsWith(() => model));
    expect(outcome).toMatchObject({ kind: 'stored', status: 'queued' });
    expect(
      await rows('select stop_kind, turns, input_tokens, output_tokens, cost_usd from agent_runs'),
    ).toEqual([
      { stop_kind: 'failed', turns: 1, input_tokens: 1200, output_tokens: 40, cost_usd: 0.02 },
    ]);
  });

  it('a failed request is retried after a backoff, then drafted, keeping both runs', async () => {
    const first = await claimAndDraft(settingsWith(() => failingModel));
    expect(first.outcome).toMatchObject({ kind: 'stored', status: 'queued' });
    const waiting = await getQuestion({ id: first.question.id });
    expect(waiting).toMatchObject({
      status: 'queued',
      lastError: expect.stringContaining('529 overloaded'),
    });
    expect(waiting?.notBefore?.getTime()).toBeGreaterThan(Date.now());
    expect(
      await claimNextQuestion({ owner: 'w1', leaseMs: 30_000, now: new Date() }),
    ).toBeUndefined();

    await sqlRun('update questions set not_before = 0');
    const second = await claimAndDraft(settingsWith(() => scriptedModel([answerReply('Yes.')])));
    expect(second.question.attempts).toBe(2);
    expect(second.outcome).toMatchObject({ kind: 'stored', status: 'drafted' });
    // A stored draft ends the round: a later redraft gets its full set of attempts again.
    expect(await getQuestion({ id: first.question.id })).toMatchObject({
      status: 'drafted',
      attempts: 0,
      lastError: null,
    });
    expect(
      await rows(
        'select stop_kind, case when error is not null then 1 else 0 end as has_error from agent_runs order by id',
      ),
    ).toEqual([
      { stop_kind: 'failed', has_error: 1 },
      { stop_kind: 'answered', has_error: 0 },
    ]);
  });

  it('a redraft that stops without an answer keeps the text staff already had', async () => {
    const first = await claimAndDraft(
      settingsWith(() => scriptedModel([answerReply('Rye is $9.00.')])),
    );
    await sqlRun("update questions set status = 'queued' where id = ?", first.question.id);
    const refusal = scriptedModel([
      { kind: 'stop', reason: 'refused', usage: noUsage, costUsd: 0 },
    ]);
    const { question } = await claimAndDraft(settingsWith(() => refusal));
    expect(question.id).toBe(first.question.id);
    const stored = await getQuestion({ id: question.id });
    expect(stored).toMatchObject({ status: 'drafted', draftText: 'Rye is $9.00.' });
    expect(await rows('select stop_kind from agent_runs where id = ?', stored?.draftRunId)).toEqual(
      [{ stop_kind: 'modelStopped' }],
    );
  });

  it('after the last attempt the question is failed with the error kept for staff', async () => {
    const { question, outcome } = await claimAndDraft(settingsWith(() => failingModel, 1));
    expect(outcome).toMatchObject({ kind: 'stored', status: 'failed' });
    expect(await getQuestion({ id: question.id })).toMatchObject({
      status: 'failed',
      lastError: 'The Claude request failed: 529 overloaded_error: Overloaded',
    });
  });

  it('an aborted draft writes nothing and leaves the lease to be handed back', async () => {
    const question = await claimNextQuestion({ owner: 'w1', leaseMs: 30_000, now: new Date() });
    if (!question) throw new Error('nothing to claim');
    const controller = new AbortController();
    const model = scriptedModel([
      (_turn, { signal }) =>
        new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason)),
        ),
    ]);
    const drafting = draftClaimedQuestion({
      question,
      owner: 'w1',
      signal: controller.signal,
      settings: settingsWith(() => model),
    });
    controller.abort(new Error('shutting down'));
    expect(await drafting).toEqual({ kind: 'aborted' });
    expect(await rows('select count(*) as n from agent_runs')).toEqual([{ n: 0 }]);
    expect(await getQuestion({ id: question.id })).toMatchObject({
      status: 'drafting',
      leaseOwner: 'w1',
    });
  });
});
