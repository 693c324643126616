import iconv from 'iconv-lite';

/**
 * Mail that older or careless mailers send, made readable before the MIME parser sees it: header
 * bytes in a legacy charset with no encoded-words (windows-1252, ISO-8859-x, KOI8-R, GBK, Big5,
 * Shift_JIS, EUC-KR…), and UTF-7, which mailparser leaves undecoded in encoded-words and bodies.
 */

/** Headers longer than this are not a customer's; nothing past it is looked at. */
const HEADER_MAX_BYTES = 256 * 1024;
/** How far into an email its charset declarations are looked for. */
const CHARSET_PROBE_BYTES = 64 * 1024;
const FALLBACK_CHARSET = 'windows-1252';

function headerEnd(raw: Buffer): number {
  const head = raw.subarray(0, HEADER_MAX_BYTES);
  const crlf = head.indexOf('\r\n\r\n');
  const lf = head.indexOf('\n\n');
  const ends = [crlf, lf].filter((at) => at >= 0);
  return ends.length > 0 ? Math.min(...ends) : -1;
}

function hasEightBit(bytes: Buffer): boolean {
  for (const byte of bytes) if (byte >= 0x80) return true;
  return false;
}

function isUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The first legacy charset the email declares (its own, or its first part's), if iconv knows it. */
function declaredCharset(raw: Buffer): string {
  const text = raw.subarray(0, CHARSET_PROBE_BYTES).toString('latin1');
  for (const match of text.matchAll(/charset\s{0,3}=\s{0,3}["']?([\w.:-]{1,40})/gi)) {
    const name = (match[1] ?? '').toLowerCase();
    if (name === 'utf-8' || name === 'utf8' || name === 'us-ascii' || name === 'utf-7') continue;
    if (iconv.encodingExists(name)) return name;
  }
  return FALLBACK_CHARSET;
}

function quotedPrintableBytes(text: string): Buffer {
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const char = text.charAt(index);
    const hex = text.slice(index + 1, index + 3);
    if (char === '=' && /^[0-9a-f]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(char === '_' ? 0x20 : text.charCodeAt(index) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** `=?utf-7?B?…?=` and `=?utf-7?Q?…?=` as UTF-8 encoded-words, which every parser reads. */
export function utf7WordsAsUtf8(header: string): string {
  return header.replace(/=\?utf-7\?([bq])\?([^?\s]{0,1000})\?=/gi, (_, kind: string, data) => {
    const bytes =
      kind.toLowerCase() === 'b' ? Buffer.from(data, 'base64') : quotedPrintableBytes(data);
    const decoded = iconv.decode(bytes, 'utf-7');
    return `=?UTF-8?B?${Buffer.from(decoded, 'utf8').toString('base64')}?=`;
  });
}

/**
 * The email with its header section as UTF-8: raw 8-bit header bytes that are not UTF-8 are read
 * in the charset the email declares (else windows-1252), and UTF-7 encoded-words become UTF-8
 * ones. The body is left as sent. An email with plain ASCII or UTF-8 headers comes back as is.
 */
export function withReadableHeaders(raw: Buffer): Buffer {
  const end = headerEnd(raw);
  if (end < 0) return raw;
  const header = raw.subarray(0, end);
  const eightBit = hasEightBit(header);
  const latin1 = header.toString('latin1');
  const utf7 = /=\?utf-7\?/i.test(latin1);
  if (!utf7 && (!eightBit || isUtf8(header))) return raw;
  let text = !eightBit || isUtf8(header) ? header.toString('utf8') : '';
  if (text === '') text = iconv.decode(header, declaredCharset(raw));
  if (utf7) text = utf7WordsAsUtf8(text);
  return Buffer.concat([Buffer.from(text, 'utf8'), raw.subarray(end)]);
}

/**
 * Whether the email's text is declared UTF-7 (mailparser leaves it as sent): its first charset
 * declaration, the one its text part (or the email itself) carries.
 */
export function declaresUtf7(raw: Buffer): boolean {
  const first = /charset\s{0,3}=\s{0,3}["']?([\w.:-]{1,40})/i.exec(
    raw.subarray(0, CHARSET_PROBE_BYTES).toString('latin1'),
  );
  return (first?.[1] ?? '').toLowerCase() === 'utf-7';
}

/** UTF-7 text ("cr+AOg-me") as the characters it stands for ("crème"). */
export function decodeUtf7(text: string): string {
  return iconv.decode(Buffer.from(text, 'utf8'), 'utf-7');
}

/**
 * A name whose UTF-8 bytes were read one byte per character ("Ð¡Ñ…ÐµÐ¼Ð°" for "Схема"), as
 * mailparser reads raw 8-bit bytes in a part's headers: read again as UTF-8 when they are that.
 */
export function repairedUtf8(name: string): string {
  let high = false;
  for (const char of name) {
    const code = char.charCodeAt(0);
    if (code > 0xff) return name;
    if (code >= 0x80) high = true;
  }
  if (!high) return name;
  const bytes = Buffer.from(name, 'latin1');
  // A mailer that cut a long name may have cut its last character in half.
  for (let cut = 0; cut <= 3 && cut < bytes.length; cut++) {
    const whole = bytes.subarray(0, bytes.length - cut);
    if (isUtf8(whole)) return `${whole.toString('utf8')}${cut > 0 ? '\uFFFD' : ''}`;
  }
  return name;
}
