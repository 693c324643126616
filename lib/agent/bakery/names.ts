/** Forgiving name matching: case, spacing, singular or plural, and small misspellings. */

export function normalizeName(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9\s'-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A crude singular, enough for bakery goods: rolls, buns, loaves, pastries, brownies. */
export function singular(word: string): string {
  if (word.endsWith('ves') && word.length > 4) return `${word.slice(0, -3)}f`;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ch|sh|ss|x)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && word.length > 3) return word.slice(0, -1);
  return word;
}

export function nameKey(text: string): string {
  return normalizeName(text).split(' ').filter(Boolean).map(singular).join(' ');
}

export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** How many typos a word of this length may carry and still count as the same word. */
export function typoAllowance(word: string): number {
  if (word.length <= 3) return 0;
  if (word.length <= 6) return 1;
  return 2;
}

/** Two words are the same when their singulars are within the typo allowance. */
export function sameWord(a: string, b: string): boolean {
  const x = singular(a);
  const y = singular(b);
  return x === y || editDistance(x, y) <= Math.max(typoAllowance(x), typoAllowance(y));
}

/** The names that match `wanted` (exactly by key first, then by small misspellings). */
export function matchNames<T extends { name: string }>(wanted: string, items: readonly T[]): T[] {
  const key = nameKey(wanted);
  const exact = items.filter((item) => itemKey(item) === key);
  if (exact.length > 0) return exact;
  const words = key.split(' ');
  return items.filter((item) => {
    const itemWords = itemKey(item).split(' ');
    return (
      itemWords.length === words.length &&
      itemWords.every((word, i) => sameWord(word, words[i] ?? ''))
    );
  });
}

// The menu is the same objects from draft to draft until it changes: each item's key is
// worked out once per item rather than on every lookup.
const itemKeys = new WeakMap<object, { name: string; key: string }>();

function itemKey(item: { name: string }): string {
  const known = itemKeys.get(item);
  if (known && known.name === item.name) return known.key;
  const key = nameKey(item.name);
  itemKeys.set(item, { name: item.name, key });
  return key;
}
