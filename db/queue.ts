import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { type Db, engineOf, getDb, immediate } from './client';
import { claimQuestionSkippingLocked, lockedForUpdate, lockStatusCounts } from './dialect/claims';
import { literalLimit, placeholderFor, prepared } from './prepared';
import { agentRuns, type Question, questions, toolCalls } from './schema';
import { budgetToday } from './spending';

/**
 * The drafting queue. Every state change that two workers (or a worker and a person) could race
 * on happens inside BEGIN IMMEDIATE, and is conditional on holding the lease.
 */

type Lease = { owner: string; leaseMs: number; now: Date };

/**
 * A question nobody holds and nothing delays: set by every write that ends a claim for another
 * reason (a send, a discard, a customer's new message), so a worker still drafting it loses its
 * lease and stores nothing.
 */
export const unclaimed = {
  leaseOwner: null,
  leaseToken: null,
  leaseExpiresAt: null,
  notBefore: null,
} as const;

/**
 * Set when drafts call a paid model: past the day's budget nothing is claimed, so questions
 * wait in the queue. The offline drafter costs nothing and passes none.
 */
export type SpendCap = { defaultDollars: number };

async function overBudget(cap: SpendCap | undefined, now: Date): Promise<boolean> {
  if (cap === undefined) return false;
  return (await budgetToday({ now, defaultDollars: cap.defaultDollars })).reached;
}

/**
 * A claim's lease. The token is new for every claim, so a slot whose lease ran out (and whose
 * question another slot of the same process has claimed since) can neither renew nor store.
 */
function newLease({ owner, leaseMs, now }: Lease) {
  return { owner, token: randomUUID(), expiresAt: new Date(now.getTime() + leaseMs), now };
}

export const ABANDONED_TOO_OFTEN =
  'Drafting stopped part-way (the worker ended or hung) on every attempt. Retry it, or write the answer yourself.';

/**
 * The statements every draft runs, prepared once per connection: building and preparing them
 * on each call cost more than SQLite's own work. Values arrive through placeholders; those
 * compared with a timestamp column are encoded as the column stores them.
 */
const claimStatements = (db: Db) =>
  prepared(db, 'queue.claim', (db) => {
    const now = placeholderFor('now', questions.leaseExpiresAt);
    const updatedAt = placeholderFor('now', questions.updatedAt);
    const columns = { id: questions.id, lastMessageAt: questions.lastMessageAt };
    return {
      failExhausted: db
        .update(questions)
        .set({
          status: 'failed',
          leaseOwner: null,
          leaseToken: null,
          leaseExpiresAt: null,
          lastError: ABANDONED_TOO_OFTEN,
          updatedAt,
          version: sql`${questions.version} + 1`,
        })
        .where(
          and(
            eq(questions.status, 'drafting'),
            lt(questions.leaseExpiresAt, now),
            sql`${questions.attempts} >= ${sql.placeholder('maxAttempts')}`,
          ),
        )
        .prepare(),
      queued: db
        .select(columns)
        .from(questions)
        .where(
          and(
            eq(questions.status, 'queued'),
            or(isNull(questions.notBefore), lte(questions.notBefore, now)),
          ),
        )
        .orderBy(asc(questions.lastMessageAt), asc(questions.id))
        .limit(literalLimit(1))
        .prepare(),
      // A lease that ran out belongs to a worker that died or hung: the question is free again.
      abandoned: db
        .select(columns)
        .from(questions)
        .where(and(eq(questions.status, 'drafting'), lt(questions.leaseExpiresAt, now)))
        .orderBy(asc(questions.lastMessageAt), asc(questions.id))
        .limit(literalLimit(1))
        .prepare(),
      lease: db
        .update(questions)
        .set({
          status: 'drafting',
          leaseOwner: placeholderFor('owner', questions.leaseOwner),
          leaseToken: placeholderFor('token', questions.leaseToken),
          leaseExpiresAt: placeholderFor('expiresAt', questions.leaseExpiresAt),
          attempts: sql`${questions.attempts} + 1`,
          // A retry's wait is over once it is claimed (a person's "draft now" may come first).
          notBefore: null,
          updatedAt,
        })
        .where(eq(questions.id, sql.placeholder('id')))
        .returning()
        .prepare(),
    };
  });

