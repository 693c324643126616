'use server';

import { revalidatePath } from 'next/cache';
import { updatePreferences } from '@/db/preferences';
import { alertPreferencesInput, notificationsInput } from '@/lib/account/preferences';
import { action } from '@/server/action';

/** What the alerts forms show after a save. */
export type PreferencesState =
  | { ok: true; message: string }
  | { ok: false; status: 404; message: string };

const GONE = { ok: false, status: 404, message: 'Your account no longer exists.' } as const;

/** Staff and owners, for themselves: the alert sound and what follows a send. */
export const saveAlertPreferencesAction = action(
  { role: 'staff', input: alertPreferencesInput },
  async ({ sound, nextAfterSend }, user): Promise<PreferencesState> => {
    const saved = await updatePreferences({ userId: user.id, changes: { sound, nextAfterSend } });
    if (!saved) return GONE;
    revalidatePath('/account');
    return { ok: true, message: 'Saved. Your alerts follow these choices on every page.' };
  },
);

/**
 * Staff and owners, for themselves: browser notifications on or off. The page asks the browser
 * for permission first; this only remembers the person's choice.
 */
export const setNotificationsAction = action(
  { role: 'staff', input: notificationsInput },
  async ({ notifications }, user): Promise<PreferencesState> => {
    const saved = await updatePreferences({ userId: user.id, changes: { notifications } });
    if (!saved) return GONE;
    revalidatePath('/account');
    return {
      ok: true,
      message: notifications
        ? 'Notifications are on: this browser will tell you when a question needs review.'
        : 'Notifications are off.',
    };
  },
);
