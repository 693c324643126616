import 'server-only';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { writeAudit } from './audit';
import { type Db, getDb, immediate } from './client';
import { changeFacts } from './facts-change';
import { bakery, questions, users } from './schema';

/**
 * Who looks after a conversation. Each change is checked against the assignee the person saw
 * (an optimistic check on the assignment itself), so two people assigning at once cannot both
 * win unawares; it does not move the question's version, so a colleague's open draft edit stays
 * saveable. Every change is audited with the assignee's name.
 */

export type Assignee = { id: number; name: string };

export type AssignResult =
  | { ok: true; changed: boolean; assignee: Assignee | null }
  | { ok: false; reason: 'notFound' | 'noSuchPerson' }
  | { ok: false; reason: 'changed'; assignee: Assignee | null };

/** Conversations a first opener may take: not yet answered or closed. */
const openStatuses = ['queued', 'drafting', 'drafted', 'failed'] as const;

async function personOf(db: Db, id: number | null): Promise<Assignee | null> {
  if (id === null) return null;
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}

const assigneeIs = (id: number | null) =>
  id === null ? isNull(questions.assigneeId) : eq(questions.assigneeId, id);

/**
 * Assigns a conversation to a person (`assigneeId`), or to nobody (null), if it is still
 * assigned as `expected` says (the assignee the person saw; null for nobody).
 */
export async function assignQuestion(input: {
  questionId: number;
  assigneeId: number | null;
  expected: number | null;
  by: number;
  now: Date;
}): Promise<AssignResult> {
  const db = await getDb();
  return immediate(db, async (tx): Promise<AssignResult> => {
    const [question] = await tx
      .select({ id: questions.id, assigneeId: questions.assigneeId })
      .from(questions)
      .where(eq(questions.id, input.questionId))
      .limit(1);
    if (!question) return { ok: false, reason: 'notFound' };
    if (question.assigneeId !== input.expected) {
      return { ok: false, reason: 'changed', assignee: await personOf(tx, question.assigneeId) };
    }
    let target: Assignee | null = null;
    if (input.assigneeId !== null) {
      const [person] = await tx
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(eq(users.id, input.assigneeId), isNull(users.removedAt)))
        .limit(1);
      if (!person) return { ok: false, reason: 'noSuchPerson' };
      target = person;
    }
    if (question.assigneeId === input.assigneeId)
      return { ok: true, changed: false, assignee: target };
    const before = await personOf(tx, question.assigneeId);
    const [updated] = await tx
      .update(questions)
      .set({ assigneeId: input.assigneeId, updatedAt: input.now })
      .where(and(eq(questions.id, input.questionId), assigneeIs(input.expected)))
      .returning({ id: questions.id });
    if (!updated) {
      const [now] = await tx
        .select({ assigneeId: questions.assigneeId })
        .from(questions)
        .where(eq(questions.id, input.questionId))
        .limit(1);
      return {
        ok: false,
        reason: 'changed',
        assignee: await personOf(tx, now?.assigneeId ?? null),
      };
    }
    await writeAudit(tx, {
      userId: input.by,
      at: input.now,
      action: target ? 'question.assign' : 'question.unassign',
      entity: 'question',
      entityId: String(input.questionId),
      before: { assigneeId: before?.id ?? null, assignee: before?.name ?? null },
      after: { assigneeId: target?.id ?? null, assignee: target?.name ?? null },
    });
    return { ok: true, changed: true, assignee: target };
  });
}

/**
 * With the bakery's "assign on open" on, makes the person opening an open, unassigned
 * conversation its assignee. Returns the new assignee, or null when nothing changed (the
 * option is off, someone already has it, or it is closed). Cheap when off: one read.
 */
export async function assignOnOpen(input: {
  questionId: number;
  userId: number;
  now: Date;
}): Promise<Assignee | null> {
  const db = await getDb();
  const [settings] = await db.select({ on: bakery.assignOnOpen }).from(bakery).limit(1);
  if (!settings?.on) return null;
  return immediate(db, async (tx) => {
    const [updated] = await tx
      .update(questions)
      .set({ assigneeId: input.userId, updatedAt: input.now })
      .where(
        and(
          eq(questions.id, input.questionId),
          isNull(questions.assigneeId),
          inArray(questions.status, [...openStatuses]),
        ),
      )
      .returning({ id: questions.id });
    if (!updated) return null;
    const person = await personOf(tx, input.userId);
    await writeAudit(tx, {
      userId: input.userId,
      at: input.now,
      action: 'question.assign',
      entity: 'question',
      entityId: String(input.questionId),
      before: { assigneeId: null, assignee: null },
      after: { assigneeId: input.userId, assignee: person?.name ?? null, onOpen: true },
    });
    return person;
  });
}

/** The people a conversation can be assigned to: current staff and owners, by name. */
export async function listAssignablePeople(): Promise<Assignee[]> {
  return (await getDb())
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(isNull(users.removedAt))
    .orderBy(users.name, users.id);
}

/** The conversation's assignee, or null. */
export async function getAssignee({
  questionId,
}: {
  questionId: number;
}): Promise<Assignee | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(questions)
    .innerJoin(users, eq(users.id, questions.assigneeId))
    .where(eq(questions.id, questionId))
    .limit(1);
  return row ?? null;
}

/** Whether opening a conversation assigns it; read for Settings. */
export async function getAssignOnOpen(): Promise<boolean> {
  const [row] = await (await getDb()).select({ on: bakery.assignOnOpen }).from(bakery).limit(1);
  return row?.on ?? false;
}

/** The owner's setting; drafts never read it, so no draft turns stale. */
export async function setAssignOnOpen(input: {
  on: boolean;
  by: number;
  now: Date;
}): Promise<{ changed: boolean }> {
  return changeFacts<{ changed: boolean }>({ by: input.by, now: input.now }, async (tx) => {
    const [row] = await tx.select({ on: bakery.assignOnOpen }).from(bakery).limit(1);
    if (!row || row.on === input.on) return { result: { changed: false }, change: null };
    await tx.update(bakery).set({ assignOnOpen: input.on }).where(eq(bakery.id, 1));
    return {
      result: { changed: true },
      change: {
        action: 'settings.assignOnOpen',
        entity: 'bakery',
        entityId: '1',
        before: { assignOnOpen: row.on },
        after: { assignOnOpen: input.on },
        affectsDrafts: false,
      },
    };
  });
}

/** The inbox's "Mine" (a person's id) and "Unassigned" views. */
export type AssigneeView = { mine: number } | 'unassigned';

/** The view as a condition on the assignee; none without a view. */
export function assigneeFilter(view: AssigneeView | undefined) {
  if (view === undefined) return undefined;
  return view === 'unassigned' ? isNull(questions.assigneeId) : eq(questions.assigneeId, view.mine);
}
