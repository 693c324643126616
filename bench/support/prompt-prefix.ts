/**
 * How much of each Messages API request repeats the one before it, byte for byte, in the
 * order the API caches a prompt: tools, then system, then messages. Pure.
 */

export type RequestBody = Record<string, unknown>;

/** The request's input as the bytes the cache sees, one piece per tool, system and message. */
export function inputPieces(body: RequestBody): string[] {
  const tools = Array.isArray(body.tools) ? body.tools : [];
  const messages = Array.isArray(body.messages) ? body.messages : [];
  return [
    ...tools.map((tool) => JSON.stringify(tool)),
    JSON.stringify(body.system ?? null),
    ...messages.map((message) => JSON.stringify(message)),
  ];
}

function commonPrefixLength(a: Buffer, b: Buffer): number {
  const length = Math.min(a.length, b.length);
  let i = 0;
  while (i < length && a[i] === b[i]) i++;
  return i;
}

/** Everything but the input: model, limits, cache settings. A change there breaks the cache. */
function settingsOf(body: RequestBody): string {
  const { tools: _tools, system: _system, messages: _messages, ...rest } = body;
  return JSON.stringify(rest);
}

export type PrefixReport = {
  /** The request's settings match, its tools and system match, and its messages start with all of the previous request's. */
  extendsPrevious: boolean;
  /** Bytes of this request's input that equal the previous request's, from the start, over all its bytes. */
  repeatedShare: number;
  /** This request's input in bytes, and how many of them are new since the previous request. */
  bytes: number;
  newBytes: number;
};

export function comparePrefix(previous: RequestBody, current: RequestBody): PrefixReport {
  const before = inputPieces(previous);
  const now = inputPieces(current);
  const extendsPrevious =
    settingsOf(previous) === settingsOf(current) &&
    before.length < now.length &&
    before.every((piece, i) => piece === now[i]);
  const beforeBytes = Buffer.from(before.join(''));
  const nowBytes = Buffer.from(now.join(''));
  const repeated = commonPrefixLength(beforeBytes, nowBytes);
  return {
    extendsPrevious,
    repeatedShare: repeated / nowBytes.length,
    bytes: nowBytes.length,
    newBytes: nowBytes.length - repeated,
  };
}

/** A cache breakpoint: automatic caching at the top level, or one on any block or tool. */
export function hasCacheBreakpoint(body: RequestBody): boolean {
  if (body.cache_control) return true;
  const blocks = [
    ...(Array.isArray(body.tools) ? body.tools : []),
    ...(Array.isArray(body.system) ? body.system : []),
    ...(Array.isArray(body.messages) ? body.messages : []).flatMap((message) =>
      Array.isArray((message as { content?: unknown }).content)
        ? ((message as { content: unknown[] }).content as unknown[])
        : [],
    ),
  ];
  return blocks.some((block) => (block as { cache_control?: unknown }).cache_control);
}
