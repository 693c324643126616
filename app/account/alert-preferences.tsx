'use client';

import { startTransition, useActionState, useEffect, useState } from 'react';
import type { Preferences } from '@/lib/account/preferences';
import { ActionForm } from '../_components/action-form';
import { buttonClass, FormMessage } from '../_components/text-field';
import { useFormAction } from '../_components/use-form-action';
import {
  type PreferencesState,
  saveAlertPreferencesAction,
  setNotificationsAction,
} from './preference-actions';

type Permission = NotificationPermission | 'unsupported' | 'unknown';

/** The person's alert choices: a sound, browser notifications, and what follows a send. */
export function AlertPreferences({ preferences }: { preferences: Preferences }) {
  const form = useFormAction(saveAlertPreferencesAction);
  return (
    <div className="flex flex-col gap-6">
      <ActionForm form={form} submit="Save alert choices" label="Alert choices">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            name="sound"
            defaultChecked={preferences.sound}
            className="size-4"
          />
          Play a short sound when a question needs review
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            name="nextAfterSend"
            defaultChecked={preferences.nextAfterSend}
            className="size-4"
          />
          After Send, open the next question needing review
        </label>
      </ActionForm>
      <Notifications on={preferences.notifications} />
    </div>
  );
}

function Notifications({ on }: { on: boolean }) {
  const [permission, setPermission] = useState<Permission>('unknown');
  const [problem, setProblem] = useState<string>();
  const [state, dispatch, pending] = useActionState<PreferencesState | undefined, FormData>(
    async (_previous, formData) => {
      const result = await setNotificationsAction(undefined, formData);
      return result.ok || result.status === 404
        ? (result as PreferencesState)
        : { ok: false, status: 404, message: result.message ?? 'Not saved. Try again.' };
    },
    undefined,
  );
  useEffect(() => {
    setPermission(typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);
  }, []);

  const save = (value: 'on' | 'off') => {
    const data = new FormData();
    data.set('notifications', value);
    startTransition(() => dispatch(data));
  };

  // The browser asks its own question only here, when the person chose to turn them on.
  const turnOn = async () => {
    setProblem(undefined);
    if (typeof Notification === 'undefined') {
      setProblem('This browser cannot show notifications. The tab’s title still counts questions.');
      return;
    }
    const answer = await Notification.requestPermission();
    setPermission(answer);
    if (answer !== 'granted') {
      setProblem(
        'Your browser blocked notifications for this site. Allow them in the browser’s site settings, then try again.',
      );
      return;
    }
    save('on');
  };

  const current = state?.ok ? state.message.startsWith('Notifications are on') : on;
  return (
    <section aria-labelledby="notifications-heading" className="flex flex-col gap-3">
      <h3 id="notifications-heading" className="text-lg font-semibold">
        Browser notifications
      </h3>
      <p className="text-stone-700" data-testid="notifications-state">
        {current
          ? permission === 'denied'
            ? 'On, but this browser blocks them: allow notifications in its site settings.'
            : 'On: a notification tells you when a question or a customer’s reply needs review.'
          : 'Off. Turn them on to hear of new questions while the desk is in another tab.'}
      </p>
      {state?.ok ? (
        <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-green-900">
          {state.message}
        </p>
      ) : null}
      <FormMessage message={problem ?? (state && !state.ok ? state.message : undefined)} />
      <div>
        {current ? (
          <button
            type="button"
            className={buttonClass}
            disabled={pending}
            onClick={() => save('off')}
          >
            Turn off notifications
          </button>
        ) : (
          <button
            type="button"
            className={buttonClass}
            disabled={pending}
            onClick={() => void turnOn()}
          >
            Turn on notifications
          </button>
        )}
      </div>
    </section>
  );
}
