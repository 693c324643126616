'use server';

import { revalidatePath } from 'next/cache';
import { updateBakerySettings } from '@/db/settings';
import { settingsInput } from '@/lib/bakery-facts/schemas';
import { action } from '@/server/action';
import { NOTHING_CHANGED } from '../../_components/form-state';

/**
 * Owner only. Name, timezone and contact line (a change makes earlier drafts stale) and the
 * daily model budget.
 */
export const saveSettings = action({ role: 'owner', input: settingsInput }, async (input, user) => {
  const { changed } = await updateBakerySettings({ input, by: user.id, now: new Date() });
  revalidatePath('/admin', 'layout');
  return { ok: true, message: changed ? 'Settings saved.' : NOTHING_CHANGED } as const;
});
