'use server';

import { revalidatePath } from 'next/cache';
import { saveWeeklyHours } from '@/db/hours';
import { weeklyHoursInput } from '@/lib/bakery-facts/schemas';
import { action } from '@/server/action';
import { NOTHING_CHANGED } from '../../_components/form-state';

/** Owner only. The whole week in one save: all seven days change, or none. */
export const saveHours = action({ role: 'owner', input: weeklyHoursInput }, async (days, user) => {
  const { changed } = await saveWeeklyHours({ days, by: user.id, now: new Date() });
  revalidatePath('/admin/hours');
  return { ok: true, message: changed ? 'Hours saved.' : NOTHING_CHANGED } as const;
});
