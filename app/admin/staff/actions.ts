'use server';

import { revalidatePath } from 'next/cache';
import { createUser, removeStaffUser } from '@/db/users';
import { addStaffInput, fieldErrors, formFields, removeStaffInput } from '@/lib/auth/forms';
import { hashPassword } from '@/lib/auth/password-hash';
import { generateTemporaryPassword } from '@/lib/auth/temporary-password';
import { authorizeAction } from '@/server/session';
import type { Rejected } from '../../_components/form-state';

export type AddStaffState =
  | { ok: true; added: { name: string; email: string }; temporaryPassword: string }
  | Rejected<'name' | 'email'>
  | undefined;

/** Owner only. The temporary password is returned once, to this form, and stored only hashed. */
export async function addStaff(
  _previous: AddStaffState,
  formData: FormData,
): Promise<AddStaffState> {
  const auth = await authorizeAction({ role: 'owner' });
  if (!auth.ok) return auth;
  const fields = formFields(formData);
  const values = { name: fields.name ?? '', email: fields.email ?? '' };
  const parsed = addStaffInput.safeParse(fields);
  if (!parsed.success) {
    return { ok: false, status: 400, errors: fieldErrors(parsed.error), values };
  }
  const temporaryPassword = generateTemporaryPassword();
  const created = createUser({
    ...parsed.data,
    role: 'staff',
    passwordHash: await hashPassword(temporaryPassword),
    now: new Date(),
    addedBy: auth.user.id,
  });
  if (!created.ok) {
    return {
      ok: false,
      status: 409,
      errors: { email: 'Someone with this email already has (or had) an account.' },
      values,
    };
  }
  revalidatePath('/admin/staff');
  const { name, email } = created.user;
  return { ok: true, added: { name, email }, temporaryPassword };
}

export type RemoveStaffState = { ok: true } | Rejected<'userId'> | undefined;

/** Owner only. Removal ends every session the staff member has at once. */
export async function removeStaff(
  _previous: RemoveStaffState,
  formData: FormData,
): Promise<RemoveStaffState> {
  const auth = await authorizeAction({ role: 'owner' });
  if (!auth.ok) return auth;
  const parsed = removeStaffInput.safeParse(formFields(formData));
  if (!parsed.success) return { ok: false, status: 400, errors: fieldErrors(parsed.error) };
  const removed = removeStaffUser({
    userId: parsed.data.userId,
    removedBy: auth.user.id,
    now: new Date(),
  });
  if (!removed.ok) {
    const message =
      removed.reason === 'notStaff'
        ? 'Only staff accounts can be removed here.'
        : 'That staff member is no longer on the list.';
    return { ok: false, status: 409, message };
  }
  revalidatePath('/admin/staff');
  return { ok: true };
}
