import 'server-only';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type RowShown, refusedRows } from '@/lib/inbox/bulk';
import { writeAudit } from './audit';
import { type Db, getDb, immediate } from './client';
import { addLabelIn } from './labels';
import { unclaimed } from './queue';
import { labels, questions, users } from './schema';

/**
 * One action on many inbox rows at once: each in one transaction, all or nothing, and only over
 * the rows as the person saw them: if any changed since (its version moved, or it closed), none
 * is touched and the person is told which.
 */

export type BulkResult =
  | { ok: true; changed: number }
  | { ok: false; reason: 'changed'; ids: number[] }
  | { ok: false; reason: 'noLabel' | 'noSuchPerson' };

/** Each shown row's version and status now, for `refusedRows`. */
async function rowsNow(db: Db, rows: RowShown[]) {
  return db
    .select({ id: questions.id, version: questions.version, status: questions.status })
    .from(questions)
    .where(
      inArray(
        questions.id,
        rows.map((row) => row.id),
      ),
    );
}

/** Discards every shown row with one reason, each audited. */
export async function bulkDiscard(input: {
  rows: RowShown[];
  reason: string;
  by: number;
  now: Date;
}): Promise<BulkResult> {
  const db = await getDb();
  return immediate(db, async (): Promise<BulkResult> => {
    const refused = refusedRows(input.rows, await rowsNow(db, input.rows), { open: true });
    if (refused.length > 0) return { ok: false, reason: 'changed', ids: refused };
    for (const row of input.rows) {
      await db
        .update(questions)
        .set({
          status: 'discarded',
          discardReason: input.reason,
          ...unclaimed,
          updatedAt: input.now,
          version: sql`${questions.version} + 1`,
        })
        .where(eq(questions.id, row.id));
      await writeAudit(db, {
        userId: input.by,
        at: input.now,
        action: 'question.discard',
        entity: 'question',
        entityId: String(row.id),
        after: { status: 'discarded', reason: input.reason, bulk: input.rows.length },
      });
    }
    return { ok: true, changed: input.rows.length };
  });
}

/** Puts one label on every shown row (rows that already carry it stay as they are). */
export async function bulkLabel(input: {
  rows: RowShown[];
  labelId: number;
  by: number;
  now: Date;
}): Promise<BulkResult> {
  const db = await getDb();
  return immediate(db, async (): Promise<BulkResult> => {
    const [label] = await db
      .select({ id: labels.id })
      .from(labels)
      .where(eq(labels.id, input.labelId))
      .limit(1);
    if (!label) return { ok: false, reason: 'noLabel' };
    const refused = refusedRows(input.rows, await rowsNow(db, input.rows), { open: false });
    if (refused.length > 0) return { ok: false, reason: 'changed', ids: refused };
    const changed = await addLabelIn(db, {
      questionIds: input.rows.map((row) => row.id),
      labelId: input.labelId,
      by: input.by,
      now: input.now,
    });
    return { ok: true, changed };
  });
}

/**
 * Assigns every shown row to one person (or to nobody), audited as a single assignment is
 * (`question.assign` / `question.unassign` with the names), in one transaction. Like a single
 * assignment it leaves the questions' versions alone.
 */
export async function bulkAssign(input: {
  rows: RowShown[];
  assigneeId: number | null;
  by: number;
  now: Date;
}): Promise<BulkResult> {
  const db = await getDb();
  return immediate(db, async (): Promise<BulkResult> => {
    let target: { id: number; name: string } | null = null;
    if (input.assigneeId !== null) {
      const [person] = await db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(eq(users.id, input.assigneeId), isNull(users.removedAt)))
        .limit(1);
      if (!person) return { ok: false, reason: 'noSuchPerson' };
      target = person;
    }
    const refused = refusedRows(input.rows, await rowsNow(db, input.rows), { open: false });
    if (refused.length > 0) return { ok: false, reason: 'changed', ids: refused };
    const before = await db
      .select({ id: questions.id, assigneeId: questions.assigneeId, name: users.name })
      .from(questions)
      .leftJoin(users, eq(users.id, questions.assigneeId))
      .where(
        inArray(
          questions.id,
          input.rows.map((row) => row.id),
        ),
      );
    let changed = 0;
    for (const row of before) {
      if (row.assigneeId === input.assigneeId) continue;
      await db
        .update(questions)
        .set({ assigneeId: input.assigneeId, updatedAt: input.now })
        .where(eq(questions.id, row.id));
      await writeAudit(db, {
        userId: input.by,
        at: input.now,
        action: target ? 'question.assign' : 'question.unassign',
        entity: 'question',
        entityId: String(row.id),
        before: { assigneeId: row.assigneeId, assignee: row.name },
        after: { assigneeId: target?.id ?? null, assignee: target?.name ?? null },
      });
      changed++;
    }
    return { ok: true, changed };
  });
}

/** Each row's id and version as the list shows it, for a bulk action's check. */
export async function versionsOf(ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await (await getDb())
    .select({ id: questions.id, version: questions.version })
    .from(questions)
    .where(inArray(questions.id, ids));
  return new Map(rows.map((row) => [row.id, row.version]));
}
