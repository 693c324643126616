import 'server-only';
import { and, asc, count, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { ERASED_NAME, ERASED_TEXT, retentionCutoff } from '@/lib/retention/retention';
import { writeAudit } from './audit';
import { type Db, engineOf, getDb, immediate } from './client';
import { type ChangeContext, changeFacts } from './facts-change';
import { eraseOutbox } from './outbox';
import {
  agentRuns,
  bakery,
  inboundEmails,
  messages,
  type Question,
  questions,
  replies,
  replyFeedback,
  toolCalls,
} from './schema';

/**
 * Customer data past the owner's retention period. A conversation is closed once it is sent or
 * discarded; its customer's name, email and texts (the question, the draft, the reply, the
 * discard reason) are erased a set number of days after that. Runs keep their figures and tool
 * calls, and lose only their draft text.
 */

export type ErasableQuestion = Pick<
  Question,
  'id' | 'customerName' | 'status' | 'receivedAt' | 'updatedAt'
>;

function erasable(cutoff: Date) {
  return and(
    inArray(questions.status, ['sent', 'discarded']),
    isNull(questions.erasedAt),
    lt(questions.updatedAt, cutoff),
  );
}

export async function getRetentionDays(): Promise<number | null> {
  const [row] = await (await getDb()).select({ days: bakery.retentionDays }).from(bakery).limit(1);
  return row?.days ?? null;
}

/** The dry run: what an erasure now would take, oldest first (the first `limit` of them). */
export async function previewErasure({
  now,
  days,
  limit = 50,
}: {
  now: Date;
  days: number;
  limit?: number;
}): Promise<{ total: number; questions: ErasableQuestion[] }> {
  const db = await getDb();
  const where = erasable(retentionCutoff(now, days));
  const [counted] = await db.select({ n: count() }).from(questions).where(where);
  const total = counted?.n ?? 0;
  const rows = await db
    .select({
      id: questions.id,
      customerName: questions.customerName,
      status: questions.status,
      receivedAt: questions.receivedAt,
      updatedAt: questions.updatedAt,
    })
    .from(questions)
    .where(where)
    .orderBy(asc(questions.updatedAt), asc(questions.id))
    .limit(limit);
  return { total, questions: rows };
}

const erasedEmail = { raw: Buffer.alloc(0), fromAddress: null, subject: null, attachments: [] };

async function eraseIn(db: Db, ids: number[], now: Date): Promise<void> {
  await db
    .update(questions)
    .set({
      text: ERASED_TEXT,
      customerName: ERASED_NAME,
      customerEmail: null,
      externalId: null,
      draftText: null,
      discardReason: null,
      lastError: null,
      erasedAt: now,
    })
    .where(inArray(questions.id, ids));
  await db.update(replies).set({ text: ERASED_TEXT }).where(inArray(replies.questionId, ids));
  await db
    .update(messages)
    .set({ text: ERASED_TEXT, externalId: null, emailSubject: null, emailFrom: null })
    .where(inArray(messages.questionId, ids));
  // The customer's yes or no stays a figure for the dashboard; their comment is their words.
  await db
    .update(replyFeedback)
    .set({ comment: null })
    .where(inArray(replyFeedback.questionId, ids));
  // The original emails hold everything the customer wrote: only their keys stay, so the same
  // email fetched again is still recognised.
  await db.update(inboundEmails).set(erasedEmail).where(inArray(inboundEmails.questionId, ids));
  await eraseOutbox(db, ids, now, ERASED_TEXT);
  await db
    .update(agentRuns)
    .set({ draftText: null, needsPersonNote: null })
    .where(inArray(agentRuns.questionId, ids));
  // A mark's note sums up what the customer wrote; its reason is a figure and stays.
  const runIds = db
    .select({ id: agentRuns.id })
    .from(agentRuns)
    .where(inArray(agentRuns.questionId, ids));
  await db
    .update(toolCalls)
    .set({ input: markReasonOnly(db) })
    .where(and(eq(toolCalls.toolName, 'mark_for_person'), inArray(toolCalls.runId, runIds)));
}

/**
 * A mark's tool input reduced to its reason, as compact JSON (`{"reason":"allergens"}`) on both
 * engines: SQLite builds it with its JSON functions, PostgreSQL from the reason's JSON text.
 */
function markReasonOnly(db: Db) {
  if (engineOf(db) === 'postgres') {
    return sql`'{"reason":' || coalesce((${toolCalls.input}::jsonb -> 'reason')::text, 'null') || '}'`;
  }
  return sql`json_object('reason', json_extract(${toolCalls.input}, '$.reason'))`;
}

/**
 * Erases every closed conversation past the period at `days` (the bakery's setting unless
 * given), in one transaction with one audit row naming how many and which question ids, never
 * what they said. `by` is the owner who asked, or null for the periodic sweep.
 */
export async function eraseExpiredConversations({
  now,
  by,
}: {
  now: Date;
  by: number | null;
}): Promise<{
  erased: number;
  days: number | null;
}> {
  const db = await getDb();
  return immediate(db, async (tx) => {
    const days = await getRetentionDays();
    if (days === null) return { erased: 0, days };
    // Mail that was no question (auto-replies, bounces, lists) goes after the same period.
    await tx
      .update(inboundEmails)
      .set(erasedEmail)
      .where(
        and(
          isNull(inboundEmails.questionId),
          lt(inboundEmails.receivedAt, retentionCutoff(now, days)),
          sql`length(${inboundEmails.raw}) > 0`,
        ),
      );
    const ids = (
      await tx
        .select({ id: questions.id })
        .from(questions)
        .where(erasable(retentionCutoff(now, days)))
        .orderBy(asc(questions.id))
    ).map((row) => row.id);
    if (ids.length === 0) return { erased: 0, days };
    // SQLite limits the variables in one statement; erase in slices.
    for (let i = 0; i < ids.length; i += 500) await eraseIn(tx, ids.slice(i, i + 500), now);
    await writeAudit(tx, {
      userId: by,
      at: now,
      action: 'retention.erase',
      entity: 'questions',
      entityId: null,
      before: { retentionDays: days },
      after: { erased: ids.length, questionIds: ids },
    });
    return { erased: ids.length, days };
  });
}

/** The owner's retention period, audited; it changes no draft. */
export async function updateRetention({
  days,
  ...context
}: { days: number | null } & ChangeContext): Promise<{
  changed: boolean;
}> {
  return changeFacts<{ changed: boolean }>(context, async (db) => {
    const [row] = await db
      .select({ days: bakery.retentionDays })
      .from(bakery)
      .where(eq(bakery.id, 1))
      .limit(1);
    if (!row) throw new Error('The bakery has not been set up: the database has no bakery row.');
    if (row.days === days) return { result: { changed: false }, change: null };
    await db.update(bakery).set({ retentionDays: days }).where(eq(bakery.id, 1));
    return {
      result: { changed: true },
      change: {
        action: 'retention.update',
        entity: 'bakery',
        entityId: '1',
        before: { retentionDays: row.days },
        after: { retentionDays: days },
        affectsDrafts: false,
      },
    };
  });
}
