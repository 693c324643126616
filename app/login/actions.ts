'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { signInInput } from '@/lib/auth/forms';
import { landingPath, secondStepPath } from '@/lib/auth/next-path';
import { SIGN_IN_BUSY, signInLimitMessage } from '@/lib/auth/sign-in-limit';
import { action } from '@/server/action';
import { requestAddressKey } from '@/server/client-address';
import { beginSecondFactor } from '@/server/credentials';
import { rememberDevice, requestDeviceCookie } from '@/server/device-cookie';
import { startSession } from '@/server/session';
import { attemptSignIn, WRONG_CREDENTIALS } from '@/server/sign-in';
import { refused } from '../_components/form-state';

/** Where to go afterwards rides along with the form; it is checked before it is followed. */
const signInForm = signInInput.extend({ next: z.string().optional() });

/** Anyone: this is how anyone becomes signed in. */
export const signIn = action(
  { role: 'anyone', input: signInForm },
  async ({ next, ...credentials }, _user, typed) => {
    const address = await requestAddressKey();
    const deviceCookie = await requestDeviceCookie();
    const attempt = await attemptSignIn({ ...credentials, address, deviceCookie });
    if (!attempt.ok) {
      if (attempt.kind === 'busy') return refused(429, { message: SIGN_IN_BUSY.message }, typed);
      if (attempt.kind === 'limited') {
        const message = signInLimitMessage(attempt.retryAfterSeconds, attempt.limit);
        return refused(429, { message }, typed);
      }
      return refused(400, { message: WRONG_CREDENTIALS }, typed);
    }
    if (attempt.user.totpEnabledAt) {
      await beginSecondFactor({ userId: attempt.user.id });
      redirect(secondStepPath(next));
    }
    await startSession({ userId: attempt.user.id });
    await rememberDevice({ email: attempt.user.email });
    redirect(landingPath({ ...attempt.user, next }));
  },
);
