import { codeInput, signInInput } from '@/lib/auth/forms';
import { SIGN_IN_BUSY, signInLimitMessage } from '@/lib/auth/sign-in-limit';
import { readJsonBody } from '@/lib/intake/read-json-body';
import { clientAddressKey } from '@/server/client-address';
import { checkSecondFactor } from '@/server/credentials';
import { rememberDevice, requestDeviceCookie } from '@/server/device-cookie';
import { startSession } from '@/server/session';
import { attemptSignIn, WRONG_CREDENTIALS } from '@/server/sign-in';

export const dynamic = 'force-dynamic';

/**
 * Public: sign-in for scripts. JSON `{ email, password }`, plus `code` (authenticator or
 * recovery code) for an account with two-factor sign-in; 200 sets the session cookie, 401 for
 * a wrong email, password or code (`codeRequired` when one is missing), 429 with Retry-After
 * once limited or while every password hash is busy (`error: 'busy'`), 413/415 for a body that
 * is too large or not JSON.
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
  const address = clientAddressKey(request.headers);
  const deviceCookie = await requestDeviceCookie();
  const attempt = await attemptSignIn({ ...parsed.data, address, deviceCookie });
  if (!attempt.ok && attempt.kind !== 'invalid') {
    const [error, message] =
      attempt.kind === 'busy'
        ? ['busy', SIGN_IN_BUSY.message]
        : ['tooManyAttempts', signInLimitMessage(attempt.retryAfterSeconds, attempt.limit)];
    return Response.json(
      { error, message },
      { status: 429, headers: { 'Retry-After': String(attempt.retryAfterSeconds) } },
    );
  }
  if (!attempt.ok) {
    return Response.json({ error: 'unauthorized', message: WRONG_CREDENTIALS }, { status: 401 });
  }
  if (attempt.user.totpEnabledAt) {
    const code = codeInput.safeParse(body.value);
    if (!code.success) {
      return Response.json(
        { error: 'codeRequired', message: 'Send the code from your authenticator app as `code`.' },
        { status: 401 },
      );
    }
    const check = await checkSecondFactor({ userId: attempt.user.id, code: code.data.code });
    if (!check.ok && check.kind === 'limited') {
      return Response.json(
        { error: 'tooManyAttempts', message: signInLimitMessage(check.retryAfterSeconds) },
        { status: 429, headers: { 'Retry-After': String(check.retryAfterSeconds) } },
      );
    }
    if (!check.ok) {
      return Response.json({ error: 'unauthorized', message: 'Wrong code.' }, { status: 401 });
    }
  }
  await startSession({ userId: attempt.user.id });
  await rememberDevice({ email: attempt.user.email });
  const { id, email, name, role } = attempt.user;
  return Response.json({ ok: true, user: { id, email, name, role } });
}