/**
 * The question ready to draft whose customer has waited longest (since their last message).
 * Asked as two queries, each read in order from its own
 * index: one `or` across both made SQLite collect and sort every queued question on every
 * claim, so a backlog slowed each claim in proportion to its size.
 */
async function nextClaimable(db: Db, now: Date): Promise<{ id: number } | undefined> {
  const statements = claimStatements(db);
  const queued = await statements.queued.get({ now });
  const abandoned = await statements.abandoned.get({ now });
  if (!queued || !abandoned) return queued ?? abandoned;
  const queuedFirst =
    queued.lastMessageAt < abandoned.lastMessageAt ||
    (queued.lastMessageAt.getTime() === abandoned.lastMessageAt.getTime() &&
      queued.id < abandoned.id);
  return queuedFirst ? queued : abandoned;
}

/**
 * Takes the oldest question that is ready to draft, or nothing. With `maxAttempts`, a question
 * whose lease ran out on its last attempt is failed instead of claimed again, so a question that
 * brings its worker down cannot do so for ever.
 */
export async function claimNextQuestion(
  lease: Lease & { maxAttempts?: number; budget?: SpendCap },
): Promise<Question | undefined> {
  const db = await getDb();
  if (engineOf(db) === 'postgres') {
    const { owner, token, expiresAt } = newLease(lease);
    return claimQuestionSkippingLocked(db, {
      now: lease.now,
      maxAttempts: lease.maxAttempts,
      overBudget: await overBudget(lease.budget, lease.now),
      lease: { owner, token, expiresAt },
      exhaustedError: ABANDONED_TOO_OFTEN,
    });
  }
  const statements = claimStatements(db);
  return immediate(db, async () => {
    if (lease.maxAttempts !== undefined) {
      await statements.failExhausted.run({ now: lease.now, maxAttempts: lease.maxAttempts });
    }
    if (await overBudget(lease.budget, lease.now)) return undefined;
    const next = await nextClaimable(db, lease.now);
    if (!next) return undefined;
    return statements.lease.get({ id: next.id, ...newLease(lease) });
  });
}

export type ClaimOne =
  | { ok: true; question: Question }
  | { ok: false; reason: 'notFound' | 'busy' | 'closed' | 'overBudget'; question?: Question };

/**
 * Takes one named question for a draft a person asked for, unless someone else holds it or
 * the day's model budget is spent.
 */
export async function claimQuestion(
  input: Lease & { id: number; budget?: SpendCap },
): Promise<ClaimOne> {
  const db = await getDb();
  return immediate(db, async (): Promise<ClaimOne> => {
    // Held until the lease is written: a worker's claim on PostgreSQL takes rows, not the lock.
    const [question] = await lockedForUpdate(
      db,
      db.select().from(questions).where(eq(questions.id, input.id)).limit(1),
    );
    if (!question) return { ok: false, reason: 'notFound' };
    if (question.status === 'sent' || question.status === 'discarded') {
      return { ok: false, reason: 'closed', question };
    }
    const leaseHeld =
      question.status === 'drafting' &&
      question.leaseExpiresAt !== null &&
      question.leaseExpiresAt >= input.now;
    if (leaseHeld) return { ok: false, reason: 'busy', question };
    if (await overBudget(input.budget, input.now)) {
      return { ok: false, reason: 'overBudget', question };
    }
    await lockStatusCounts(db, [question.status, 'drafting']);
    const claimed = await claimStatements(db).lease.get({ id: input.id, ...newLease(input) });
    if (!claimed) return { ok: false, reason: 'notFound' };
    return { ok: true, question: claimed };
  });
}

type PreparedInsert = {
  run: (row: Record<string, unknown>) => Promise<unknown>;
  get: (row: Record<string, unknown>) => Promise<unknown>;
};

