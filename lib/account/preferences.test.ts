import { describe, expect, it } from 'vitest';
import { alertPreferencesInput, notificationsInput, resolvePreferences } from './preferences';

describe('a person’s preferences', () => {
  it('default to no sound, no notifications and moving on after Send', () => {
    expect(resolvePreferences({})).toEqual({
      sound: false,
      notifications: false,
      nextAfterSend: true,
    });
    expect(resolvePreferences(null)).toEqual({
      sound: false,
      notifications: false,
      nextAfterSend: true,
    });
  });
  it('keep what was chosen', () => {
    expect(resolvePreferences({ sound: true, nextAfterSend: false })).toEqual({
      sound: true,
      notifications: false,
      nextAfterSend: false,
    });
  });
  it('read ticked and empty checkboxes, and refuse anything else', () => {
    expect(alertPreferencesInput.parse({ sound: 'on' })).toEqual({
      sound: true,
      nextAfterSend: false,
    });
    expect(alertPreferencesInput.safeParse({ sound: 'yes' }).success).toBe(false);
    expect(notificationsInput.parse({ notifications: 'off' })).toEqual({ notifications: false });
    expect(notificationsInput.safeParse({}).success).toBe(false);
  });
});
