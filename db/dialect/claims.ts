import 'server-only';
import { and, asc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { type Db, engineOf } from '../client';
import {
  emailOutbox,
  type OutboundEmail,
  type Question,
  type QuestionStatus,
  questionStatusCounts,
  questions,
  replies,
} from '../schema';

/*
 * Claims on PostgreSQL. SQLite has one writer at a time, so its claims read the next row and
 * lease it inside BEGIN IMMEDIATE. On PostgreSQL that would make every worker process wait on
 * the desk's write lock for each claim; here a claim locks the row it takes (`SELECT … FOR
 * UPDATE SKIP LOCKED`) in a plain transaction, so any number of workers claim side by side,
 * each passing over the rows another is taking, and no row is leased twice. What a claim
 * decides (which row, what the lease holds, when a row is given up) is the same as SQLite's.
 */

type Lockable = { for: (strength: 'update', config?: { skipLocked?: boolean }) => unknown };

/** PostgreSQL: the rows a query reads, locked to the transaction; rows another holds are passed over. */
function skipLocked<Q>(query: Q): Q {
  return (query as unknown as Lockable).for('update', { skipLocked: true }) as Q;
}

/**
 * The row a read-then-write inside `immediate` decides on, locked to its transaction on
 * PostgreSQL (a claim there does not take the desk's write lock, so the row itself must be
 * held); on SQLite the query as it is, since BEGIN IMMEDIATE already keeps every writer out.
 */
export function lockedForUpdate<Q>(db: Db, query: Q): Q {
  if (engineOf(db) !== 'postgres') return query;
  return (query as unknown as Lockable).for('update') as Q;
}

/**
 * PostgreSQL: takes the tab counts' rows a status change is about to move, in one order (by
 * status name) for every writer. `question_status_counts`' trigger locks the old status's row,
 * then the new one's; a claim (queued to drafting) and a write the other way (a customer's
 * message or a retry putting a drafting question back in the queue) would otherwise each hold
 * the row the other waits for. Writers under the desk's lock take them in this order already
 * (drafting before failed before queued) or never meet a claim.
 */
export async function lockStatusCounts(db: Db, statuses: QuestionStatus[]): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await lockCounts(db, statuses);
}

async function lockCounts(tx: Db, statuses: QuestionStatus[]): Promise<void> {
  const wanted = [...new Set(statuses)].sort();
  // A status no question has had yet has no row to lock: the trigger would insert it later in
  // the claim, outside this order, and two first claims on a new desk deadlock on it. Made here
  // first (in the same order), it is locked like the others.
  await tx
    .insert(questionStatusCounts)
    .values(wanted.map((status) => ({ status, count: 0 })))
    .onConflictDoNothing();
  const rows = tx
    .select({ status: questionStatusCounts.status })
    .from(questionStatusCounts)
    .where(inArray(questionStatusCounts.status, wanted))
    .orderBy(sql`${questionStatusCounts.status}::text`);
  await (rows as unknown as Lockable).for('update');
}

/** A transaction without the desk's write lock: a claim takes only the rows it locks. */
function plainTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return (
    db as unknown as { transaction: (work: (tx: Db) => Promise<T>) => Promise<T> }
  ).transaction(work);
}

/** Which of two candidates has waited longest: by the customer's last message, then by id. */
function earlier<T extends { id: number; lastMessageAt: Date }>(
  a: T | undefined,
  b: T | undefined,
): T | undefined {
  if (!a || !b) return a ?? b;
  const aFirst =
    a.lastMessageAt < b.lastMessageAt ||
    (a.lastMessageAt.getTime() === b.lastMessageAt.getTime() && a.id < b.id);
  return aFirst ? a : b;
}

/**
 * The drafting queue's claim on PostgreSQL (`claimNextQuestion`): fails the questions whose
 * lease ran out on their last attempt, then, unless the day's budget is spent, leases the
 * ready question whose customer has waited longest.
 */
