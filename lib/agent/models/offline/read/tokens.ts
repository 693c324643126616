import { shorthand } from '../words';

/**
 * The question as the extractors read it: lower-cased words and signs, each with its place in
 * the normalized text. Each token is claimed by at most one extractor: the first to claim it
 * keeps it, so no two extractors ever read the same word.
 */

/** Which extractor claimed a token. */
export type Claim =
  | 'day'
  | 'time'
  | 'quantity'
  | 'item'
  | 'good'
  | 'topic'
  | 'label'
  | 'ask'
  | 'language';

export type Token = {
  /** The word as read: shorthand spelled out ("tmrw" reads "tomorrow"). */
  text: string;
  /** Where the word starts and ends in the normalized text. */
  start: number;
  end: number;
  used: boolean;
  by: Claim | null;
};

/** A run of words one extractor read, by its place in the normalized text. */
export type Span = { kind: Claim; start: number; end: number };

const tokenPattern =
  /\$\d[\d,]*(?:\.\d+)?|\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}(?:\/\d{2,4})?|\d{1,2}[:.]\d{2}(?=\s*(?:am|pm)\b)|(?<=\b(?:at|around|by|about|before|after|until|till)\s)\d{1,2}\.\d{2}\b|\d{1,2}:\d{2}|\d{1,3}(?:,\d{3})+|\d+(?:st|nd|rd|th)?|[a-z]+(?:['-][a-z]+)*|[?.!,;:×~()-]/g;

/** Lower case, plain quotes and dashes, and times split from their words: the text rules read. */
export function normalize(question: string): string {
  return plain(question.toLowerCase());
}

/** The same text in its own capitals, word for word at the same places as `normalize`'s. */
export function normalizeKeepingCase(question: string): string {
  return plain(question);
}

function plain(text: string): string {
  return (
    text
      .replace(/[\u2018\u2019\u02bc]/g, "'")
      .replace(/[\u2013\u2014]/g, ' - ')
      // "7 a.m." and "7 p.m." read as "7 am".
      .replace(/\b([ap])\.\s?m\b\.?/gi, '$1m')
      // "9ish", "10am", "2pm", "x6": split the number from its word.
      .replace(/(\d)(am|pm|ish)\b/gi, '$1 $2')
      .replace(/\bx(\d)/gi, 'x $1')
  );
}

export function tokenize(lower: string): Token[] {
  return [...lower.matchAll(tokenPattern)].map((match) => ({
    text: shorthand[match[0]] ?? match[0],
    start: match.index ?? 0,
    end: (match.index ?? 0) + match[0].length,
    used: false,
    by: null,
  }));
}

/** Claims a token for an extractor, unless another has it already. */
export function claim(tokens: Token[], index: number, by: Claim): void {
  const token = tokens[index];
  if (token && !token.used) {
    token.used = true;
    token.by = by;
  }
}

/** Claims tokens[from] up to (not including) tokens[to]. */
export function claimRange(tokens: Token[], from: number, to: number, by: Claim): void {
  for (let k = from; k < to; k++) claim(tokens, k, by);
}

export function markWord(tokens: Token[], index: number, words: string[], by: Claim): void {
  if (words.includes(tokens[index]?.text ?? '')) claim(tokens, index, by);
}

/** Claims every free token inside [start, end) of the normalized text: a pattern's match. */
export function claimText(tokens: Token[], start: number, end: number, by: Claim): void {
  tokens.forEach((token, k) => {
    if (token.start >= start && token.end <= end) claim(tokens, k, by);
  });
}

/** Claims the tokens of every match of a pattern (its first group where it has one). */
export function claimPattern(tokens: Token[], text: string, pattern: RegExp, by: Claim): boolean {
  const flags = pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`;
  const all = new RegExp(pattern.source, flags);
  let found = false;
  for (const match of text.matchAll(all)) {
    const index = match.index ?? 0;
    claimText(tokens, index, index + match[0].length, by);
    found = true;
  }
  return found;
}

/** The runs of neighbouring tokens each extractor claimed. */
export function spansOf(tokens: readonly Token[]): Span[] {
  const spans: Span[] = [];
  for (const token of tokens) {
    if (!token.by) continue;
    const last = spans[spans.length - 1];
    const previous = tokens[tokens.indexOf(token) - 1];
    if (last && last.kind === token.by && previous?.by === token.by) last.end = token.end;
    else spans.push({ kind: token.by, start: token.start, end: token.end });
  }
  return spans;
}
