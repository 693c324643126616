'use client';

import { useActionState } from 'react';
import { buttonClass, FormMessage, TextField } from '../../_components/text-field';
import { addStaff } from './actions';

export function AddStaffForm() {
  const [state, action, pending] = useActionState(addStaff, undefined);
  const rejected = state && !state.ok ? state : undefined;
  const errors = rejected && 'errors' in rejected ? rejected.errors : undefined;
  const values = rejected && 'values' in rejected ? rejected.values : undefined;
  return (
    <form action={action} className="flex flex-col gap-4" noValidate>
      {state?.ok ? (
        <div role="status" className="rounded-md bg-green-50 px-3 py-2 text-green-900">
          <p>
            Added {state.added.name} ({state.added.email}). Their temporary password, shown only
            this once:
          </p>
          <p className="font-mono text-lg" data-testid="temporary-password">
            {state.temporaryPassword}
          </p>
        </div>
      ) : null}
      <FormMessage message={rejected?.message} />
      <TextField name="name" label="Name" defaultValue={values?.name} error={errors?.name} />
      <TextField
        name="email"
        label="Email"
        type="email"
        defaultValue={values?.email}
        error={errors?.email}
      />
      <button type="submit" className={buttonClass} disabled={pending}>
        {pending ? 'Adding…' : 'Add staff member'}
      </button>
    </form>
  );
}