export async function claimQuestionSkippingLocked(
  db: Db,
  input: {
    now: Date;
    maxAttempts?: number;
    overBudget: boolean;
    lease: { owner: string; token: string; expiresAt: Date };
    exhaustedError: string;
  },
): Promise<Question | undefined> {
  const { now } = input;
  return plainTransaction(db, async (tx) => {
    if (input.maxAttempts !== undefined) {
      const exhausted = await skipLocked(
        tx
          .select({ id: questions.id })
          .from(questions)
          .where(
            and(
              eq(questions.status, 'drafting'),
              lt(questions.leaseExpiresAt, now),
              gte(questions.attempts, input.maxAttempts),
            ),
          ),
      );
      if (exhausted.length > 0) {
        await lockCounts(tx, ['drafting', 'failed']);
        await tx
          .update(questions)
          .set({
            status: 'failed',
            leaseOwner: null,
            leaseToken: null,
            leaseExpiresAt: null,
            lastError: input.exhaustedError,
            updatedAt: now,
            version: sql`${questions.version} + 1`,
          })
          .where(
            inArray(
              questions.id,
              exhausted.map((row) => row.id),
            ),
          );
      }
    }
    if (input.overBudget) return undefined;
    const columns = { id: questions.id, lastMessageAt: questions.lastMessageAt };
    const [queued] = await skipLocked(
      tx
        .select(columns)
        .from(questions)
        .where(
          and(
            eq(questions.status, 'queued'),
            or(isNull(questions.notBefore), lte(questions.notBefore, now)),
          ),
        )
        .orderBy(asc(questions.lastMessageAt), asc(questions.id))
        .limit(1),
    );
    const [abandoned] = await skipLocked(
      tx
        .select(columns)
        .from(questions)
        .where(and(eq(questions.status, 'drafting'), lt(questions.leaseExpiresAt, now)))
        .orderBy(asc(questions.lastMessageAt), asc(questions.id))
        .limit(1),
    );
    const next = earlier(queued, abandoned);
    if (!next) return undefined;
    // Only a queued question changes status (an abandoned one stays drafting).
    if (next === queued) await lockCounts(tx, ['drafting', 'queued']);
    const [claimed] = await tx
      .update(questions)
      .set({
        status: 'drafting',
        leaseOwner: input.lease.owner,
        leaseToken: input.lease.token,
        leaseExpiresAt: input.lease.expiresAt,
        attempts: sql`${questions.attempts} + 1`,
        notBefore: null,
        updatedAt: now,
      })
      .where(eq(questions.id, next.id))
      .returning();
    return claimed;
  });
}

/**
 * The email outbox's claim on PostgreSQL (`claimNextEmail`): gives up the emails whose sender
 * died on every try, then leases the oldest email ready to go, with its reply's text.
 */
export async function claimEmailSkippingLocked(
  db: Db,
  input: {
    now: Date;
    maxAttempts: number;
    lease: { owner: string; token: string; expiresAt: Date };
    gaveUpError: string;
  },
): Promise<(OutboundEmail & { replyText: string }) | undefined> {
  const { now } = input;
  return plainTransaction(db, async (tx) => {
    const exhausted = skipLocked(
      tx
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.status, 'sending'),
            lt(emailOutbox.leaseExpiresAt, now),
            gte(emailOutbox.attempts, input.maxAttempts),
          ),
        ),
    );
    await tx
      .update(emailOutbox)
      .set({
        status: 'failed',
        leaseOwner: null,
        leaseToken: null,
        leaseExpiresAt: null,
        lastError: input.gaveUpError,
        updatedAt: now,
      })
      .where(inArray(emailOutbox.id, exhausted));
    const [next] = await skipLocked(
      tx
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(
          or(
            and(
              eq(emailOutbox.status, 'queued'),
              or(isNull(emailOutbox.notBefore), lte(emailOutbox.notBefore, now)),
            ),
            and(eq(emailOutbox.status, 'sending'), lt(emailOutbox.leaseExpiresAt, now)),
          ),
        )
        .orderBy(asc(emailOutbox.id))
        .limit(1),
    );
    if (!next) return undefined;
    const [claimed] = await tx
      .update(emailOutbox)
      .set({
        status: 'sending',
        leaseOwner: input.lease.owner,
        leaseToken: input.lease.token,
        leaseExpiresAt: input.lease.expiresAt,
        attempts: sql`${emailOutbox.attempts} + 1`,
        updatedAt: now,
      })
      .where(eq(emailOutbox.id, next.id))
      .returning();
    if (!claimed) return undefined;
    const [reply] = await tx
      .select({ text: replies.text })
      .from(replies)
      .where(eq(replies.id, claimed.replyId));
    return { ...claimed, replyText: reply?.text ?? '' };
  });
}
