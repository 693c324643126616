'use server';

import { redirect } from 'next/navigation';
import { createFirstOwner, hasAnyUser } from '@/db/users';
import { setupInput } from '@/lib/auth/forms';
import { hashPassword } from '@/lib/auth/password-hash';
import { passwordProblem } from '@/lib/auth/password-policy';
import { action } from '@/server/action';
import { startSession } from '@/server/session';
import { refused } from '../_components/form-state';

const ALREADY_SET_UP = 'This desk already has an owner. Sign in instead.';

/** Anyone, by design, but only while the database has no account at all. */
export const createOwner = action(
  { role: 'anyone', input: setupInput },
  async ({ name, email, password }, _user, typed) => {
    if (hasAnyUser()) return refused(409, { message: ALREADY_SET_UP }, typed);
    const problem = passwordProblem({ password, email, name });
    if (problem) return refused(400, { errors: { password: problem } }, typed);
    const passwordHash = await hashPassword(password);
    const created = createFirstOwner({ name, email, passwordHash, now: new Date() });
    if (!created.ok) return refused(409, { message: ALREADY_SET_UP }, typed);
    await startSession({ userId: created.user.id });
    redirect('/admin');
  },
);
