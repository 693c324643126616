import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { type Db, getDb, immediate } from './client';
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

function overBudget(cap: SpendCap | undefined, now: Date): boolean {
  return cap !== undefined && budgetToday({ now, defaultDollars: cap.defaultDollars }).reached;
}

/**
 * A claim's lease. The token is new for every claim, so a slot whose lease ran out (and whose
 * question another slot of the same process has claimed since) can neither renew nor store.
 */
function leaseFields({ owner, leaseMs, now }: Lease) {
  return {
    status: 'drafting' as const,
    leaseOwner: owner,
    leaseToken: randomUUID(),
    leaseExpiresAt: new Date(now.getTime() + leaseMs),
    attempts: sql`${questions.attempts} + 1`,
    updatedAt: now,
  };
}

/**
 * The question ready to draft whose customer has waited longest (since their last message).
 * Asked as two queries, each read in order from its own
 * index: one `or` across both made SQLite collect and sort every queued question on every
 * claim, so a backlog slowed each claim in proportion to its size.
 */
function nextClaimable(db: Db, now: Date): { id: number } | undefined {
  const columns = { id: questions.id, lastMessageAt: questions.lastMessageAt };
  const queued = db
    .select(columns)
    .from(questions)
    .where(
      and(
        eq(questions.status, 'queued'),
        or(isNull(questions.notBefore), lte(questions.notBefore, now)),
      ),
    )
    .orderBy(asc(questions.lastMessageAt), asc(questions.id))
    .limit(1)
    .get();
  // A lease that ran out belongs to a worker that died or hung: the question is free again.
  const abandoned = db
    .select(columns)
    .from(questions)
    .where(and(eq(questions.status, 'drafting'), lt(questions.leaseExpiresAt, now)))
    .orderBy(asc(questions.lastMessageAt), asc(questions.id))
    .limit(1)
    .get();
  if (!queued || !abandoned) return queued ?? abandoned;
  const queuedFirst =
    queued.lastMessageAt < abandoned.lastMessageAt ||
    (queued.lastMessageAt.getTime() === abandoned.lastMessageAt.getTime() &&
      queued.id < abandoned.id);
  return queuedFirst ? queued : abandoned;
}

export const ABANDONED_TOO_OFTEN =
  'Drafting stopped part-way (the worker ended or hung) on every attempt. Retry it, or write the answer yourself.';

/**
 * Takes the oldest question that is ready to draft, or nothing. With `maxAttempts`, a question
 * whose lease ran out on its last attempt is failed instead of claimed again, so a question that
 * brings its worker down cannot do so for ever.
 */
export function claimNextQuestion(
  lease: Lease & { maxAttempts?: number; budget?: SpendCap },
): Question | undefined {
  const db = getDb();
  return immediate(db, () => {
    if (lease.maxAttempts !== undefined) {
      db.update(questions)
        .set({
          status: 'failed',
          leaseOwner: null,
          leaseToken: null,
          leaseExpiresAt: null,
          lastError: ABANDONED_TOO_OFTEN,
          updatedAt: lease.now,
          version: sql`${questions.version} + 1`,
        })
        .where(
          and(
            eq(questions.status, 'drafting'),
            lt(questions.leaseExpiresAt, lease.now),
            sql`${questions.attempts} >= ${lease.maxAttempts}`,
          ),
        )
        .run();
    }
    if (overBudget(lease.budget, lease.now)) return undefined;
    const next = nextClaimable(db, lease.now);
    if (!next) return undefined;
    return db
      .update(questions)
      .set(leaseFields(lease))
      .where(eq(questions.id, next.id))
      .returning()
      .get();
  });
}

export type ClaimOne =
  | { ok: true; question: Question }
  | { ok: false; reason: 'notFound' | 'busy' | 'closed' | 'overBudget'; question?: Question };

/**
 * Takes one named question for a draft a person asked for, unless someone else holds it or
 * the day's model budget is spent.
 */
export function claimQuestion(input: Lease & { id: number; budget?: SpendCap }): ClaimOne {
  const db = getDb();
  return immediate(db, () => {
    const question = db.select().from(questions).where(eq(questions.id, input.id)).get();
    if (!question) return { ok: false, reason: 'notFound' };
    if (question.status === 'sent' || question.status === 'discarded') {
      return { ok: false, reason: 'closed', question };
    }
    const leaseHeld =
      question.status === 'drafting' &&
      question.leaseExpiresAt !== null &&
      question.leaseExpiresAt >= input.now;
    if (leaseHeld) return { ok: false, reason: 'busy', question };
    if (overBudget(input.budget, input.now)) return { ok: false, reason: 'overBudget', question };
    const claimed = db
      .update(questions)
      .set({ ...leaseFields(input), notBefore: null })
      .where(eq(questions.id, input.id))
      .returning()
      .get();
    if (!claimed) return { ok: false, reason: 'notFound' };
    return { ok: true, question: claimed };
  });
}

