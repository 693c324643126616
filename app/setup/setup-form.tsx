'use client';

import { ActionForm } from '../_components/action-form';
import { PasswordField, TextField } from '../_components/text-field';
import { useFormAction } from '../_components/use-form-action';
import { createOwner } from './actions';

export function SetupForm() {
  const form = useFormAction(createOwner);
  return (
    <ActionForm form={form} submit="Create the owner account" busy="Creating…">
      <TextField
        {...form.field('setupCode')}
        label="Setup code"
        autoComplete="off"
        hint="Printed in the console where the desk was started (npm start)."
      />
      <TextField {...form.field('name')} label="Your name" autoComplete="name" />
      <TextField {...form.field('email')} label="Email" type="email" autoComplete="email" />
      <PasswordField {...form.field('password')} purpose="new" />
    </ActionForm>
  );
}