const recordStatements = (db: Db) =>
  prepared(db, 'queue.record', (db) => {
    const released = {
      leaseOwner: null,
      leaseToken: null,
      leaseExpiresAt: null,
      updatedAt: placeholderFor('now', questions.updatedAt),
    };
    const byId = eq(questions.id, sql.placeholder('id'));
    const drafted = {
      ...released,
      status: 'drafted' as const,
      draftRunId: placeholderFor('runId', questions.draftRunId),
      // A stored draft ends this round of attempts: a later redraft starts a fresh count.
      attempts: 0,
      lastError: null,
      notBefore: null,
      version: sql`${questions.version} + 1`,
    };
    const notDrafted = {
      ...released,
      status: placeholderFor('status', questions.status),
      lastError: placeholderFor('lastError', questions.lastError),
      version: sql`${questions.version} + 1`,
    };
    return {
      // Held to the transaction's end on PostgreSQL, where a claim does not wait for the
      // desk's write lock: a lease that runs out meanwhile is not claimed under the store.
      holdsLease: lockedForUpdate(
        db,
        db
          .select({ id: questions.id })
          .from(questions)
          .where(
            and(
              eq(questions.id, sql.placeholder('id')),
              eq(questions.status, 'drafting'),
              eq(questions.leaseToken, sql.placeholder('token')),
            ),
          ),
      ).prepare(),
      drafted: db
        .update(questions)
        .set({ ...drafted, draftText: placeholderFor('draftText', questions.draftText) })
        .where(byId)
        .prepare(),
      // A run that stopped without an answer keeps the text staff already have (an earlier
      // draft or their own edit) rather than blanking it.
      draftedKeepingText: db.update(questions).set(drafted).where(byId).prepare(),
      queued: db
        .update(questions)
        .set({ ...notDrafted, notBefore: placeholderFor('notBefore', questions.notBefore) })
        .where(byId)
        .prepare(),
      failed: db
        .update(questions)
        .set({ ...notDrafted, notBefore: null })
        .where(byId)
        .prepare(),
      inserts: new Map<string, PreparedInsert>(),
    };
  });

/**
 * An insert of one row, prepared once per connection for each shape of row: the columns it
 * sets, and which of them are null. A column a row leaves out keeps its default, as in a
 * plain insert, and a null is written as SQL null rather than through the column's encoding.
 */
function insertRow<T extends typeof agentRuns | typeof toolCalls>(
  db: Db,
  table: T,
  row: Record<string, unknown>,
): PreparedInsert {
  const keys = Object.keys(row).filter((key) => row[key] !== undefined);
  const build = () => {
    const values = Object.fromEntries(
      keys.map((key) => [key, row[key] === null ? null : sql.placeholder(key)]),
    );
    const insert = db.insert(table).values(values as unknown as T['$inferInsert']);
    return (table === agentRuns ? insert.returning({ id: agentRuns.id }) : insert).prepare();
  };
  // PostgreSQL's statements are built as they run (db/prepared.ts), in the transaction running.
  if (engineOf(db) === 'postgres') {
    const statement = build() as unknown as {
      execute: (row: Record<string, unknown>) => Promise<unknown[]>;
    };
    return {
      get: async (values) => (await statement.execute(values))[0],
      run: (values) => statement.execute(values),
    };
  }
  const { inserts } = recordStatements(db);
  const shape = `${table === agentRuns ? 'run' : 'call'}:${keys
    .map((key) => (row[key] === null ? `${key}=null` : key))
    .join(',')}`;
  let statement = inserts.get(shape);
  if (!statement) {
    statement = build() as unknown as PreparedInsert;
    inserts.set(shape, statement);
  }
  return statement;
}

/** Extends a claim's lease while a long draft is still being written; false when it was lost. */
export async function renewLease(input: {
  questionId: number;
  leaseToken: string;
  leaseMs: number;
  now: Date;
}): Promise<boolean> {
  const renewed = await (await getDb())
    .update(questions)
    .set({ leaseExpiresAt: new Date(input.now.getTime() + input.leaseMs) })
    .where(
      and(
        eq(questions.id, input.questionId),
        eq(questions.status, 'drafting'),
        eq(questions.leaseToken, input.leaseToken),
      ),
    )
    .returning({ id: questions.id });
  return renewed.length === 1;
}

