/**
 * Customer text arrives from browsers, email forwarders and web shops. Before it is stored it
 * loses what a person cannot see but a program (or a model) would read: control characters,
 * zero-width characters, bidirectional overrides, Unicode tag characters and the variation
 * selectors supplement, which can hide instructions inside an innocent-looking question.
 */

const TAB = 0x09;
const NEWLINE = 0x0a;

/** Ranges of code points that are never kept: [first, last] inclusive. */
const UNSEEN: ReadonlyArray<readonly [number, number]> = [
  [0x00, 0x08], // C0 controls before tab
  [0x0b, 0x1f], // C0 controls after newline
  [0x7f, 0x9f], // DEL and C1 controls
  [0xad, 0xad], // soft hyphen
  [0x180e, 0x180e], // Mongolian vowel separator
  [0x200b, 0x200f], // zero-width space, joiners, direction marks
  [0x202a, 0x202e], // bidirectional embeddings and overrides
  [0x2060, 0x2064], // word joiner and invisible operators
  [0x2066, 0x2069], // bidirectional isolates
  [0xfeff, 0xfeff], // byte order mark / zero-width no-break space
  [0xe0000, 0xe007f], // tag characters
  [0xe0100, 0xe01ef], // variation selectors supplement
];

function isUnseen(codePoint: number): boolean {
  if (codePoint === TAB || codePoint === NEWLINE) return false;
  return UNSEEN.some(([first, last]) => codePoint >= first && codePoint <= last);
}

function dropUnseen(text: string): string {
  let kept = '';
  for (const char of text) {
    if (!isUnseen(char.codePointAt(0) ?? 0)) kept += char;
  }
  return kept;
}

/** Halves of surrogate pairs with no other half: no database stores them as text. */
const UNPAIRED_SURROGATE =
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
const C0_BUT_TAB_AND_NEWLINE = /[\u0000-\u0008\u000B-\u001F]/g;

/**
 * The one gate every text from outside passes before it is stored or searched: line ends as
 * newlines, NUL and the other C0 controls but tab and newline removed, unpaired surrogates made
 * U+FFFD. PostgreSQL refuses a NUL in text and SQLite would keep it, so both engines get the
 * same text only when it is gone first. Nothing else changes: ids and addresses stay as sent.
 */
export function storableText(raw: string): string {
  return raw
    .replace(/\r\n?/g, '\n')
    .replace(C0_BUT_TAB_AND_NEWLINE, '')
    .replace(UNPAIRED_SURROGATE, '\uFFFD');
}

/** Every string inside a value from outside (parsed JSON, a read email) through storableText. */
export function storableStrings<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (Array.isArray(value)) return value.map((item) => storableStrings(item)) as T;
  if (
    value !== null &&
    typeof value === 'object' &&
    Object.getPrototypeOf(value) === Object.prototype
  ) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, storableStrings(item)]),
    ) as T;
  }
  return value;
}

export function cleanText(raw: string): string {
  return dropUnseen(storableText(raw).normalize('NFC'))
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** For single-line fields such as a name: whitespace runs, newlines included, become one space. */
export function cleanLine(raw: string): string {
  return cleanText(raw).replace(/\s+/g, ' ');
}
