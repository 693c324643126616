import 'server-only';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { sameLabelName } from '@/lib/inbox/labels';
import { writeAudit } from './audit';
import { type Db, getDb, immediate } from './client';
import { conversationLabels, type Label, labels, questions } from './schema';

/**
 * The owner's labels and the conversations that carry them. Defining labels is the owner's
 * (the actions check the role); putting them on and off a conversation is any staff member's.
 * Every change is audited in its own transaction.
 */

export async function listLabels(): Promise<Label[]> {
  return (await getDb()).select().from(labels).orderBy(asc(labels.name), asc(labels.id));
}

export type LabelWrite = { ok: true; label: Label } | { ok: false; reason: 'taken' | 'notFound' };

async function nameTaken(db: Db, name: string, except?: number): Promise<boolean> {
  const all = await db.select({ id: labels.id, name: labels.name }).from(labels);
  return all.some((label) => label.id !== except && sameLabelName(label.name, name));
}

export async function createLabel(input: {
  name: string;
  colour: string;
  by: number | null;
  now: Date;
}): Promise<LabelWrite> {
  const db = await getDb();
  return immediate(db, async (): Promise<LabelWrite> => {
    if (await nameTaken(db, input.name)) return { ok: false, reason: 'taken' };
    const [label] = await db
      .insert(labels)
      .values({ name: input.name, colour: input.colour, createdAt: input.now })
      .returning();
    if (!label) throw new Error('The label could not be stored.');
    await writeAudit(db, {
      userId: input.by,
      at: input.now,
      action: 'label.create',
      entity: 'label',
      entityId: String(label.id),
      after: { name: label.name, colour: label.colour },
    });
    return { ok: true, label };
  });
}

export async function updateLabel(input: {
  id: number;
  name: string;
  colour: string;
  by: number | null;
  now: Date;
}): Promise<LabelWrite> {
  const db = await getDb();
  return immediate(db, async (): Promise<LabelWrite> => {
    const [before] = await db.select().from(labels).where(eq(labels.id, input.id)).limit(1);
    if (!before) return { ok: false, reason: 'notFound' };
    if (await nameTaken(db, input.name, input.id)) return { ok: false, reason: 'taken' };
    const [label] = await db
      .update(labels)
      .set({ name: input.name, colour: input.colour })
      .where(eq(labels.id, input.id))
      .returning();
    if (!label) return { ok: false, reason: 'notFound' };
    await writeAudit(db, {
      userId: input.by,
      at: input.now,
      action: 'label.update',
      entity: 'label',
      entityId: String(label.id),
      before: { name: before.name, colour: before.colour },
      after: { name: label.name, colour: label.colour },
    });
    return { ok: true, label };
  });
}

/** Removes a label from the desk and from every conversation that carried it. */
export async function deleteLabel(input: {
  id: number;
  by: number | null;
  now: Date;
}): Promise<{ ok: true; conversations: number } | { ok: false; reason: 'notFound' }> {
  const db = await getDb();
  return immediate(db, async () => {
    const [label] = await db.select().from(labels).where(eq(labels.id, input.id)).limit(1);
    if (!label) return { ok: false as const, reason: 'notFound' as const };
    const [carried] = await db
      .select({ n: sql<number>`count(*)` })
      .from(conversationLabels)
      .where(eq(conversationLabels.labelId, input.id));
    // The pairs go first: PostgreSQL and SQLite both cascade, but saying so keeps the count honest.
    await db.delete(conversationLabels).where(eq(conversationLabels.labelId, input.id));
    await db.delete(labels).where(eq(labels.id, input.id));
    await writeAudit(db, {
      userId: input.by,
      at: input.now,
      action: 'label.delete',
      entity: 'label',
      entityId: String(label.id),
      before: { name: label.name, colour: label.colour, conversations: Number(carried?.n ?? 0) },
    });
    return { ok: true as const, conversations: Number(carried?.n ?? 0) };
  });
}

