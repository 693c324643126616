/** What the `/` menu filters: a snippet's title and text. */
export type Pickable = { id: number; title: string; text: string };

const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Snippets matching what was typed after `/`: every word must appear in the title or the text;
 * titles that start with the query come first, then other title matches, then text matches.
 */
export function filterSnippets<T extends Pickable>(snippets: readonly T[], query: string): T[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...snippets];
  const scored: { snippet: T; rank: number; index: number }[] = [];
  snippets.forEach((snippet, index) => {
    const title = fold(snippet.title);
    const text = fold(snippet.text);
    if (!words.every((word) => title.includes(word) || text.includes(word))) return;
    const rank = title.startsWith(words.join(' '))
      ? 0
      : words.every((word) => title.includes(word))
        ? 1
        : 2;
    scored.push({ snippet, rank, index });
  });
  return scored.sort((a, b) => a.rank - b.rank || a.index - b.index).map((s) => s.snippet);
}

/** A `/` being typed in the reply box: where it starts and what follows it. */
export type SlashQuery = { start: number; query: string };

/**
 * The `/` command the caret is in, if any: a slash at the start of the text or after a space
 * or line break, then up to 40 characters with no line break, ending at the caret. A slash
 * inside a word ("and/or", a web address) opens nothing.
 */
export function slashQueryAt(text: string, caret: number): SlashQuery | null {
  const before = text.slice(0, caret);
  const slash = before.lastIndexOf('/');
  if (slash < 0) return null;
  if (slash > 0 && !/\s/.test(before[slash - 1] ?? '')) return null;
  const query = before.slice(slash + 1);
  if (query.length > 40 || /[\n/]/.test(query) || query.startsWith(' ')) return null;
  return { start: slash, query };
}

/** The reply text with the `/query` replaced by the snippet's filled text; the caret after it. */
export function insertSnippet(
  text: string,
  slash: SlashQuery,
  filled: string,
): { text: string; caret: number } {
  const end = slash.start + 1 + slash.query.length;
  const next = text.slice(0, slash.start) + filled + text.slice(end);
  return { text: next, caret: slash.start + filled.length };
}

/** The reply text with a snippet put in at the caret (from the picker, with no `/` typed). */
export function insertAtCaret(
  text: string,
  caret: number,
  filled: string,
): { text: string; caret: number } {
  const at = Math.max(0, Math.min(caret, text.length));
  return { text: text.slice(0, at) + filled + text.slice(at), caret: at + filled.length };
}