function holdsLease(db: Db, questionId: number, leaseToken: string): boolean {
  const row = db
    .select({ id: questions.id })
    .from(questions)
    .where(
      and(
        eq(questions.id, questionId),
        eq(questions.status, 'drafting'),
        eq(questions.leaseToken, leaseToken),
      ),
    )
    .get();
  return row !== undefined;
}

/** Extends a claim's lease while a long draft is still being written; false when it was lost. */
export function renewLease(input: {
  questionId: number;
  leaseToken: string;
  leaseMs: number;
  now: Date;
}): boolean {
  const result = getDb()
    .update(questions)
    .set({ leaseExpiresAt: new Date(input.now.getTime() + input.leaseMs) })
    .where(
      and(
        eq(questions.id, input.questionId),
        eq(questions.status, 'drafting'),
        eq(questions.leaseToken, input.leaseToken),
      ),
    )
    .run();
  return result.changes === 1;
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
export function recordAttempt(input: {
  questionId: number;
  leaseToken: string;
  run: RunRow;
  calls: ToolCallRow[];
  next: NextState;
  now: Date;
}): { ok: true; runId: number } | { ok: false; reason: 'leaseLost' } {
  const db = getDb();
  return immediate(db, () => {
    if (!holdsLease(db, input.questionId, input.leaseToken))
      return { ok: false, reason: 'leaseLost' };
    const run = db
      .insert(agentRuns)
      .values({ ...input.run, questionId: input.questionId })
      .returning({ id: agentRuns.id })
      .get();
    if (input.calls.length > 0) {
      db.insert(toolCalls)
        .values(input.calls.map((call) => ({ ...call, runId: run.id })))
        .run();
    }
    const released = {
      leaseOwner: null,
      leaseToken: null,
      leaseExpiresAt: null,
      updatedAt: input.now,
    };
    if (input.next.status === 'drafted') {
      db.update(questions)
        .set({
          ...released,
          status: 'drafted',
          // A run that stopped without an answer keeps the text staff already have (an
          // earlier draft or their own edit) rather than blanking it.
          ...(input.run.draftText != null ? { draftText: input.run.draftText } : {}),
          draftRunId: run.id,
          // A stored draft ends this round of attempts: a later redraft starts a fresh count.
          attempts: 0,
          lastError: null,
          notBefore: null,
          version: sql`${questions.version} + 1`,
        })
        .where(eq(questions.id, input.questionId))
        .run();
    } else {
      db.update(questions)
        .set({
          ...released,
          status: input.next.status,
          lastError: input.next.lastError,
          notBefore: input.next.status === 'queued' ? input.next.notBefore : null,
          version: sql`${questions.version} + 1`,
        })
        .where(eq(questions.id, input.questionId))
        .run();
    }
    return { ok: true, runId: run.id };
  });
}

/**
 * Hands back every question a worker still holds, as it shuts down. The attempt it was on is
 * not counted: stopping a server is not the question's fault.
 */
export function releaseLeases({ owner, now }: { owner: string; now: Date }): number {
  const db = getDb();
  return immediate(db, () => {
    const result = db
      .update(questions)
      .set({
        status: 'queued',
        leaseOwner: null,
        leaseToken: null,
        leaseExpiresAt: null,
        notBefore: null,
        attempts: sql`max(${questions.attempts} - 1, 0)`,
        updatedAt: now,
      })
      .where(and(eq(questions.status, 'drafting'), eq(questions.leaseOwner, owner)))
      .run();
    return result.changes;
  });
}

/** Puts a failed question back in the queue for a fresh set of attempts. */
export function requeueQuestion({ id, now }: { id: number; now: Date }): boolean {
  const result = getDb()
    .update(questions)
    .set({
      status: 'queued',
      attempts: 0,
      notBefore: null,
      updatedAt: now,
      version: sql`${questions.version} + 1`,
    })
    .where(and(eq(questions.id, id), eq(questions.status, 'failed')))
    .run();
  return result.changes === 1;
}
