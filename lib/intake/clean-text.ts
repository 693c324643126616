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

export function cleanText(raw: string): string {
  return dropUnseen(raw.normalize('NFC').replace(/\r\n?/g, '\n'))
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** For single-line fields such as a name: whitespace runs, newlines included, become one space. */
export function cleanLine(raw: string): string {
  return cleanText(raw).replace(/\s+/g, ' ');
}
