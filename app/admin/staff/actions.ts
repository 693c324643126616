'use server';

import { revalidatePath } from 'next/cache';
import { createUser, removeStaffUser } from '@/db/users';
import { addStaffInput, removeStaffInput } from '@/lib/auth/forms';
import { hashPassword } from '@/lib/auth/password-hash';
import { generateTemporaryPassword } from '@/lib/auth/temporary-password';
import { action } from '@/server/action';
import { refused } from '../../_components/form-state';

/**
 * Owner only. The temporary password is returned once, to this form, and stored only hashed;
 * the new person must choose their own at first sign-in.
 */
export const addStaff = action(
  { role: 'owner', input: addStaffInput },
  async (input, user, typed) => {
    const temporaryPassword = generateTemporaryPassword();
    const created = await createUser({
      ...input,
      role: 'staff',
      passwordHash: await hashPassword(temporaryPassword),
      now: new Date(),
      addedBy: user.id,
      mustChangePassword: true,
    });
    if (!created.ok) {
      const taken = 'Someone with this email already has an account.';
      return refused(409, { errors: { email: taken } }, typed);
    }
    revalidatePath('/admin/staff');
    const { name, email } = created.user;
    return { ok: true as const, added: { name, email }, temporaryPassword };
  },
);

/** Owner only. Removal ends every session the staff member has at once. */
export const removeStaff = action(
  { role: 'owner', input: removeStaffInput },
  async ({ userId }, user) => {
    const removed = await removeStaffUser({ userId, removedBy: user.id, now: new Date() });
    if (!removed.ok) {
      const message =
        removed.reason === 'notStaff'
          ? 'Only staff accounts can be removed here.'
          : 'That staff member is no longer on the list.';
      return refused(409, { message });
    }
    revalidatePath('/admin/staff');
    return { ok: true as const };
  },
);
