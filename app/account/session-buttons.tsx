'use client';

import { ActionButton } from '../_components/action-button';
import { endSessionAction, signOutEverywhereAction } from './actions';

export function EndSessionButton({ sessionId, label }: { sessionId: string; label: string }) {
  return (
    <ActionButton
      action={endSessionAction}
      fields={{ sessionId }}
      label={label}
      className="text-red-700 underline"
    >
      Sign out
    </ActionButton>
  );
}

export function SignOutEverywhereButton() {
  return (
    <ActionButton
      action={signOutEverywhereAction}
      fields={{}}
      className="rounded-md border border-red-700 px-4 py-2 font-medium text-red-800 hover:bg-red-50"
    >
      Sign out everywhere
    </ActionButton>
  );
}
