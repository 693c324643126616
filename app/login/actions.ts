'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { fieldErrors, formFields, signInInput } from '@/lib/auth/forms';
import { safeNextPath } from '@/lib/auth/next-path';
import { signInLimitMessage } from '@/lib/auth/sign-in-limit';
import { clientAddress } from '@/lib/client-address';
import { startSession } from '@/server/session';
import { attemptSignIn, WRONG_CREDENTIALS } from '@/server/sign-in';
import type { Rejected } from '../_components/form-state';

export type SignInState = Rejected<'email' | 'password'> | undefined;

/** Public: this is how anyone becomes signed in. */
export async function signIn(_previous: SignInState, formData: FormData): Promise<SignInState> {
  const fields = formFields(formData);
  const values = { email: fields.email ?? '' };
  const parsed = signInInput.safeParse(fields);
  if (!parsed.success) {
    return { ok: false, status: 400, errors: fieldErrors(parsed.error), values };
  }
  const address = clientAddress(await headers());
  const attempt = await attemptSignIn({ ...parsed.data, address });
  if (!attempt.ok) {
    const message =
      attempt.kind === 'limited'
        ? signInLimitMessage(attempt.retryAfterSeconds)
        : WRONG_CREDENTIALS;
    return { ok: false, status: attempt.kind === 'limited' ? 429 : 400, message, values };
  }
  await startSession({ userId: attempt.user.id });
  redirect(safeNextPath(fields.next, attempt.user.role === 'owner' ? '/admin' : '/inbox'));
}
