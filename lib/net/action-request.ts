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
 * A form posted without JavaScript (no `Next-Action` header): a browser sends it as multipart or,
 * for a form without `encType`, URL-encoded, always with a length.
 */
export function judgeFormPostHeaders({
  contentLength,
}: {
  contentLength: string | null;
}): Refusal | null {
  if (contentLength === null || !/^\d+$/.test(contentLength)) {
    return { status: 411, message: 'Send the body with a Content-Length.' };
  }
  if (Number(contentLength) > ACTION_BODY_LIMIT) {
    return { status: 413, message: 'That request is too large.' };
  }
  return null;
}

/** Whether a post is a form a browser may send without JavaScript, which Next.js reads as one. */
export function isFormPost({ method, contentType }: { method: string; contentType: string }) {
  return (
    method === 'POST' &&
    /^(multipart\/form-data|application\/x-www-form-urlencoded)\s*(;|$)/i.test(contentType.trim())
  );
}

// React's fields of a form posted without JavaScript (react-server-dom's decodeAction and
// decodeFormState): `$ACTION_ID_<id>` for an action without bound arguments, or
// `$ACTION_REF_<n>` naming the parts `$ACTION_<n>:<k>`, whose part 0 is `{ id, bound }` with
// bound `$@<k>` (its arguments in part k) or null; `$ACTION_KEY` is useActionState's key.
const ACTION_ID = /^[0-9a-f]{2,128}$/;
const ACTION_KEY = /^k[0-9a-f]{1,128}$/;
const PART_NAME = /^\$ACTION_(\d{1,4}):(\d{1,4})$/;

/** A bound action's part 0, `{ id, bound }`: the part its bound arguments are in, or null. */
function boundPart(text: string): { ok: true; part: string | null } | { ok: false } {
  let meta: unknown;
  try {
    meta = JSON.parse(text);
  } catch {
    return { ok: false };
  }
  if (!meta || typeof meta !== 'object' || Array.isArray(meta)) return { ok: false };
  const { id, bound, ...rest } = meta as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || typeof id !== 'string' || !ACTION_ID.test(id)) {
    return { ok: false };
  }
  if (bound === null) return { ok: true, part: null };
  const ref = typeof bound === 'string' ? /^\$@(\d{1,4})$/.exec(bound) : null;
  return ref?.[1] && ref[1] !== '0' ? { ok: true, part: ref[1] } : { ok: false };
}

/**
 * The `$ACTION_…` fields of a form posted without JavaScript. Everything React would follow must
 * be there and plain: exactly one action named (an id, or a reference whose part 0 is there),
 * bound arguments in a part that exists, every part JSON without references to other parts, a
 * key only beside a reference, and no other `$ACTION_` field. A body without any is no action
 * and goes on to the page, which ignores it.
 */
export function judgeFormPostFields(fields: ReadonlyMap<string, string>): Refusal | null {
  const names = [...fields.keys()].filter((name) => name.startsWith('$ACTION_'));
  if (names.length === 0) return null;
  const named = names.filter((n) => n.startsWith('$ACTION_REF_') || n.startsWith('$ACTION_ID_'));
  if (named.length !== 1) return MALFORMED;
  const [action = ''] = named;
  const known = new Set([action]);
  if (action.startsWith('$ACTION_ID_')) {
    if (!ACTION_ID.test(action.slice('$ACTION_ID_'.length))) return MALFORMED;
  } else {
    const form = action.slice('$ACTION_REF_'.length);
    if (!/^\d{1,4}$/.test(form)) return MALFORMED;
    const partName = (k: string) => `$ACTION_${form}:${k}`;
    const meta = fields.get(partName('0'));
    if (meta === undefined) return MALFORMED;
    const bound = boundPart(meta);
    if (!bound.ok) return MALFORMED;
    if (bound.part !== null && !fields.has(partName(bound.part))) return MALFORMED;
    for (const name of names) {
      const part = PART_NAME.exec(name);
      if (part?.[1] !== form || part[2] === '0') continue;
      let value: unknown;
      try {
        value = JSON.parse(fields.get(name) ?? '');
      } catch {
        return MALFORMED;
      }
      if (!onlyPlainValues(value)) return MALFORMED;
      known.add(name);
    }
    known.add(partName('0'));
    const key = fields.get('$ACTION_KEY');
    if (key !== undefined) {
      if (!ACTION_KEY.test(key)) return MALFORMED;
      known.add('$ACTION_KEY');
    }
  }
  return names.every((name) => known.has(name)) ? null : MALFORMED;
}
