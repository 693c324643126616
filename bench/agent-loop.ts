import Database from 'better-sqlite3';
import { getDb } from '@/db/client';
import { claimNextQuestion } from '@/db/queue';
import { type Model, scriptedModel } from '@/lib/agent';
import { answerReply, callsReply } from '@/lib/agent/models/scripted';
import { type DraftSettings, draftClaimedQuestion } from '@/server/drafting/draft-question';
import type { BenchmarkResult, Size } from './figures';
import { countByStatus, freshQueue } from './support/queue-fixture';

/**
 * 1. Agent loop overhead: whole drafts per second through the real path (claim, read the
 * bakery's facts, run the agent over the bakery's tools, store the run and its tool calls in
 * one transaction) with a model that answers at once, against better-sqlite3 writing the same
 * rows in the same transactions with prepared statements. The facts are unchanged during a run,
 * so after the first draft each draft reads only their version and uses the copy kept for it.
 */

const OWNER = 'bench';
const LEASE_MS = 60_000;

/** Two turns: three lookups at once, then the answer. */
function zeroLatencyModel(): Model {
  return scriptedModel([
    callsReply([
      { id: 'c1', name: 'menu_item', input: { name: 'rye loaf' } },
      { id: 'c2', name: 'opening_hours', input: { day: 'saturday' } },
      {
        id: 'c3',
        name: 'quote_order',
        input: { items: [{ name: 'rye loaf', quantity: 2 }], day: 'saturday', time: '09:00' },
      },
    ]),
    answerReply('Two rye loaves are $18.00, ready Saturday from 9.'),
  ]);
}

const settings: DraftSettings = {
  makeModel: zeroLatencyModel,
  limits: { maxTurns: 4, maxTokens: 100_000, maxDollars: 1 },
  leaseMs: LEASE_MS,
  maxAttempts: 3,
};

type Rows = { run: Record<string, unknown>; calls: Record<string, unknown>[] };

async function draftAll(count: number): Promise<{ perSecond: number; rows: Rows }> {
  const signal = new AbortController().signal;
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const question = await claimNextQuestion({ owner: OWNER, leaseMs: LEASE_MS, now: new Date() });
    if (!question) throw new Error(`the queue ran dry after ${i} of ${count} drafts`);
    const outcome = await draftClaimedQuestion({ question, owner: OWNER, signal, settings });
    if (outcome.kind !== 'stored' || outcome.status !== 'drafted') {
      throw new Error(`a draft was not stored: ${JSON.stringify(outcome)}`);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  if ((await countByStatus('drafted')) !== count) throw new Error('not every question was drafted');
  const sqlite = (await getDb()).$client;
  const run = sqlite.prepare('select * from agent_runs order by id limit 1').get() as Rows['run'];
  const calls = sqlite
    .prepare('select * from tool_calls where run_id = ? order by seq')
    .all(run.id) as Rows['calls'];
  if (calls.length !== 3) throw new Error(`expected 3 tool calls per run, found ${calls.length}`);
  return { perSecond: count / seconds, rows: { run, calls } };
}

/** The same claims and the same rows, written by hand: what SQLite alone costs. */
function baselineDrafts(path: string, count: number, rows: Rows): number {
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  // The same two index-ordered lookups as claimNextQuestion.
  const queued = sqlite.prepare(
    `select id, received_at from questions where status = 'queued'
       and (not_before is null or not_before <= ?) order by received_at, id limit 1`,
  );
  const abandoned = sqlite.prepare(
    `select id, received_at from questions where status = 'drafting' and lease_expires_at < ?
       order by received_at, id limit 1`,
  );
  const lease = sqlite.prepare(
    `update questions set status = 'drafting', lease_owner = ?, lease_expires_at = ?,
       attempts = attempts + 1, updated_at = ? where id = ? returning *`,
  );
  const holds = sqlite.prepare(
    "select id from questions where id = ? and status = 'drafting' and lease_owner = ?",
  );
  const run = sqlite.prepare(
    `insert into agent_runs (question_id, model, stop_kind, stop_reason, draft_text, turns,
       input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, cost_usd, error,
       facts_version, started_at, finished_at)
     values (@question_id, @model, @stop_kind, @stop_reason, @draft_text, @turns, @input_tokens,
       @output_tokens, @cache_read_tokens, @cache_write_tokens, @cost_usd, @error,
       @facts_version, @started_at, @finished_at) returning id`,
  );
  const call = sqlite.prepare(
    `insert into tool_calls (run_id, seq, turn, call_id, tool_name, input, result, is_error,
       error_kind, duration_ms)
     values (@run_id, @seq, @turn, @call_id, @tool_name, @input, @result, @is_error,
       @error_kind, @duration_ms)`,
  );
  const done = sqlite.prepare(
    `update questions set lease_owner = null, lease_expires_at = null, updated_at = ?,
       status = 'drafted', draft_text = ?, draft_run_id = ?, last_error = null,
       not_before = null, version = version + 1 where id = ?`,
  );
  type Candidate = { id: number; received_at: number };
  const claim = sqlite.transaction((now: number) => {
    const a = queued.get(now) as Candidate | undefined;
    const b = abandoned.get(now) as Candidate | undefined;
    const found = a && b ? (a.received_at <= b.received_at ? a : b) : (a ?? b);
    return found ? (lease.get(OWNER, now + LEASE_MS, now, found.id) as { id: number }) : undefined;
  });
  const record = sqlite.transaction((questionId: number, now: number) => {
    if (!holds.get(questionId, OWNER)) throw new Error('lease lost');
    const { id } = run.get({ ...rows.run, question_id: questionId }) as { id: number };
    for (const row of rows.calls) call.run({ ...row, run_id: id });
    done.run(now, rows.run.draft_text, id, questionId);
  });

  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const question = claim.immediate(Date.now());
    if (!question) throw new Error(`the baseline queue ran dry after ${i} drafts`);
    record.immediate(question.id, Date.now());
  }
  const seconds = (performance.now() - started) / 1000;
  sqlite.close();
  return count / seconds;
}

