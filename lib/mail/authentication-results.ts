/**
 * What the mailbox's own server said about a sender (RFC 8601 `Authentication-Results`).
 *
 * Anyone can write such a header into the email they send, so only headers whose authserv-id
 * is the one the desk was told to trust (`IMAP_AUTHSERV_ID`, the receiving server's own name)
 * count. A DMARC or SPF fail from that server outweighs any pass: a forger can add a header
 * that says "pass" under any name, but cannot take out the one their server added.
 */

export type SenderVerdict = 'pass' | 'fail' | 'unknown';

export type AuthenticationResult = {
  /** The method, lower case, without its version: `dmarc`, `spf`, `dkim`, … */
  method: string;
  /** The result, lower case: `pass`, `fail`, `softfail`, `none`, … */
  result: string;
};

export type AuthenticationResults = {
  /** Who evaluated the checks, as written (compared without regard to case). */
  authservId: string;
  results: AuthenticationResult[];
};

/** Longer header values are not read: no real server writes one this long. */
const MAX_HEADER_CHARS = 16_384;
/** Only the first headers are read; a forger's pile further down changes nothing. */
const MAX_HEADERS = 50;

/**
 * The header value without comments (nested parentheses, backslash escapes), with each quoted
 * string kept whole, as tokens: words, quoted strings (marked by a leading `"`), and the
 * separators `;`, `=` and `/`.
 * One pass over the text, so any input is read in linear time.
 */
function tokens(value: string): string[] {
  const out: string[] = [];
  let word = '';
  const flush = () => {
    if (word !== '') out.push(word);
    word = '';
  };
  let depth = 0;
  for (let i = 0; i < value.length; i += 1) {
    const c = value[i] as string;
    if (depth > 0) {
      if (c === '\\') i += 1;
      else if (c === '(') depth += 1;
      else if (c === ')') depth -= 1;
      continue;
    }
    if (c === '(') {
      flush();
      depth = 1;
    } else if (c === '"') {
      flush();
      let quoted = '';
      for (i += 1; i < value.length && value[i] !== '"'; i += 1) {
        if (value[i] === '\\') i += 1;
        quoted += value[i] ?? '';
      }
      out.push(`"${quoted}`);
    } else if (c === ';' || c === '=' || c === '/') {
      flush();
      out.push(c);
    } else if (c === ' ' || c === '\t' || c === '\r' || c === '\n') {
      flush();
    } else {
      word += c;
    }
  }
  flush();
  return out;
}

/** A token as a value: a quoted string without its mark. */
const tokenValue = (token: string | undefined) =>
  token?.startsWith('"') ? token.slice(1) : (token ?? '');

/**
 * One `Authentication-Results` header value: `authserv-id [/ version] ; method=result … ; …`,
 * or `authserv-id; none`. Returns undefined when it has no authserv-id.
 */
export function parseAuthenticationResults(value: string): AuthenticationResults | undefined {
  if (value.length > MAX_HEADER_CHARS) return undefined;
  const parts: string[][] = [[]];
  for (const token of tokens(value)) {
    if (token === ';') parts.push([]);
    else parts[parts.length - 1]?.push(token);
  }
  const [head = [], ...resinfos] = parts;
  const authservId = tokenValue(head[0]);
  if (authservId === '' || authservId === '=' || authservId === '/') return undefined;
  const results: AuthenticationResult[] = [];
  for (const resinfo of resinfos) {
    // method [/ version] = result, then reason and properties, which say nothing more here.
    const equals = resinfo.indexOf('=');
    if (equals < 1) continue;
    const method = tokenValue(resinfo[0]).toLowerCase();
    const result = tokenValue(resinfo[equals + 1]).toLowerCase();
    if (method === '' || result === '' || result === '=' || result === '/') continue;
    results.push({ method, result });
  }
  return { authservId, results };
}

/**
 * The sender's verdict from an email's `Authentication-Results` header values (top first):
 * only headers from `authservId` count; `fail` when any of them says dmarc=fail or spf=fail,
 * `pass` when one says dmarc=pass or spf=pass, `unknown` otherwise (or with no id to trust).
 */
export function senderVerdict(
  headerValues: readonly string[],
  authservId: string | undefined,
): SenderVerdict {
  const trusted = authservId?.trim().toLowerCase();
  if (!trusted) return 'unknown';
  let verdict: SenderVerdict = 'unknown';
  for (const value of headerValues.slice(0, MAX_HEADERS)) {
    const parsed = parseAuthenticationResults(value);
    if (!parsed || parsed.authservId.toLowerCase() !== trusted) continue;
    for (const { method, result } of parsed.results) {
      if (method !== 'dmarc' && method !== 'spf') continue;
      if (result === 'fail') return 'fail';
      if (result === 'pass') verdict = 'pass';
    }
  }
  return verdict;
}
