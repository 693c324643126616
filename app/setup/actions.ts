'use server';

import { redirect } from 'next/navigation';
import { getBakery } from '@/db/bakery';
import { createFirstOwner, hasAnyUser } from '@/db/users';
import { setupInput } from '@/lib/auth/forms';
import { hashPassword } from '@/lib/auth/password-hash';
import { passwordProblem } from '@/lib/auth/password-policy';
import { action } from '@/server/action';
import { rememberDevice } from '@/server/device-cookie';
import { startSession } from '@/server/session';
import { checkSetupCode, forgetSetupCode } from '@/server/setup-code';
import { refused } from '../_components/form-state';

const ALREADY_SET_UP = 'This desk already has an owner. Sign in instead.';

/**
 * Anyone, by design, but only while the database has no account at all, and only with the
 * setup code the server printed at start: reaching the port first is not enough to become the
 * owner.
 */
export const createOwner = action(
  { role: 'anyone', input: setupInput },
  async ({ setupCode, name, email, password }, _user, typed) => {
    if (await hasAnyUser()) return refused(409, { message: ALREADY_SET_UP }, typed);
    // Both said at once, so one correction does it; a wrong code still gets no password hash.
    const errors: { setupCode?: string; password?: string } = {};
    if (!(await checkSetupCode(setupCode))) {
      errors.setupCode = 'That is not the setup code printed where the desk was started.';
    }
    const problem = passwordProblem({ password, email, name });
    if (problem) errors.password = problem;
    if (errors.setupCode || errors.password) return refused(400, { errors }, typed);
    const passwordHash = await hashPassword(password);
    const created = await createFirstOwner({ name, email, passwordHash, now: new Date() });
    if (!created.ok) return refused(409, { message: ALREADY_SET_UP }, typed);
    forgetSetupCode();
    await startSession({ userId: created.user.id });
    await rememberDevice({ email: created.user.email });
    // A new desk walks its owner through the guided start (bakery.firstRun, 'pending' when seeded).
    redirect((await getBakery()).firstRun === 'pending' ? '/admin/start' : '/admin');
  },
);
