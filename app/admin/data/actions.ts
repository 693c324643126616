'use server';

import { revalidatePath } from 'next/cache';
import { eraseExpiredConversations, updateRetention } from '@/db/retention';
import { eraseNowInput, retentionInput } from '@/lib/retention/retention';
import { action } from '@/server/action';
import { NOTHING_CHANGED, refused } from '../../_components/form-state';

/** Owner only. How long closed conversations keep the customer's details; blank keeps them. */
export const saveRetention = action(
  { role: 'owner', input: retentionInput },
  async ({ retentionDays }, user) => {
    const { changed } = await updateRetention({
      days: retentionDays,
      by: user.id,
      now: new Date(),
    });
    revalidatePath('/admin', 'layout');
    return {
      ok: true,
      message: changed
        ? 'Retention period saved. Nothing is erased until it runs (hourly, or Erase now).'
        : NOTHING_CHANGED,
    } as const;
  },
);

/** Owner only. Runs the erasure now, exactly as the hourly sweep would, as this owner. */
export const eraseNow = action({ role: 'owner', input: eraseNowInput }, async (_input, user) => {
  const { erased, days } = await eraseExpiredConversations({ now: new Date(), by: user.id });
  if (days === null) return refused(409, { message: 'Set a retention period first.' });
  revalidatePath('/admin', 'layout');
  revalidatePath('/inbox');
  return {
    ok: true,
    message:
      erased === 0
        ? 'Nothing was past the retention period.'
        : `Erased ${erased} conversation${erased === 1 ? '' : 's'}.`,
  } as const;
});
