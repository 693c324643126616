import {
  ATTRIBUTION_END,
  ATTRIBUTION_START,
  DATE_OR_TIME,
  DEVICE_SIGNATURE,
  FORWARD_INTRO,
  FORWARD_SUBJECT,
  FORWARDED_MESSAGE,
  FROM_HEADERS,
  HAS_ADDRESS,
  HEADER_LINE,
  ORIGINAL_MESSAGE,
} from './reply-phrases';

/**
 * Bounds that keep the cutting linear whatever an email holds: a body is read up to
 * BODY_MAX_CHARS (far beyond what a draft reads), at most LINES_MAX lines, and no pattern ever
 * sees more than PROBE_CHARS of one line. Every step below walks the lines once, looking at most
 * a few lines ahead, so a 700 KB line of `>` or 40 KB of quote-like lines cost what their
 * length costs.
 */
export const BODY_MAX_CHARS = 200_000;
const LINES_MAX = 20_000;
const PROBE_CHARS = 400;
/** What the scanner hands on: longer than any stored text (EMAIL_TEXT_MAX_CHARS), still bounded. */
export const WRITTEN_MAX_CHARS = 24_000;
/** Lines an attribution may be wrapped over ("On Tue, … Bob" / "<bob@x.y>" / "wrote:"). */
const ATTRIBUTION_LINES_MAX = 3;
/** How far below its first line a header block's other headers may stand. */
const HEADER_BLOCK_LINES = 7;

/** A line as the patterns see it: cut short, without surrounding space. */
function probe(line: string | undefined): string {
  return (line ?? '').slice(0, PROBE_CHARS).trim();
}

function isBlank(line: string | undefined): boolean {
  for (const char of (line ?? '').slice(0, PROBE_CHARS)) {
    if (char !== ' ' && char !== '\t') return false;
  }
  // A line of PROBE_CHARS spaces and then text is not blank; nobody indents that far.
  return (line ?? '').length <= PROBE_CHARS;
}

function isQuoted(line: string | undefined): boolean {
  for (const char of (line ?? '').slice(0, PROBE_CHARS)) {
    if (char === '>') return true;
    if (char !== ' ' && char !== '\t') return false;
  }
  return false;
}

/** One level of quoting off: "> > text" → "> text". */
function unquoteOnce(line: string): string {
  const at = line.indexOf('>');
  if (at < 0 || !isQuoted(line)) return line;
  return line.slice(at + 1).replace(/^ /, '');
}

/** Only dashes, underscores, equals signs, stars or em dashes: a separator drawn in text. */
function isRule(text: string): boolean {
  if (text === '') return false;
  for (const char of text) {
    if (!'-_=*—–~ '.includes(char)) return false;
  }
  return true;
}

/** A marker line's words without the dashes around them, lower case: "-----Original Message-----". */
function markerWords(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && '-_=*[( '.includes(text.charAt(start))) start++;
  while (end > start && '-_=*]) :：'.includes(text.charAt(end - 1))) end--;
  return text.slice(start, end).replace(/\s+/g, ' ').toLowerCase();
}

function isOriginalMessage(text: string): boolean {
  return /^[-_=]{2}/.test(text) && ORIGINAL_MESSAGE.has(markerWords(text));
}

function isForwardMarker(text: string): boolean {
  const words = markerWords(text);
  if (/^[-_=]{2}/.test(text) && FORWARDED_MESSAGE.has(words)) return true;
  return /[:：]$/.test(text) && FORWARD_INTRO.has(words);
}

