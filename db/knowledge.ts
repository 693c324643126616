import 'server-only';
import { asc, eq, inArray } from 'drizzle-orm';
import type { KnowledgeHit } from '@/lib/agent';
import { storableText } from '@/lib/intake/clean-text';
import type { KnowledgeEntryInput } from '@/lib/knowledge/forms';
import { type Db, getDb } from './client';
import { knowledgeSearchHits } from './dialect/knowledge-search';
import { type ChangeContext, changeFacts, sameFacts } from './facts-change';
import { bakery, type KnowledgeEntry, knowledgeEntries } from './schema';

/** The owner's knowledge: entries drafts may use, each on or off, written like the menu. */

export async function listKnowledgeEntries(): Promise<KnowledgeEntry[]> {
  return (await getDb()).select().from(knowledgeEntries).orderBy(asc(knowledgeEntries.title));
}

/** Entries by id, switched off or not, for showing a draft's sources. */
export async function knowledgeEntriesByIds({ ids }: { ids: number[] }): Promise<KnowledgeEntry[]> {
  if (ids.length === 0) return [];
  return (await getDb()).select().from(knowledgeEntries).where(inArray(knowledgeEntries.id, ids));
}

/**
 * Switched-on entries matching a customer's words, best first: each engine's full-text search
 * with English stemming, the title weighing most, then tags, then the answer
 * (`db/dialect/knowledge-search.ts`).
 */
export async function searchKnowledge({
  query,
  limit,
  db,
}: {
  query: string;
  limit: number;
  /** Another database than the process's (the eval's scratch copy of the example bakery). */
  db?: Db;
}): Promise<KnowledgeHit[]> {
  // A customer's words, or a search box's: no NUL or lone surrogate reaches either engine.
  return knowledgeSearchHits(db ?? (await getDb()), storableText(query), limit);
}

export type KnowledgeWriteResult =
  /** `changed` is false when the save matched what was kept, and so wrote nothing. */
  { ok: true; entry: KnowledgeEntry; changed: boolean } | { ok: false; reason: 'notFound' };

function auditView(entry: Pick<KnowledgeEntry, 'title' | 'answer' | 'tags' | 'enabled'>) {
  return { title: entry.title, answer: entry.answer, tags: entry.tags, enabled: entry.enabled };
}

const touches = (id: number) => [`entry:${id}` as const, 'knowledge' as const];

export async function addKnowledgeEntry({
  input,
  ...context
}: { input: KnowledgeEntryInput } & ChangeContext): Promise<KnowledgeWriteResult> {
  return changeFacts<KnowledgeWriteResult>(context, async (db) => {
    const [entry] = await db
      .insert(knowledgeEntries)
      .values({ ...input, createdAt: context.now, updatedAt: context.now })
      .returning();
    if (!entry) throw new Error('The new knowledge entry was not written.');
    return {
      result: { ok: true, entry, changed: true },
      change: {
        action: 'knowledge.add',
        entity: 'knowledge_entry',
        entityId: String(entry.id),
        after: auditView(entry),
        touches: touches(entry.id),
      },
    };
  });
}

export async function updateKnowledgeEntry({
  id,
  input,
  ...context
}: { id: number; input: KnowledgeEntryInput } & ChangeContext): Promise<KnowledgeWriteResult> {
  return changeFacts<KnowledgeWriteResult>(context, async (db) => {
    const [current] = await db
      .select()
      .from(knowledgeEntries)
      .where(eq(knowledgeEntries.id, id))
      .limit(1);
    if (!current) return { result: { ok: false, reason: 'notFound' }, change: null };
    if (sameFacts(auditView(current), auditView(input)))
      return { result: { ok: true, entry: current, changed: false }, change: null };
    const [entry] = await db
      .update(knowledgeEntries)
      .set({ ...input, updatedAt: context.now })
      .where(eq(knowledgeEntries.id, id))
      .returning();
    if (!entry) throw new Error(`Knowledge entry ${id} was not written.`);
    return {
      result: { ok: true, entry, changed: true },
      change: {
        action: 'knowledge.update',
        entity: 'knowledge_entry',
        entityId: String(id),
        before: auditView(current),
        after: auditView(entry),
        touches: touches(id),
      },
    };
  });
}

/** Switches an entry on (drafts may use it) or off (drafts stop using it), nothing else. */
export async function setKnowledgeEntryEnabled({
  id,
  enabled,
  ...context
}: { id: number; enabled: boolean } & ChangeContext): Promise<KnowledgeWriteResult> {
  return changeFacts<KnowledgeWriteResult>(context, async (db) => {
    const [current] = await db
      .select()
      .from(knowledgeEntries)
      .where(eq(knowledgeEntries.id, id))
      .limit(1);
    if (!current) return { result: { ok: false, reason: 'notFound' }, change: null };
    if (current.enabled === enabled)
      return { result: { ok: true, entry: current, changed: false }, change: null };
    const [entry] = await db
      .update(knowledgeEntries)
      .set({ enabled, updatedAt: context.now })
      .where(eq(knowledgeEntries.id, id))
      .returning();
    if (!entry) throw new Error(`Knowledge entry ${id} was not written.`);
    return {
      result: { ok: true, entry, changed: true },
      change: {
        action: enabled ? 'knowledge.on' : 'knowledge.off',
        entity: 'knowledge_entry',
        entityId: String(id),
        before: auditView(current),
        after: auditView(entry),
        touches: touches(id),
      },
    };
  });
}

export async function removeKnowledgeEntry({
  id,
  ...context
}: { id: number } & ChangeContext): Promise<{ ok: true } | { ok: false; reason: 'notFound' }> {
  return changeFacts<{ ok: true } | { ok: false; reason: 'notFound' }>(context, async (db) => {
    const [current] = await db
      .select()
      .from(knowledgeEntries)
      .where(eq(knowledgeEntries.id, id))
      .limit(1);
    if (!current) return { result: { ok: false, reason: 'notFound' }, change: null };
    await db.delete(knowledgeEntries).where(eq(knowledgeEntries.id, id));
    return {
      result: { ok: true },
      change: {
        action: 'knowledge.remove',
        entity: 'knowledge_entry',
        entityId: String(id),
        before: auditView(current),
        touches: touches(id),
      },
    };
  });
}

/** The owner's own topics that always go to a person; a change may alter any draft. */
export async function saveHandoverTopics({
  topics,
  ...context
}: { topics: string[] } & ChangeContext): Promise<{
  changed: boolean;
}> {
  return changeFacts<{ changed: boolean }>(context, async (db) => {
    const [row] = await db
      .select({ topics: bakery.handoverTopics })
      .from(bakery)
      .where(eq(bakery.id, 1))
      .limit(1);
    if (!row) throw new Error('The bakery has not been set up: the database has no bakery row.');
    if (sameFacts(row.topics, topics)) return { result: { changed: false }, change: null };
    await db.update(bakery).set({ handoverTopics: topics }).where(eq(bakery.id, 1));
    return {
      result: { changed: true },
      change: {
        action: 'handover.update',
        entity: 'bakery',
        entityId: '1',
        before: { handoverTopics: row.topics },
        after: { handoverTopics: topics },
      },
    };
  });
}