export async function run({ size }: { size: Size }): Promise<BenchmarkResult> {
  const drafts = size === 'full' ? 2_000 : 20;
  const runs = size === 'full' ? 5 : 2;
  const ours: number[] = [];
  const baseline: number[] = [];
  for (let i = 0; i < runs; i++) {
    const real = await freshQueue(drafts);
    let rows: Rows;
    try {
      const measured = await draftAll(drafts);
      ours.push(measured.perSecond);
      rows = measured.rows;
    } finally {
      await real.cleanup();
    }
    const bare = await freshQueue(drafts);
    try {
      baseline.push(baselineDrafts(bare.path, drafts, rows));
    } finally {
      await bare.cleanup();
    }
  }
  return {
    id: 1,
    title: 'Agent loop overhead',
    method: `${runs} runs of ${drafts.toLocaleString('en-US')} drafts each, one after another, on a fresh SQLite file (WAL): claim the oldest question, read the bakery's facts, run the agent with a scripted model that answers at once (2 turns, 3 tool calls over the real bakery tools) and store the run, its 3 tool calls and the question's new state in one transaction. Claim, record and the conversation's messages go through drizzle statements prepared once per connection; the facts are read in full for the first draft and then only their version is looked up (one prepared query), since the facts are kept per process until their version moves. The baseline writes the same rows in the same transactions with prepared better-sqlite3 statements.`,
    whenMissed:
      "Each draft now builds no SQL: claim, record, the thread and the facts version run drizzle statements prepared once per connection, and the facts are read again only when an owner's edit moves facts_version. Timed on this machine, the draft's two transactions cost about 1.2× the baseline's (about 0.21 ms of CPU per draft against 0.18 ms); the rest is the agent loop with its 3 tools (about 0.08 ms: decoding their input and writing their results as JSON), reading the thread and the facts version (0.03 ms) and the run's bookkeeping (lease heartbeat, progress events, garbage collection). Two further costs are gone: AbortSignal.any for each tool's signal, whose weak references made garbage collection a third of the loop's time, and a bound `limit ?` in the claim's two lookups (SQLite reads the first row in index order several times faster under `limit 1`). With other work running on this shared 2-core machine the baseline itself swings between about 2,000 and 6,000 drafts/s, so the absolute figure needs a quiet run; the ratio, measured in pairs, is steadier.",
    figures: [
      {
        name: 'drafts per second',
        unit: 'drafts/s',
        samples: ours,
        baseline: { label: 'better-sqlite3 alone', samples: baseline },
        targets: [
          { on: 'value', atLeast: 1_000, text: '≥ 1,000 drafts/s' },
          { on: 'ratio', atLeast: 1 / 3, text: 'within 3× of the baseline (ratio ≥ 0.33×)' },
        ],
      },
    ],
  };
}
