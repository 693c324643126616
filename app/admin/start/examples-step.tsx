'use client';

import { useActionState } from 'react';
import { buttonClass } from '../../_components/text-field';
import { removeExamples } from './actions';

/** The example questions a new desk starts with, removed in one step. */
export function ExamplesStep({ count }: { count: number }) {
  const [state, formAction, pending] = useActionState(removeExamples, undefined);
  return (
    <form action={formAction} className="flex flex-col gap-3" aria-label="Example questions">
      {state?.ok ? (
        <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-green-900">
          {state.message}
        </p>
      ) : null}
      {state && !state.ok ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800">
          {state.message ?? 'They could not be removed.'}
        </p>
      ) : null}
      <p className="text-stone-700" data-testid="example-count">
        {count === 0
          ? 'The inbox holds no example questions.'
          : `The inbox holds ${count} example ${count === 1 ? 'question' : 'questions'}, to try drafting and sending on. They are never counted on the dashboard.`}
      </p>
      {count > 0 ? (
        <button type="submit" className={`${buttonClass} self-start`} disabled={pending}>
          {pending ? 'Removing…' : 'Remove the example questions'}
        </button>
      ) : null}
    </form>
  );
}
