/**
 * What a server-action request must look like before Next.js decodes it. Every action here is
 * called from a form, or takes nothing at all (sign-out): so its body is either multipart form
 * data whose root ("0") is the JSON list of arguments ending with a reference to that form, or
 * the text `[]` of an action without arguments. Anything else (another content type, no length,
 * more than the limit, a body that does not parse, references to parts that are not there,
 * arguments where a form belongs) is refused with a 4xx here, where Next.js would answer 500
 * from deep inside decoding or the action would fail on what it was given.
 */

/** Next.js's own limit for action bodies (serverActions.bodySizeLimit, 1 MB). */
export const ACTION_BODY_LIMIT = 1024 * 1024;

export type Refusal = { status: 400 | 403 | 405 | 411 | 413 | 415; message: string };

const MALFORMED: Refusal = { status: 400, message: 'That form could not be read.' };

export function judgeActionHeaders({
  method,
  contentType,
  contentLength,
}: {
  method: string;
  contentType: string | null;
  contentLength: string | null;
}): Refusal | { body: 'form' | 'text' } {
  if (method !== 'POST') return { status: 405, message: 'Server actions take POST only.' };
  const form = /^multipart\/form-data;\s*boundary=/i.test(contentType ?? '');
  if (!form && !/^text\/plain\s*(;|$)/i.test(contentType ?? '')) {
    return { status: 415, message: 'Server actions take form data only.' };
  }
  if (contentLength === null || !/^\d+$/.test(contentLength)) {
    return { status: 411, message: 'Send the body with a Content-Length.' };
  }
  if (Number(contentLength) > ACTION_BODY_LIMIT) {
    return { status: 413, message: 'That request is too large.' };
  }
  return { body: form ? 'form' : 'text' };
}

/** A text body: only an action without arguments has one (`[]`, or unused ones left out). */
export function judgeActionText(text: string): Refusal | null {
  let args: unknown;
  try {
    args = JSON.parse(text);
  } catch {
    return MALFORMED;
  }
  if (!Array.isArray(args)) return MALFORMED;
  if (!args.every((arg) => arg === null || arg === '$undefined')) {
    return { status: 415, message: 'Server actions take form data only.' };
  }
  return null;
}

// Plain values React writes as "$…" strings; every other "$" string refers to another part.
const PLAIN_TOKENS = new Set(['$undefined', '$Infinity', '$-Infinity', '$NaN', '$-0']);
const isPlainString = (value: string) =>
  !value.startsWith('$') ||
  value.startsWith('$$') ||
  PLAIN_TOKENS.has(value) ||
  /^\$[Dn]/.test(value);

function onlyPlainValues(value: unknown): boolean {
  if (typeof value === 'string') return isPlainString(value);
  if (Array.isArray(value)) return value.every(onlyPlainValues);
  if (value && typeof value === 'object') return Object.values(value).every(onlyPlainValues);
  return true;
}

/**
 * The fields of a fetched action's body (the `Next-Action` header is present): the root must be
 * a JSON list of plain values ending with a form reference (`$K<n>`).
 */
export function judgeActionFields(fields: ReadonlyMap<string, string>): Refusal | null {
  const root = fields.get('0');
  if (root === undefined) return MALFORMED;
  let args: unknown;
  try {
    args = JSON.parse(root);
  } catch {
    return MALFORMED;
  }
  if (!Array.isArray(args) || args.length === 0) return MALFORMED;
  const form = args[args.length - 1];
  if (typeof form !== 'string' || !/^\$K[0-9a-f]{1,8}$/.test(form)) return MALFORMED;
  if (!onlyPlainValues(args.slice(0, -1))) return MALFORMED;
  return null;
}

/**
 * A form posted without JavaScript: React's `$ACTION_…` fields carry JSON, which must parse.
 * (Bodies without them are not actions and go on to the page, which ignores them.)
 */
export function judgeFormPostFields(fields: ReadonlyMap<string, string>): Refusal | null {
  for (const [name, value] of fields) {
    if (!/^\$ACTION_\d+:\d+$/.test(name)) continue;
    try {
      JSON.parse(value);
    } catch {
      return MALFORMED;
    }
  }
  return null;
}
