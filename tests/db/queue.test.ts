// @module-tag postgres: claims and leases.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQuestion, getQuestion } from '@/db/questions';
import {
  ABANDONED_TOO_OFTEN,
  claimNextQuestion,
  claimQuestion,
  recordAttempt,
  releaseLeases,
  renewLease,
  requeueQuestion,
} from '@/db/queue';
import { sqlRun, sqlValue } from '../support/sql';
import { useTempDatabase } from '../support/temp-db';

const t0 = new Date('2026-12-01T15:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const lease = (owner: string, now: Date) => ({ owner, leaseMs: 10_000, now });

async function count(table: string): Promise<number> {
  return (await sqlValue(`select count(*) from ${table}`)) as number;
}

const aRun = {
  model: 'offline drafter',
  stopKind: 'answered' as const,
  draftText: 'Yes, see you Saturday.',
  turns: 2,
  factsVersion: 1,
  startedAt: t0,
  finishedAt: t0,
};
const aCall = {
  seq: 0,
  turn: 1,
  callId: 'c1',
  toolName: 'menu_item',
  input: '{"name":"rye loaf"}',
  result: 'rye loaf: $9.00',
  isError: false,
  durationMs: 1,
};

describe('the drafting queue', () => {
  let temp: Awaited<ReturnType<typeof useTempDatabase>>;
  beforeEach(async () => {
    temp = await useTempDatabase();
    // Drain the sample questions so each test starts with only its own.
    await sqlRun("update questions set status = 'discarded'");
  });
  afterEach(() => temp.cleanup());

  async function ask(text: string, receivedAt: Date) {
    const stored = await createQuestion({
      text,
      customerName: 'C',
      customerEmail: null,
      channel: 'web',
      now: receivedAt,
    });
    return stored.question;
  }

  it('claims the oldest queued question with a lease and counts the attempt', async () => {
    const newer = await ask('newer', at(2));
    const older = await ask('older', at(1));
    const claimed = await claimNextQuestion(lease('w1', at(10)));
    expect(claimed).toMatchObject({
      id: older.id,
      status: 'drafting',
      leaseOwner: 'w1',
      attempts: 1,
    });
    expect(claimed?.leaseExpiresAt).toEqual(at(10_010));
    expect((await claimNextQuestion(lease('w2', at(11))))?.id).toBe(newer.id);
    expect(await claimNextQuestion(lease('w3', at(12)))).toBeUndefined();
  });

  it('gives claims made at once on a new desk a question each, with no lock taken out of turn', async () => {
    // A desk where no question has been drafted yet has no count of drafting questions to lock.
    await sqlRun("delete from question_status_counts where status = 'drafting' and count = 0");
    const asked = [];
    for (let i = 0; i < 8; i++) asked.push(await ask(`q${i}`, at(i)));
    const claims = await Promise.all(
      asked.map((_, i) => claimNextQuestion(lease(`w${i}`, at(100)))),
    );
    expect(claims.map((claimed) => claimed?.id).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      asked.map((question) => question.id),
    );
    expect(
      await sqlValue("select count from question_status_counts where status = 'drafting'"),
    ).toBe(8);
  });

  it('leaves a question alone until its backoff has passed', async () => {
    const q = await ask('q', at(0));
    await sqlRun('update questions set not_before = ? where id = ?', at(5_000).getTime(), q.id);
    expect(await claimNextQuestion(lease('w1', at(4_999)))).toBeUndefined();
    expect((await claimNextQuestion(lease('w1', at(5_000))))?.id).toBe(q.id);
  });

  it('frees a question whose lease ran out, and only then', async () => {
    const q = await ask('q', at(0));
    await claimNextQuestion(lease('dead', at(0)));
    expect(await claimNextQuestion(lease('w2', at(10_000)))).toBeUndefined();
    const reclaimed = await claimNextQuestion(lease('w2', at(10_001)));
    expect(reclaimed).toMatchObject({ id: q.id, leaseOwner: 'w2', attempts: 2 });
  });

  it('takes whichever was received first: a question whose lease ran out or a queued one', async () => {
    const abandoned = await ask('abandoned', at(0));
    await claimNextQuestion(lease('dead', at(0)));
    const queued = await ask('queued later', at(5_000));
    const older = await ask('queued earlier', at(-5_000));
    expect((await claimNextQuestion(lease('w2', at(20_000))))?.id).toBe(older.id);
    expect((await claimNextQuestion(lease('w2', at(20_001))))?.id).toBe(abandoned.id);
    expect((await claimNextQuestion(lease('w2', at(20_002))))?.id).toBe(queued.id);
  });

  it('stores the run, its calls and the new state together while the lease is held', async () => {
    const q = await ask('q', at(0));
    const claimed = await claimNextQuestion(lease('w1', at(0)));
    const result = await recordAttempt({
      questionId: q.id,
      leaseToken: claimed?.leaseToken ?? '',
      run: aRun,
      calls: [aCall],
      next: { status: 'drafted' },
      now: at(5),
    });
    expect(result.ok).toBe(true);
    const stored = await getQuestion({ id: q.id });
    expect(stored).toMatchObject({
      status: 'drafted',
      draftText: 'Yes, see you Saturday.',
      leaseOwner: null,
      leaseExpiresAt: null,
      version: q.version + 1,
    });
    expect(result.ok && stored?.draftRunId).toBe(result.ok ? result.runId : -1);
    expect(await count('agent_runs')).toBe(1);
    expect(await count('tool_calls')).toBe(1);
  });

  it('writes nothing for a worker that lost its lease', async () => {
    const q = await ask('q', at(0));
    const slow = (await claimNextQuestion(lease('slow', at(0))))?.leaseToken ?? '';
    const fast = (await claimNextQuestion(lease('fast', at(20_000))))?.leaseToken ?? '';
    const result = await recordAttempt({
      questionId: q.id,
      leaseToken: slow,
      run: aRun,
      calls: [aCall],
      next: { status: 'drafted' },
      now: at(20_001),
    });
    expect(result).toEqual({ ok: false, reason: 'leaseLost' });
    expect(await count('agent_runs')).toBe(0);
    expect(await count('tool_calls')).toBe(0);
    expect(await getQuestion({ id: q.id })).toMatchObject({
      status: 'drafting',
      leaseOwner: 'fast',
    });
    expect(
      await renewLease({ leaseToken: slow, leaseMs: 10_000, now: at(20_002), questionId: q.id }),
    ).toBe(false);
    expect(
      await renewLease({ leaseToken: fast, leaseMs: 10_000, now: at(20_002), questionId: q.id }),
    ).toBe(true);
  });

  it('gives every claim its own lease: a lapsed slot cannot store over another slot of the same process', async () => {
    const q = await ask('q', at(0));
    // Both slots belong to one process, so they share its owner id.
    const lapsed = await claimNextQuestion(lease('host:1', at(0)));
    const current = await claimNextQuestion(lease('host:1', at(20_000)));
    expect(current?.id).toBe(q.id);
    expect(lapsed?.leaseToken).toBeTruthy();
    expect(current?.leaseToken).not.toBe(lapsed?.leaseToken);
    const late = await recordAttempt({
      questionId: q.id,
      leaseToken: lapsed?.leaseToken ?? '',
      run: { ...aRun, draftText: 'the lapsed slot’s draft' },
      calls: [aCall],
      next: { status: 'drafted' },
      now: at(20_001),
    });
    expect(late).toEqual({ ok: false, reason: 'leaseLost' });
    expect(
      await renewLease({
        leaseToken: lapsed?.leaseToken ?? '',
        leaseMs: 10_000,
        now: at(20_002),
        questionId: q.id,
      }),
    ).toBe(false);
    expect(await count('agent_runs')).toBe(0);
    expect(await getQuestion({ id: q.id })).toMatchObject({ status: 'drafting', draftText: null });
    const mine = await recordAttempt({
      questionId: q.id,
      leaseToken: current?.leaseToken ?? '',
      run: aRun,
      calls: [aCall],
      next: { status: 'drafted' },
      now: at(20_003),
    });
    expect(mine.ok).toBe(true);
    expect(await getQuestion({ id: q.id })).toMatchObject({ status: 'drafted', leaseToken: null });
  });

  it('fails a question abandoned mid-draft on its last attempt instead of claiming it again', async () => {
    const q = await ask('q', at(0));
    await claimNextQuestion(lease('dies', at(0)));
    expect(await claimNextQuestion({ ...lease('w2', at(10_001)), maxAttempts: 1 })).toBeUndefined();
    expect(await getQuestion({ id: q.id })).toMatchObject({
      status: 'failed',
      leaseOwner: null,
      lastError: ABANDONED_TOO_OFTEN,
    });
  });

  it('keeps the error and backoff of a failed attempt, then fails it on the last', async () => {
    const q = await ask('q', at(0));
    const first = await claimNextQuestion(lease('w1', at(0)));
    await recordAttempt({
      questionId: q.id,
      leaseToken: first?.leaseToken ?? '',
      run: { ...aRun, stopKind: 'failed', draftText: null, error: 'overloaded' },
      calls: [],
      next: { status: 'queued', notBefore: at(2_000), lastError: 'overloaded' },
      now: at(1),
    });
    expect(await getQuestion({ id: q.id })).toMatchObject({
      status: 'queued',
      lastError: 'overloaded',
      notBefore: at(2_000),
    });
    const second = await claimNextQuestion(lease('w1', at(2_000)));
    await recordAttempt({
      questionId: q.id,
      leaseToken: second?.leaseToken ?? '',
      run: { ...aRun, stopKind: 'failed', draftText: null, error: 'bad request' },
      calls: [],
      next: { status: 'failed', lastError: 'bad request' },
      now: at(2_001),
    });
    expect(await getQuestion({ id: q.id })).toMatchObject({
      status: 'failed',
      lastError: 'bad request',
      attempts: 2,
    });
    expect(await claimNextQuestion(lease('w1', at(99_999)))).toBeUndefined();
    expect(await requeueQuestion({ id: q.id, now: at(100_000) })).toBe(true);
    expect(await getQuestion({ id: q.id })).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('hands back what a stopping worker holds without counting the attempt', async () => {
    const q = await ask('q', at(0));
    await claimNextQuestion(lease('w1', at(0)));
    expect(await releaseLeases({ owner: 'w2', now: at(1) })).toBe(0);
    expect(await releaseLeases({ owner: 'w1', now: at(1) })).toBe(1);
    expect(await getQuestion({ id: q.id })).toMatchObject({
      status: 'queued',
      attempts: 0,
      leaseOwner: null,
    });
  });

  it('lets a person claim one question unless it is held or closed', async () => {
    const q = await ask('q', at(0));
    expect(await claimQuestion({ ...lease('staff', at(0)), id: 9_999 })).toEqual({
      ok: false,
      reason: 'notFound',
    });
    await claimNextQuestion(lease('worker', at(0)));
    expect(await claimQuestion({ ...lease('staff', at(1)), id: q.id })).toMatchObject({
      ok: false,
      reason: 'busy',
    });
    expect(await claimQuestion({ ...lease('staff', at(10_001)), id: q.id })).toMatchObject({
      ok: true,
    });
    await sqlRun("update questions set status = 'sent' where id = ?", q.id);
    expect(await claimQuestion({ ...lease('staff', at(20_000)), id: q.id })).toMatchObject({
      ok: false,
      reason: 'closed',
    });
  });

  it('creates one question per channel and externalId', async () => {
    const first = await createQuestion({
      text: 'a',
      customerName: 'C',
      customerEmail: null,
      channel: 'api',
      externalId: 'x',
    });
    const again = await createQuestion({
      text: 'b',
      customerName: 'C',
      customerEmail: null,
      channel: 'api',
      externalId: 'x',
    });
    expect(first.created).toBe(true);
    expect(again).toEqual({ question: first.question, created: false });
    const web = await createQuestion({
      text: 'c',
      customerName: 'C',
      customerEmail: null,
      channel: 'web',
      externalId: 'x',
    });
    expect(web.created).toBe(true);
  });
});
