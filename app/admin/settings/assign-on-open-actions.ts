'use server';

import { revalidatePath } from 'next/cache';
import { setAssignOnOpen } from '@/db/assignment';
import { assignOnOpenInput } from '@/lib/inbox/assign-form';
import { action } from '@/server/action';
import { NOTHING_CHANGED } from '../../_components/form-state';

/** Owner only. Whether the first person to open an unassigned conversation takes it. */
export const saveAssignOnOpen = action(
  { role: 'owner', input: assignOnOpenInput },
  async ({ assignOnOpen }, user) => {
    const { changed } = await setAssignOnOpen({ on: assignOnOpen, by: user.id, now: new Date() });
    revalidatePath('/admin/settings');
    if (!changed) return { ok: true, message: NOTHING_CHANGED } as const;
    return {
      ok: true,
      message: assignOnOpen
        ? 'Saved. Opening an unassigned question now assigns it to whoever opens it.'
        : 'Saved. Opening a question no longer assigns it; people assign themselves.',
    } as const;
  },
);
