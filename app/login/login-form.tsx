'use client';

import { useActionState } from 'react';
import { buttonClass, FormMessage, TextField } from '../_components/text-field';
import { signIn } from './actions';

export function LoginForm({ next }: { next?: string }) {
  const [state, action, pending] = useActionState(signIn, undefined);
  const errors = state && 'errors' in state ? state.errors : undefined;
  const values = state && 'values' in state ? state.values : undefined;
  return (
    <form action={action} className="flex flex-col gap-4" noValidate>
      <FormMessage message={state?.message} />
      {next ? <input type="hidden" name="next" value={next} /> : null}
      <TextField
        name="email"
        label="Email"
        type="email"
        autoComplete="username"
        defaultValue={values?.email}
        error={errors?.email}
      />
      <TextField
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors?.password}
      />
      <button type="submit" className={buttonClass} disabled={pending}>
        {pending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
