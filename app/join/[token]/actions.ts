'use server';

import { redirect } from 'next/navigation';
import { acceptStaffInvite, findStaffInvite } from '@/db/staff-invites';
import { hashPassword } from '@/lib/auth/password-hash';
import { passwordProblem } from '@/lib/auth/password-policy';
import { looksLikeInviteToken } from '@/lib/auth/staff-invite';
import { acceptInviteInput } from '@/lib/first-run/forms';
import { action } from '@/server/action';
import { rememberDevice } from '@/server/device-cookie';
import { startSession } from '@/server/session';
import { refused } from '../../_components/form-state';
import { closedInviteMessage } from './closed-invite';

/**
 * Anyone, by design: the invite link's token is the only key, used once. The new colleague's
 * account is made with the password they chose, and they are signed in.
 */
export const acceptInvite = action(
  { role: 'anyone', input: acceptInviteInput },
  async ({ token, password }) => {
    const now = new Date();
    const found = looksLikeInviteToken(token)
      ? await findStaffInvite({ token, now })
      : ({ state: 'unknown' } as const);
    if (found.state !== 'open') {
      return refused(409, { message: closedInviteMessage(found.state) });
    }
    const problem = passwordProblem({
      password,
      email: found.invite.email,
      name: found.invite.name,
    });
    if (problem) return refused(400, { errors: { password: problem } });
    const accepted = await acceptStaffInvite({
      token,
      passwordHash: await hashPassword(password),
      now,
    });
    if (!accepted.ok) {
      return refused(409, {
        message:
          accepted.reason === 'emailTaken'
            ? 'Someone with this email already has an account. Sign in instead, or ask the owner.'
            : closedInviteMessage(accepted.reason),
      });
    }
    await startSession({ userId: accepted.user.id });
    await rememberDevice({ email: accepted.user.email });
    redirect('/inbox');
  },
);
