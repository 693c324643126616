'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { deleteSessionOfUser, deleteSessionsOfUser } from '@/db/sessions';
import { disableTwoFactor, enableTwoFactor, setPendingTotpSecret } from '@/db/two-factor';
import { changePassword, findActiveUserById } from '@/db/users';
import {
  changePasswordInput,
  codeInput,
  disableTwoFactorInput,
  sessionIdInput,
} from '@/lib/auth/forms';
import { landingPath } from '@/lib/auth/next-path';
import { hashPassword } from '@/lib/auth/password-hash';
import { passwordProblem } from '@/lib/auth/password-policy';
import { signInLimitMessage } from '@/lib/auth/sign-in-limit';
import {
  checkTotpCode,
  generateRecoveryCodes,
  generateTotpSecret,
  hashRecoveryCode,
} from '@/lib/auth/two-factor';
import { action } from '@/server/action';
import {
  type CredentialCheck,
  checkCurrentPassword,
  checkSecondFactor,
} from '@/server/credentials';
import { endSession } from '@/server/session';
import { refused } from '../_components/form-state';

const noInput = z.object({});

/** A failed check as the refusal a form shows: the limit as a message, else beside `field`. */
function checkRefusal<Fields extends string>(
  check: Exclude<CredentialCheck, { ok: true }>,
  field: Fields,
  wrong: string,
) {
  return check.kind === 'limited'
    ? refused<Fields>(429, { message: signInLimitMessage(check.retryAfterSeconds) })
    : refused<Fields>(400, { errors: { [field]: wrong } as Partial<Record<Fields, string>> });
}

type PasswordFields = 'currentPassword' | 'newPassword' | 'confirmPassword';

/**
 * Anyone signed in, and the one action open to someone whose password is temporary. Needs the
 * current password; ends every other session the person has.
 */
export const changePasswordAction = action(
  { role: 'staff', input: changePasswordInput, allowTemporaryPassword: true },
  async ({ currentPassword, newPassword }, user) => {
    // The current password first: it is limited, so the costlier strength estimate only ever
    // runs for someone who knows it.
    const current = await checkCurrentPassword({ userId: user.id, password: currentPassword });
    if (!current.ok) {
      return checkRefusal<PasswordFields>(
        current,
        'currentPassword',
        'That is not your current password.',
      );
    }
    const problem = passwordProblem({ password: newPassword, email: user.email, name: user.name });
    if (problem) return refused<PasswordFields>(400, { errors: { newPassword: problem } });
    const changed = await changePassword({
      userId: user.id,
      expectedHash: current.passwordHash ?? '',
      passwordHash: await hashPassword(newPassword),
      keepSessionId: user.sessionId,
      now: new Date(),
    });
    if (!changed.ok) {
      return refused(409, { message: 'Your password was changed meanwhile. Try again.' });
    }
    if (user.mustChangePassword) redirect(landingPath({ ...user, mustChangePassword: false }));
    revalidatePath('/account');
    const ended = changed.endedSessions;
    return {
      ok: true as const,
      message: `Password changed. ${ended === 1 ? 'One other session was' : `${ended} other sessions were`} signed out.`,
    };
  },
);

/** Anyone signed in: ends one of their own sessions (their own browser's signs them out). */
export const endSessionAction = action(
  { role: 'staff', input: sessionIdInput },
  async ({ sessionId }, user) => {
    if (sessionId === user.sessionId) {
      await endSession();
      redirect('/login');
    }
    if (!(await deleteSessionOfUser({ id: sessionId, userId: user.id }))) {
      return refused(409, { message: 'That session has already ended.' });
    }
    revalidatePath('/account');
    return { ok: true as const };
  },
);

/** Anyone signed in: ends every session they have, this one included. */
export const signOutEverywhereAction = action(
  { role: 'staff', input: noInput },
  async (_, user) => {
    await deleteSessionsOfUser({ userId: user.id, now: new Date() });
    await endSession();
    redirect('/login');
  },
);

/** Owners: a fresh secret to enrol, shown on /account until a code from it is confirmed. */
export const startTwoFactorAction = action({ role: 'owner', input: noInput }, async (_, user) => {
  if (user.totpEnabledAt) return refused(409, { message: 'Two-factor sign-in is already on.' });
  await setPendingTotpSecret({ userId: user.id, secret: generateTotpSecret() });
  revalidatePath('/account');
  return { ok: true as const };
});

/**
 * Owners: turns two-factor sign-in on once a code from the new secret checks out, and returns
 * the recovery codes, which are shown this once and stored only hashed.
 */
export const confirmTwoFactorAction = action(
  { role: 'owner', input: codeInput },
  async ({ code }, user) => {
    const secret = (await findActiveUserById({ id: user.id }))?.totpPendingSecret;
    if (!secret) return refused(409, { message: 'Start again: there is no secret waiting.' });
    const now = new Date();
    const check = checkTotpCode({ secret, code, now, lastStep: null });
    if (!check.ok) {
      const mismatch = 'That code does not match. Check the app’s clock and try the next code.';
      return refused(400, { errors: { code: mismatch } });
    }
    const recoveryCodes = generateRecoveryCodes();
    const enabled = await enableTwoFactor({
      userId: user.id,
      secret,
      step: check.step,
      recoveryCodeHashes: recoveryCodes.map(hashRecoveryCode),
      now,
    });
    if (!enabled.ok) return refused(409, { message: 'Start again: the secret has changed.' });
    // No revalidation: the codes live in this form's state until the person has written them down.
    return { ok: true as const, recoveryCodes };
  },
);

/** Owners: turning two-factor sign-in off takes the password and a code. */
export const disableTwoFactorAction = action(
  { role: 'owner', input: disableTwoFactorInput },
  async ({ password, code }, user) => {
    const passwordCheck = await checkCurrentPassword({ userId: user.id, password });
    if (!passwordCheck.ok) {
      return checkRefusal<'password' | 'code'>(
        passwordCheck,
        'password',
        'That is not your password.',
      );
    }
    const codeCheck = await checkSecondFactor({ userId: user.id, code });
    if (!codeCheck.ok) {
      return checkRefusal<'password' | 'code'>(codeCheck, 'code', 'That code is not right.');
    }
    await disableTwoFactor({ userId: user.id, now: new Date() });
    revalidatePath('/account');
    return { ok: true as const, message: 'Two-factor sign-in is off.' };
  },
);
