'use server';

import { revalidatePath } from 'next/cache';
import { updateBakerySettings } from '@/db/settings';
import { settingsInput } from '@/lib/bakery-facts/schemas';
import { formFields } from '@/lib/form-data';
import { authorizeAction } from '@/server/session';
import { type AdminFormState, invalidInput } from '../_components/admin-form-state';

export type SettingsField = 'name' | 'timezone' | 'contact';

/** Owner only. Name, timezone and contact line; a change makes earlier drafts stale. */
export async function saveSettings(
  _previous: AdminFormState<SettingsField>,
  formData: FormData,
): Promise<AdminFormState<SettingsField>> {
  const auth = await authorizeAction({ role: 'owner' });
  if (!auth.ok) return auth;
  const fields = formFields(formData);
  const parsed = settingsInput.safeParse(fields);
  if (!parsed.success) return invalidInput(parsed.error, fields);
  const { changed } = updateBakerySettings({
    input: parsed.data,
    by: auth.user.id,
    now: new Date(),
  });
  revalidatePath('/admin', 'layout');
  return { ok: true, message: changed ? 'Settings saved.' : 'Nothing changed.' };
}
