'use client';

import { useActionState } from 'react';
import { buttonClass, FormMessage, TextField } from '../_components/text-field';
import { createOwner } from './actions';

export function SetupForm() {
  const [state, action, pending] = useActionState(createOwner, undefined);
  const errors = state && 'errors' in state ? state.errors : undefined;
  const values = state && 'values' in state ? state.values : undefined;
  return (
    <form action={action} className="flex flex-col gap-4" noValidate>
      <FormMessage message={state?.message} />
      <TextField
        name="name"
        label="Your name"
        autoComplete="name"
        defaultValue={values?.name}
        error={errors?.name}
      />
      <TextField
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        defaultValue={values?.email}
        error={errors?.email}
      />
      <TextField
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters, and not one of the most common passwords."
        error={errors?.password}
      />
      <button type="submit" className={buttonClass} disabled={pending}>
        {pending ? 'Creating…' : 'Create the owner account'}
      </button>
    </form>
  );
}
