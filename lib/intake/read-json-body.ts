import { storableStrings } from './clean-text';

/**
 * Reads a request body as JSON with a hard size cap, whether or not it declares its length.
 * Every string in it comes back storable (no NUL or other C0 control but tab and newline, no
 * lone surrogate), so no field of any API reaches the database as text an engine refuses.
 */
export type JsonBody =
  | { ok: true; value: unknown }
  | { ok: false; status: 400 | 413 | 415; error: string };

export async function readJsonBody(request: Request, maxBytes: number): Promise<JsonBody> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    return {
      ok: false,
      status: 415,
      error: 'Send the body as JSON with Content-Type: application/json.',
    };
  }
  const tooLarge = {
    ok: false,
    status: 413,
    error: `The body must be at most ${maxBytes} bytes.`,
  } as const;
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) return tooLarge;
  if (!request.body)
    return { ok: false, status: 400, error: 'The body is empty: send a JSON object.' };

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return tooLarge;
    }
    chunks.push(value);
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
  if (text.trim() === '')
    return { ok: false, status: 400, error: 'The body is empty: send a JSON object.' };
  try {
    return { ok: true, value: storableStrings(JSON.parse(text)) };
  } catch {
    return { ok: false, status: 400, error: 'The body is not valid JSON.' };
  }
}
