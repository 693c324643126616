'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { codeInput } from '@/lib/auth/forms';
import { landingPath } from '@/lib/auth/next-path';
import { signInLimitMessage } from '@/lib/auth/sign-in-limit';
import { action } from '@/server/action';
import { checkSecondFactor, endSecondFactor, pendingSecondFactor } from '@/server/credentials';
import { rememberDevice } from '@/server/device-cookie';
import { startSession } from '@/server/session';
import { refused } from '../../_components/form-state';

const SIGN_IN_EXPIRED = 'This sign-in has timed out. Sign in again with your password.';
const WRONG_CODE = 'That code is not right. Check your app, or use a recovery code.';

/** Where to go afterwards rides along with the form; it is checked before it is followed. */
const signInCodeForm = codeInput.extend({ next: z.string().optional() });

/**
 * Anyone: the second step of a sign-in. Only a browser holding a fresh challenge (a right
 * password for an account with two-factor sign-in) gets past the first check.
 */
export const verifySignInCode = action(
  { role: 'anyone', input: signInCodeForm },
  async ({ code, next }) => {
    const pending = await pendingSecondFactor();
    if (!pending) return refused(409, { message: SIGN_IN_EXPIRED });
    const check = await checkSecondFactor({ userId: pending.user.id, code });
    if (!check.ok) {
      return check.kind === 'limited'
        ? refused(429, { message: signInLimitMessage(check.retryAfterSeconds) })
        : refused(400, { errors: { code: WRONG_CODE } });
    }
    await endSecondFactor({ challengeId: pending.challengeId });
    await startSession({ userId: pending.user.id });
    await rememberDevice({ email: pending.user.email });
    redirect(landingPath({ ...pending.user, next }));
  },
);
