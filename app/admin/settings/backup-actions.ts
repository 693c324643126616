'use server';

import { revalidatePath } from 'next/cache';
import { setBackupTime } from '@/db/backup-runs';
import { backupTimeInput } from '@/lib/backup/backup-time';
import { action } from '@/server/action';
import { NOTHING_CHANGED } from '../../_components/form-state';

/** Owner only. When the server takes the daily backup, in the bakery's time zone. */
export const saveBackupTime = action(
  { role: 'owner', input: backupTimeInput },
  async ({ backupTime }, user) => {
    const { changed } = await setBackupTime({ time: backupTime, by: user.id, now: new Date() });
    revalidatePath('/admin/settings');
    revalidatePath('/admin/data');
    if (!changed) return { ok: true, message: NOTHING_CHANGED } as const;
    return {
      ok: true,
      message: `Saved. The desk backs itself up every day at ${backupTime}.`,
    } as const;
  },
);
