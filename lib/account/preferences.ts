import { z } from 'zod';

/** What a person chose for themselves; absent keys keep the desk's defaults. */
export type StoredPreferences = {
  sound?: boolean;
  notifications?: boolean;
  nextAfterSend?: boolean;
};

export type Preferences = { sound: boolean; notifications: boolean; nextAfterSend: boolean };

/** Sound and notifications stay off until the person turns them on; moving on after Send is on. */
export const defaultPreferences: Preferences = {
  sound: false,
  notifications: false,
  nextAfterSend: true,
};

export function resolvePreferences(stored: StoredPreferences | null | undefined): Preferences {
  const kept = stored ?? {};
  const pick = (key: keyof Preferences) =>
    typeof kept[key] === 'boolean' ? (kept[key] as boolean) : defaultPreferences[key];
  return {
    sound: pick('sound'),
    notifications: pick('notifications'),
    nextAfterSend: pick('nextAfterSend'),
  };
}

// A checkbox posts "on" when ticked and nothing when not; anything else is a forged form.
const checkbox = z
  .enum(['on'], { error: 'Tick the box or leave it empty.' })
  .optional()
  .transform((value) => value === 'on');

/** The alerts form on /account: the sound and what follows a send. */
export const alertPreferencesInput = z.object({ sound: checkbox, nextAfterSend: checkbox });

/** "Turn on notifications" / "Turn off notifications", after the browser's own question. */
export const notificationsInput = z.object({
  notifications: z.enum(['on', 'off'], { error: 'Choose on or off.' }).transform((v) => v === 'on'),
});
