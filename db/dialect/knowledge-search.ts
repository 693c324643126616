import 'server-only';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { KnowledgeHit } from '@/lib/agent';
import { knowledgeQuery, knowledgeTsQuery } from '@/lib/knowledge/search-query';
import { type Db, engineOf } from '../client';
import { knowledgeEntries } from '../schema';

/**
 * Switched-on knowledge entries matching a customer's words, best first, in each engine's own
 * full-text search over the same words (`lib/knowledge/search-query.ts`).
 */
export function knowledgeSearchHits(db: Db, text: string, limit: number): Promise<KnowledgeHit[]> {
  return engineOf(db) === 'postgres'
    ? postgresKnowledgeSearch(db, text, limit)
    : sqliteKnowledgeSearch(db, text, limit);
}

/**
 * SQLite: the FTS5 table `knowledge_search` (porter stemming, kept by triggers), ranked by bm25
 * with the title weighing most (10), then tags (5), then the answer (1), then by id.
 */
async function sqliteKnowledgeSearch(db: Db, text: string, limit: number): Promise<KnowledgeHit[]> {
  const match = knowledgeQuery(text);
  if (match === null) return [];
  // Each row comes back as its values in select order.
  const rows = await db.all<[id: number, title: string, answer: string, tags: string]>(
    sql`select e.id, e.title, e.answer, e.tags
          from knowledge_search s
          join knowledge_entries e on e.id = s.rowid
         where knowledge_search match ${match} and e.enabled = 1
         order by bm25(knowledge_search, 10.0, 1.0, 5.0), e.id
         limit ${limit}`,
  );
  return rows.map(([id, title, answer, tags]) => ({ id, title, answer, tags: parseTags(tags) }));
}

/**
 * PostgreSQL: the stored `search` tsvector (English stemming, GIN-indexed; drizzle-postgres/0002)
 * against the same words as a tsquery, ranked by ts_rank over the weights the migration gives
 * (title A, tags B, answer C: 1.0, 0.4 and 0.2 in ts_rank's standard weights), then by id. The
 * query travels as a bound value; `to_tsquery` reads it, and it holds only quoted letters and
 * digits, so nothing a customer types is query syntax.
 */
async function postgresKnowledgeSearch(
  db: Db,
  text: string,
  limit: number,
): Promise<KnowledgeHit[]> {
  const words = knowledgeTsQuery(text);
  if (words === null) return [];
  const query = sql`to_tsquery('english', ${words})`;
  const search = sql`${knowledgeEntries}.search`;
  const rows = await db
    .select({
      id: knowledgeEntries.id,
      title: knowledgeEntries.title,
      answer: knowledgeEntries.answer,
      tags: knowledgeEntries.tags,
    })
    .from(knowledgeEntries)
    .where(and(eq(knowledgeEntries.enabled, true), sql`${search} @@ ${query}`))
    .orderBy(desc(sql`ts_rank(${search}, ${query})`), asc(knowledgeEntries.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, tags: row.tags.filter((t) => typeof t === 'string') }));
}

function parseTags(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}
