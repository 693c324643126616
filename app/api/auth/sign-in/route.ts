import { headers } from 'next/headers';
import { signInInput } from '@/lib/auth/forms';
import { signInLimitMessage } from '@/lib/auth/sign-in-limit';
import { clientAddress } from '@/lib/client-address';
import { readJsonBody } from '@/lib/intake/read-json-body';
import { startSession } from '@/server/session';
import { attemptSignIn, WRONG_CREDENTIALS } from '@/server/sign-in';

export const dynamic = 'force-dynamic';

/**
 * Public: sign-in for scripts. JSON `{ email, password }`; 200 sets the session cookie,
 * 401 for a wrong email or password, 429 with Retry-After once limited, 413/415 for a body
 * that is too large or not JSON.
 */
export async function POST(request: Request): Promise<Response> {
  // JSON only, and small: a cross-site form cannot post JSON without a preflight, and nobody
  // needs more than a few kilobytes to sign in.
  const body = await readJsonBody(request, 4096);
  if (!body.ok)
    return Response.json({ error: 'badRequest', message: body.error }, { status: body.status });
  const parsed = signInInput.safeParse(body.value);
  if (!parsed.success) {
    return Response.json(
      { error: 'badRequest', message: 'Send JSON with an email and a password.' },
      { status: 400 },
    );
  }
  const address = clientAddress(await headers());
  const attempt = await attemptSignIn({ ...parsed.data, address });
  if (!attempt.ok && attempt.kind === 'limited') {
    return Response.json(
      { error: 'tooManyAttempts', message: signInLimitMessage(attempt.retryAfterSeconds) },
      { status: 429, headers: { 'Retry-After': String(attempt.retryAfterSeconds) } },
    );
  }
  if (!attempt.ok) {
    return Response.json({ error: 'unauthorized', message: WRONG_CREDENTIALS }, { status: 401 });
  }
  await startSession({ userId: attempt.user.id });
  const { id, email, name, role } = attempt.user;
  return Response.json({ ok: true, user: { id, email, name, role } });
}