/** Whether the lines from `at` on open a quoted message's headers (From: + Sent:/To:/…). */
function headerBlockAt(lines: readonly string[], at: number): boolean {
  const first = HEADER_LINE.exec(probe(lines[at]));
  if (!first) return false;
  let names = 1;
  let hasFrom = FROM_HEADERS.has((first[1] ?? '').toLowerCase());
  let continuations = 0;
  for (let index = at + 1; index < lines.length && index <= at + HEADER_BLOCK_LINES; index++) {
    if (isBlank(lines[index])) break;
    const next = HEADER_LINE.exec(probe(lines[index]));
    if (next) {
      names++;
      hasFrom ||= FROM_HEADERS.has((next[1] ?? '').toLowerCase());
    } else if (++continuations > 2) {
      break;
    }
  }
  return names >= 2 && hasFrom;
}

function endsAsAttribution(text: string): boolean {
  // Zoho writes "---- On …, bob@x.y wrote ----".
  let end = text.length;
  while (end > 0 && '- '.includes(text.charAt(end - 1))) end--;
  const body = text.slice(0, end);
  if (ATTRIBUTION_END.test(body)) return DATE_OR_TIME.test(body) || HAS_ADDRESS.test(body);
  // No verb, only "<date>, <name> <address>:" as some webmails write it.
  return /[:：]$/.test(body) && HAS_ADDRESS.test(body) && DATE_OR_TIME.test(body);
}

/** How many lines the attribution starting at `at` spans, or 0 when there is none. */
function attributionAt(lines: readonly string[], at: number): number {
  let joined = '';
  for (let span = 1; span <= ATTRIBUTION_LINES_MAX && at + span - 1 < lines.length; span++) {
    const line = lines[at + span - 1];
    if (isBlank(line)) return 0;
    joined = span === 1 ? probe(line) : `${joined} ${probe(line)}`;
    // Only a line that starts like an attribution continues onto the next ones.
    if (span > 1 && !/\d/.test(probe(lines[at])) && !ATTRIBUTION_START.test(probe(lines[at]))) {
      return 0;
    }
    if (endsAsAttribution(joined)) return span;
  }
  // A mailer that cut the line short ("On Monday, …, John <j@x.y> wro") right above the quote.
  const first = probe(lines[at]);
  if (ATTRIBUTION_START.test(first) && HAS_ADDRESS.test(first) && isQuoted(lines[at + 1])) {
    return 1;
  }
  return 0;
}

/** A phone's or app's line ("Sent from my iPhone"), not a sentence that begins the same way. */
function isDeviceSignature(text: string): boolean {
  const withoutLink = text.replace(/<[^<>]{0,300}>/g, '').trim();
  if (withoutLink.length > 60 || !DEVICE_SIGNATURE.test(withoutLink)) return false;
  return !/[,;!?]|\.\s/.test(withoutLink);
}

/** "-- " (RFC 3676), "--", "__" or an em dash alone on its line: a signature follows. */
function isSignatureDelimiter(text: string): boolean {
  return text === '--' || text === '__' || /^[—–]+$/.test(text);
}

/** Lines a list's or a company's footer below a line of underscores has at most. */
const FOOTER_LINES_MAX = 6;

/** A line of underscores with a few lines under it and nothing else: a mailing list's footer. */
function isFooterAt(lines: readonly string[], at: number): boolean {
  const text = probe(lines[at]);
  if (!/^_{2,}$/.test(text)) return false;
  let filled = 0;
  for (let index = at + 1; index < lines.length; index++) {
    // Looked at no further than a footer could reach: the scan stays linear.
    if (index > at + 4 * FOOTER_LINES_MAX) return false;
    if (!isBlank(lines[index]) && ++filled > FOOTER_LINES_MAX) return false;
  }
  return filled > 0;
}

function nextNonBlank(lines: readonly string[], from: number): number {
  let index = from;
  while (index < lines.length && isBlank(lines[index])) index++;
  return index;
}

/**
 * Unquoted lines inside a quote, as mailers leave long quoted lines they wrapped: at most three,
 * no blank line, quoted lines right above and below.
 */
function wrappedQuoteLines(lines: readonly string[], at: number): number {
  if (!isQuoted(lines[at - 1])) return 0;
  for (let index = at; index < lines.length && index < at + 3; index++) {
    if (isBlank(lines[index])) return 0;
    if (isQuoted(lines[index])) return index - at;
  }
  return 0;
}

