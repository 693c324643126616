/**
 * Levenshtein distance between two texts, counted in Unicode code points: how many single
 * characters were inserted, deleted or replaced to turn the draft into what was sent.
 */
export function editDistance(from: string, to: string): number {
  const a = Array.from(from);
  const b = Array.from(to);
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  // Two rows are enough: each row depends only on the one before it.
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const replace = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, replace);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length] ?? 0;
}

/** What a reply records about how far the person moved from the draft. */
export function measureEdit(input: { draft: string | null; sent: string }): {
  edited: boolean;
  editDistance: number;
} {
  const distance = editDistance(input.draft ?? '', input.sent);
  return { edited: distance > 0, editDistance: distance };
}
