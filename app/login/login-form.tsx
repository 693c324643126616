'use client';

import { ActionForm } from '../_components/action-form';
import { PasswordField, TextField } from '../_components/text-field';
import { useFormAction } from '../_components/use-form-action';
import { signIn } from './actions';

export function LoginForm({ next }: { next?: string }) {
  const form = useFormAction(signIn);
  return (
    <ActionForm form={form} submit="Sign in" busy="Signing in…">
      {next ? <input type="hidden" name="next" value={next} /> : null}
      <TextField {...form.field('email')} label="Email" type="email" autoComplete="username" />
      <PasswordField {...form.field('password')} purpose="current" />
    </ActionForm>
  );
}
