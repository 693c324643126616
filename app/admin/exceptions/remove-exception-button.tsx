'use client';

import { useActionState } from 'react';
import { removeException } from './actions';

export function RemoveExceptionButton({ date }: { date: string }) {
  const [state, action, pending] = useActionState(removeException, undefined);
  return (
    <form action={action} className="flex items-center gap-2 text-sm">
      <input type="hidden" name="date" value={date} />
      <button type="submit" className="text-red-700 underline" disabled={pending}>
        Remove {date}
      </button>
      {state && !state.ok ? (
        <span role="alert" className="text-red-700">
          {state.message ?? 'Could not remove.'}
        </span>
      ) : null}
    </form>
  );
}