/**
 * Ends a claim's lease now, under its token only, leaving the question as a worker that died
 * leaves it: claimable at once (the attempt counts, so one that keeps failing its worker is failed
 * after the last), rather than when the lease runs out. False when the lease was no longer ours.
 */
export async function endLease(input: {
  questionId: number;
  leaseToken: string;
  now: Date;
}): Promise<boolean> {
  return renewLease({ ...input, leaseMs: -1 });
}

export type RunRow = Omit<typeof agentRuns.$inferInsert, 'id' | 'questionId'>;
export type ToolCallRow = Omit<typeof toolCalls.$inferInsert, 'id' | 'runId'>;

export type NextState =
  | { status: 'drafted' }
  | { status: 'queued'; notBefore: Date; lastError: string }
  | { status: 'failed'; lastError: string };

/**
 * Stores a finished attempt in one transaction: the run, every tool call in order, and the
 * question's new state. Written only while the lease is still ours, so a worker that lost its
 * lease (and whose question someone else has drafted since) writes nothing.
 */
export async function recordAttempt(input: {
  questionId: number;
  leaseToken: string;
  run: RunRow;
  calls: ToolCallRow[];
  next: NextState;
  now: Date;
}): Promise<{ ok: true; runId: number } | { ok: false; reason: 'leaseLost' }> {
  const db = await getDb();
  const statements = recordStatements(db);
  return immediate(
    db,
    async (): Promise<{ ok: true; runId: number } | { ok: false; reason: 'leaseLost' }> => {
      if (!(await statements.holdsLease.get({ id: input.questionId, token: input.leaseToken }))) {
        return { ok: false, reason: 'leaseLost' };
      }
      const runRow = { ...input.run, questionId: input.questionId };
      const run = (await insertRow(db, agentRuns, runRow).get(runRow)) as { id: number };
      for (const call of input.calls) {
        const callRow = { ...call, runId: run.id };
        await insertRow(db, toolCalls, callRow).run(callRow);
      }
      const at = { id: input.questionId, now: input.now };
      const next = input.next;
      if (next.status === 'drafted') {
        if (input.run.draftText != null) {
          await statements.drafted.run({ ...at, runId: run.id, draftText: input.run.draftText });
        } else {
          await statements.draftedKeepingText.run({ ...at, runId: run.id });
        }
      } else if (next.status === 'queued') {
        await statements.queued.run({
          ...at,
          status: next.status,
          lastError: next.lastError,
          notBefore: next.notBefore,
        });
      } else {
        await statements.failed.run({ ...at, status: next.status, lastError: next.lastError });
      }
      return { ok: true, runId: run.id };
    },
  );
}

/**
 * Hands back every question a worker still holds, as it shuts down. The attempt it was on is
 * not counted: stopping a server is not the question's fault.
 */
export async function releaseLeases({ owner, now }: { owner: string; now: Date }): Promise<number> {
  const db = await getDb();
  return immediate(db, async () => {
    const released = await db
      .update(questions)
      .set({
        status: 'queued',
        leaseOwner: null,
        leaseToken: null,
        leaseExpiresAt: null,
        notBefore: null,
        attempts: sql`case when ${questions.attempts} > 0 then ${questions.attempts} - 1 else 0 end`,
        updatedAt: now,
      })
      .where(and(eq(questions.status, 'drafting'), eq(questions.leaseOwner, owner)))
      .returning({ id: questions.id });
    return released.length;
  });
}

/** Puts a failed question back in the queue for a fresh set of attempts. */
export async function requeueQuestion({ id, now }: { id: number; now: Date }): Promise<boolean> {
  const requeued = await (await getDb())
    .update(questions)
    .set({
      status: 'queued',
      attempts: 0,
      notBefore: null,
      updatedAt: now,
      version: sql`${questions.version} + 1`,
    })
    .where(and(eq(questions.id, id), eq(questions.status, 'failed')))
    .returning({ id: questions.id });
  return requeued.length === 1;
}