/** The labels each of these conversations carries, by name. */
export async function labelsOfQuestions(ids: number[]): Promise<Map<number, Label[]>> {
  const found = new Map<number, Label[]>();
  if (ids.length === 0) return found;
  const rows = await (await getDb())
    .select({ questionId: conversationLabels.questionId, label: labels })
    .from(conversationLabels)
    .innerJoin(labels, eq(labels.id, conversationLabels.labelId))
    .where(inArray(conversationLabels.questionId, ids))
    .orderBy(asc(labels.name), asc(labels.id));
  for (const row of rows)
    found.set(row.questionId, [...(found.get(row.questionId) ?? []), row.label]);
  return found;
}

export type ConversationLabelResult =
  | { ok: true; changed: boolean }
  | { ok: false; reason: 'noQuestion' | 'noLabel' };

/**
 * Inside a caller's transaction: puts a label on conversations that lack it, with one audit row
 * for each it was added to. Returns how many it was added to.
 */
export async function addLabelIn(
  db: Db,
  input: { questionIds: number[]; labelId: number; by: number | null; now: Date },
): Promise<number> {
  if (input.questionIds.length === 0) return 0;
  const had = await db
    .select({ questionId: conversationLabels.questionId })
    .from(conversationLabels)
    .where(
      and(
        eq(conversationLabels.labelId, input.labelId),
        inArray(conversationLabels.questionId, input.questionIds),
      ),
    );
  const already = new Set(had.map((row) => row.questionId));
  const adding = input.questionIds.filter((id) => !already.has(id));
  for (const questionId of adding) {
    await db.insert(conversationLabels).values({
      questionId,
      labelId: input.labelId,
      addedAt: input.now,
      addedBy: input.by,
    });
    await writeAudit(db, {
      userId: input.by,
      at: input.now,
      action: 'conversation.label',
      entity: 'question',
      entityId: String(questionId),
      after: { labelId: input.labelId },
    });
  }
  return adding.length;
}

async function exists(db: Db, input: { questionId: number; labelId: number }) {
  const [question] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(eq(questions.id, input.questionId))
    .limit(1);
  if (!question) return 'noQuestion' as const;
  const [label] = await db
    .select({ id: labels.id })
    .from(labels)
    .where(eq(labels.id, input.labelId))
    .limit(1);
  if (!label) return 'noLabel' as const;
  return undefined;
}

/** A staff member puts a label on one conversation (nothing changes if it is already there). */
export async function addConversationLabel(input: {
  questionId: number;
  labelId: number;
  by: number | null;
  now: Date;
}): Promise<ConversationLabelResult> {
  const db = await getDb();
  return immediate(db, async (): Promise<ConversationLabelResult> => {
    const missing = await exists(db, input);
    if (missing) return { ok: false, reason: missing };
    const added = await addLabelIn(db, {
      questionIds: [input.questionId],
      labelId: input.labelId,
      by: input.by,
      now: input.now,
    });
    return { ok: true, changed: added > 0 };
  });
}

/** A staff member takes a label off one conversation (nothing changes if it was not there). */
export async function removeConversationLabel(input: {
  questionId: number;
  labelId: number;
  by: number | null;
  now: Date;
}): Promise<ConversationLabelResult> {
  const db = await getDb();
  return immediate(db, async (): Promise<ConversationLabelResult> => {
    const missing = await exists(db, input);
    if (missing) return { ok: false, reason: missing };
    const removed = await db
      .delete(conversationLabels)
      .where(
        and(
          eq(conversationLabels.questionId, input.questionId),
          eq(conversationLabels.labelId, input.labelId),
        ),
      )
      .returning({ id: conversationLabels.id });
    if (removed.length > 0) {
      await writeAudit(db, {
        userId: input.by,
        at: input.now,
        action: 'conversation.unlabel',
        entity: 'question',
        entityId: String(input.questionId),
        before: { labelId: input.labelId },
      });
    }
    return { ok: true, changed: removed.length > 0 };
  });
}

/** The inbox's filter: only conversations that carry this label (from its (label) index). */
export function labelFilter(labelId: number | undefined): SQL | undefined {
  if (labelId === undefined) return undefined;
  return sql`exists (select 1 from ${conversationLabels} where ${conversationLabels.questionId} = ${questions.id} and ${conversationLabels.labelId} = ${labelId})`;
}
