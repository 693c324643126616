'use server';

import { redirect } from 'next/navigation';
import { createFirstOwner, hasAnyUser } from '@/db/users';
import { commonPasswords } from '@/lib/auth/common-passwords';
import { fieldErrors, formFields, setupInput } from '@/lib/auth/forms';
import { hashPassword } from '@/lib/auth/password-hash';
import { passwordProblem } from '@/lib/auth/password-policy';
import { startSession } from '@/server/session';
import type { Rejected } from '../_components/form-state';

export type SetupState = Rejected<'name' | 'email' | 'password'> | undefined;

const ALREADY_SET_UP = 'This desk already has an owner. Sign in instead.';

/** Public by design, but only while the database has no account at all. */
export async function createOwner(_previous: SetupState, formData: FormData): Promise<SetupState> {
  const fields = formFields(formData);
  const values = { name: fields.name ?? '', email: fields.email ?? '' };
  if (hasAnyUser()) return { ok: false, status: 409, message: ALREADY_SET_UP, values };
  const parsed = setupInput.safeParse(fields);
  if (!parsed.success) {
    return { ok: false, status: 400, errors: fieldErrors(parsed.error), values };
  }
  const { name, email, password } = parsed.data;
  const problem = passwordProblem({ password, email, commonPasswords: commonPasswords() });
  if (problem) return { ok: false, status: 400, errors: { password: problem }, values };

  const passwordHash = await hashPassword(password);
  const created = createFirstOwner({ name, email, passwordHash, now: new Date() });
  if (!created.ok) return { ok: false, status: 409, message: ALREADY_SET_UP, values };
  await startSession({ userId: created.user.id });
  redirect('/admin');
}
