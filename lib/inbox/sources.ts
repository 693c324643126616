/**
 * What a draft rests on, for the person reviewing it: the owner's knowledge entries its run
 * found and the menu items (with their allergens and ingredients) it read, each with when it
 * was last edited, so "Delivery radius and fee, edited Nov 30" sits beside the draft.
 */
export type DraftSource = {
  kind: 'entry' | 'item';
  /** The fact as the run recorded it: "entry:3", "item:rye loaf". */
  fact: string;
  label: string;
  /** When it was last edited; null when it has since been removed. */
  editedAt: Date | null;
  /** Switched off since the draft read it. */
  off: boolean;
};

export type SourceRows = {
  entries: { id: number; title: string; updatedAt: Date; enabled: boolean }[];
  items: { name: string; nameKey: string; updatedAt: Date }[];
};

/** The entry ids and item name keys among the facts a run read. */
export function sourceKeys(factsRead: readonly string[] | null | undefined): {
  entryIds: number[];
  itemKeys: string[];
} {
  const entryIds: number[] = [];
  const itemKeys: string[] = [];
  for (const fact of factsRead ?? []) {
    const entry = /^entry:(\d+)$/.exec(fact);
    if (entry) entryIds.push(Number(entry[1]));
    else if (fact.startsWith('item:')) itemKeys.push(fact.slice(5));
  }
  return { entryIds, itemKeys };
}

export function draftSources(
  factsRead: readonly string[] | null | undefined,
  rows: SourceRows,
): DraftSource[] {
  const { entryIds, itemKeys } = sourceKeys(factsRead);
  const entries = entryIds.map((id): DraftSource => {
    const row = rows.entries.find((e) => e.id === id);
    return {
      kind: 'entry',
      fact: `entry:${id}`,
      label: row?.title ?? `Knowledge entry ${id} (removed)`,
      editedAt: row?.updatedAt ?? null,
      off: row ? !row.enabled : false,
    };
  });
  const items = itemKeys.map((key): DraftSource => {
    const row = rows.items.find((i) => i.nameKey === key);
    return {
      kind: 'item',
      fact: `item:${key}`,
      label: row ? `${row.name} (menu)` : `${key} (no longer on the menu)`,
      editedAt: row?.updatedAt ?? null,
      off: false,
    };
  });
  return [...entries, ...items];
}
