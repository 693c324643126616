'use server';

import { revalidatePath } from 'next/cache';
import { unlockAccountInput } from '@/lib/auth/forms';
import { action } from '@/server/action';
import { unlockAccount as unlock } from '@/server/sign-in-lockouts';

/** Owner only. Clears an account's ceiling of failed sign-ins; logged as sign_in.unlock. */
export const unlockAccount = action(
  { role: 'owner', input: unlockAccountInput },
  async ({ email }, user) => {
    await unlock({ email, by: user.id, now: new Date() });
    revalidatePath('/admin/audit');
    return { ok: true as const };
  },
);
