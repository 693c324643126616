import { exampleBakery } from '@/db/example-bakery';
import type { KnowledgeHit, KnowledgeSearch } from '@/lib/agent/bakery/data';

/** The example bakery's knowledge entries, as a fresh desk has them. */
export const exampleKnowledge: KnowledgeHit[] = exampleBakery.knowledge.map((entry, i) => ({
  id: i + 1,
  ...entry,
}));

const words = (text: string) => new Set(text.toLowerCase().match(/[a-z]{4,}/g) ?? []);

/**
 * A search over the example's entries without a database: entries sharing a word (or a word's
 * start, "deliver" for "delivery") with the query, most shared first.
 */
export const searchExampleKnowledge: KnowledgeSearch = async (query, limit) => {
  const asked = [...words(query)];
  const scored = exampleKnowledge.map((entry) => {
    const known = [...words(`${entry.title} ${entry.tags.join(' ')} ${entry.answer}`)];
    const score = asked.filter((a) => known.some((k) => k.startsWith(a) || a.startsWith(k))).length;
    return { entry, score };
  });
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((s) => s.entry);
};
