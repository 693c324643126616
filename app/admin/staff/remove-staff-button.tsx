'use client';

import { useActionState } from 'react';
import { removeStaff } from './actions';

export function RemoveStaffButton({ userId, name }: { userId: number; name: string }) {
  const [state, action, pending] = useActionState(removeStaff, undefined);
  return (
    <form action={action} className="flex items-center gap-2">
      <input type="hidden" name="userId" value={userId} />
      <button
        type="submit"
        className="text-sm text-red-700 underline"
        disabled={pending}
        aria-label={`Remove ${name}`}
      >
        Remove
      </button>
      {state && !state.ok ? (
        <span role="alert" className="text-sm text-red-700">
          {state.message ?? 'Could not remove.'}
        </span>
      ) : null}
    </form>
  );
}
