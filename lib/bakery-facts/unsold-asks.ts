import { nameKey, normalizeName } from '@/lib/agent/bakery/names';

/** One `menu_item` lookup that found nothing: the run's question and the tool's raw input. */
export type NotFoundLookup = { questionId: number; input: string };

export type UnsoldAsk = {
  /** The way customers wrote it most often, e.g. "croissants". */
  name: string;
  /** The agent's own matching key: case, spacing and plurals folded ("croissant"). */
  key: string;
  /** Distinct questions that asked: a redraft, or asking twice in one question, counts once. */
  asks: number;
};

/**
 * Groups what `menu_item` could not find by the name it was asked, using the agent's own
 * name key so "Croissants" and "croissant" are one row. Counting questions rather than calls
 * keeps a redraft from counting the same customer twice. Most asked first.
 */
export function countUnsoldAsks(lookups: readonly NotFoundLookup[]): UnsoldAsk[] {
  const groups = new Map<string, { questions: Set<number>; spellings: Map<string, number> }>();
  for (const lookup of lookups) {
    const asked = askedName(lookup.input);
    if (asked === null) continue;
    const key = nameKey(asked);
    if (key === '') continue;
    const group = groups.get(key) ?? { questions: new Set(), spellings: new Map() };
    group.questions.add(lookup.questionId);
    const spelling = normalizeName(asked);
    group.spellings.set(spelling, (group.spellings.get(spelling) ?? 0) + 1);
    groups.set(key, group);
  }
  return [...groups.entries()]
    .map(([key, group]) => ({ key, name: commonest(group.spellings), asks: group.questions.size }))
    .sort((a, b) => b.asks - a.asks || a.name.localeCompare(b.name));
}

/** The `name` a model passed to `menu_item`; inputs are untrusted JSON. */
function askedName(input: string): string | null {
  try {
    const parsed: unknown = JSON.parse(input);
    if (parsed && typeof parsed === 'object' && 'name' in parsed) {
      const { name } = parsed as { name: unknown };
      if (typeof name === 'string' && name.trim() !== '') return name.slice(0, 80);
    }
  } catch {
    // A run can record input the tool refused; it names nothing.
  }
  return null;
}

function commonest(counts: Map<string, number>): string {
  return (
    [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? ''
  );
}
