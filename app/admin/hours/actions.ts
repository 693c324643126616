'use server';

import { revalidatePath } from 'next/cache';
import { saveWeeklyHours } from '@/db/hours';
import { type DayHoursField, weeklyHoursInput } from '@/lib/bakery-facts/schemas';
import { formFields } from '@/lib/form-data';
import { authorizeAction } from '@/server/session';
import { type AdminFormState, invalidInput } from '../_components/admin-form-state';

export type HoursState = AdminFormState<DayHoursField>;

/** Owner only. The whole week in one save: all seven days change, or none. */
export async function saveHours(_previous: HoursState, formData: FormData): Promise<HoursState> {
  const auth = await authorizeAction({ role: 'owner' });
  if (!auth.ok) return auth;
  const fields = formFields(formData);
  const parsed = weeklyHoursInput.safeParse(fields);
  if (!parsed.success) return invalidInput(parsed.error, fields);
  const { changed } = saveWeeklyHours({ days: parsed.data, by: auth.user.id, now: new Date() });
  revalidatePath('/admin/hours');
  return { ok: true, message: changed ? 'Hours saved.' : 'Nothing changed.' };
}
