/**
 * A customer's words as a search query, for SQLite's FTS5 or PostgreSQL's tsquery alike: each
 * word quoted (so nothing they type is query syntax), words of three letters or more also matched
 * as prefixes of stemmed words ("pay" finds "payment", "deliver" finds "delivery"), joined with
 * OR so the ranking (bm25, ts_rank) orders entries by how much they share. Words that say
 * nothing about a topic are left out, or every entry would match "you".
 */
const stopWords = new Set(
  `a about above after again all also am an and any anything are as at be been before being but by can
  could did do does doing for from get got had has have having he her here hi hello him his how i if in
  into is it its just let like me might more most much must my no nor not now of off on once one only
  or other our ours out over own please same she should so some such than thank thanks that the their
  them then there these they this those through to too under until up very want was we were what when
  where which while who whom why will with would yes yet you your yours dear`.split(/\s+/),
);

export const maxQueryWords = 24;

/**
 * The words of a customer's text worth searching for: lower-cased, accents dropped, each once,
 * only letters and digits (so no query syntax of either engine survives), filler left out.
 */
export function knowledgeWords(text: string): string[] | null {
  const words = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .match(/[a-z0-9]+/g);
  if (!words) return null;
  const kept = [...new Set(words)].filter((w) => w.length >= 2 && !stopWords.has(w));
  if (kept.length === 0) return null;
  return kept.slice(0, maxQueryWords);
}

/** Words as short as two letters are matched whole; a prefix that short would match too much. */
const matchesAsPrefix = (word: string) => word.length >= 3;

export function knowledgeQuery(text: string): string | null {
  const words = knowledgeWords(text);
  if (!words) return null;
  return words.map((word) => (matchesAsPrefix(word) ? `"${word}"*` : `"${word}"`)).join(' OR ');
}

/**
 * The same words as a PostgreSQL tsquery (for `to_tsquery('english', …)`, which stems each
 * lexeme): each quoted, a prefix of stemmed words where FTS5's is, joined with `|` (OR).
 */
export function knowledgeTsQuery(text: string): string | null {
  const words = knowledgeWords(text);
  if (!words) return null;
  return words.map((word) => (matchesAsPrefix(word) ? `'${word}':*` : `'${word}'`)).join(' | ');
}