/**
 * Whether the quote starting at `at` opens with a forward ("> Begin forwarded message:"), or,
 * under a forwarding subject, with the forwarded message's marker or headers.
 */
function quotedForwardAt(lines: readonly string[], at: number, forwarding: boolean): boolean {
  for (let index = at; index < lines.length && index < at + 4; index++) {
    if (!isQuoted(lines[index])) return false;
    const text = probe(unquoteOnce(lines[index] ?? ''));
    if (text === '') continue;
    if (isForwardMarker(text)) return true;
    return forwarding && (isOriginalMessage(text) || HEADER_LINE.test(text));
  }
  return false;
}

/** Trailing blank lines and drawn separators go; runs of blank lines become one. */
function tidy(lines: readonly string[]): string {
  const kept: string[] = [];
  for (const line of lines) {
    const trimmed = line.trimEnd();
    if (trimmed === '' && (kept.length === 0 || kept[kept.length - 1] === '')) continue;
    kept.push(trimmed);
  }
  while (kept.length > 0) {
    const last = probe(kept[kept.length - 1]);
    if (last !== '' && !isRule(last)) break;
    kept.pop();
  }
  return kept.join('\n');
}

/**
 * What the customer wrote in this email, read line by line: quoted history goes (`>` lines,
 * "On … wrote:" in many languages, Outlook's "-----Original Message-----" and header blocks),
 * so does a signature ("-- ", "Sent from my iPhone" on its own line); a forward ("----------
 * Forwarded message ---------", "Begin forwarded message:", also when the mailer quoted it, or
 * any quoted message under a "Fwd:" subject) is what the customer asks about and stays whole.
 */
export function writtenText(body: string, { subject = '' }: { subject?: string } = {}): string {
  const forwarding = FORWARD_SUBJECT.test(subject.slice(0, PROBE_CHARS));
  const lines = body.slice(0, BODY_MAX_CHARS).replace(/\r\n?/g, '\n').split('\n', LINES_MAX);
  const kept: string[] = [];
  const hasText = () => kept.some((line) => !isBlank(line));
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] ?? '';
    const text = probe(line);
    if (isForwardMarker(text)) {
      kept.push(...lines.slice(index));
      break;
    }
    if (isQuoted(line)) {
      if (!isQuoted(lines[index - 1]) && quotedForwardAt(lines, index, forwarding)) {
        // The mailer quoted what the customer forwards: it is theirs to ask about.
        for (let rest = index; rest < lines.length; rest++) {
          kept.push(unquoteOnce(lines[rest] ?? ''));
        }
        break;
      }
      index++;
      continue;
    }
    const wrapped = wrappedQuoteLines(lines, index);
    if (wrapped > 0) {
      index += wrapped;
      continue;
    }
    const attribution = attributionAt(lines, index);
    if (attribution > 0) {
      const after = nextNonBlank(lines, index + attribution);
      if (!isQuoted(lines[after])) {
        // Nothing quoted follows: the rest is the old message, unquoted.
        if (forwarding) kept.push(...lines.slice(index));
        break;
      }
      index += attribution;
      continue;
    }
    const quotedHistory =
      isOriginalMessage(text) ||
      headerBlockAt(lines, index) ||
      (isRule(text) && text.length >= 5 && headerBlockAt(lines, nextNonBlank(lines, index + 1)));
    if (quotedHistory) {
      // Outlook forwards look like its replies; the subject tells them apart.
      if (forwarding) kept.push(...lines.slice(index));
      break;
    }
    if ((isSignatureDelimiter(text) || isFooterAt(lines, index)) && hasText()) break;
    if (isDeviceSignature(text) && hasText()) break;
    kept.push(line);
    index++;
  }
  return tidy(kept).trim().slice(0, WRITTEN_MAX_CHARS);
}
