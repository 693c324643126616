import { headers } from 'next/headers';
import { signInInput } from '@/lib/auth/forms';
import { signInLimitMessage } from '@/lib/auth/sign-in-limit';
import { clientAddress } from '@/lib/client-address';
import { startSession } from '@/server/session';
import { attemptSignIn, WRONG_CREDENTIALS } from '@/server/sign-in';

export const dynamic = 'force-dynamic';

/**
 * Public: sign-in for scripts. JSON `{ email, password }`; 200 sets the session cookie,
 * 401 for a wrong email or password, 429 with Retry-After once limited.
 */
export async function POST(request: Request): Promise<Response> {
  const body: unknown = await request.json().catch(() => undefined);
  const parsed = signInInput.safeParse(body);
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
