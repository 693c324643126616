'use client';

import { ActionForm } from '../../_components/action-form';
import { PasswordField } from '../../_components/text-field';
import { useFormAction } from '../../_components/use-form-action';
import { acceptInvite } from './actions';

export function JoinForm({ token, email }: { token: string; email: string }) {
  const form = useFormAction(acceptInvite);
  return (
    <ActionForm form={form} submit="Choose password and sign in" busy="Signing in…">
      <input type="hidden" name="token" value={token} />
      {/* For password managers: the account this password belongs to. */}
      <input type="hidden" name="username" autoComplete="username" value={email} />
      <PasswordField {...form.field('password')} purpose="new" label="Choose a password" />
      <PasswordField
        {...form.field('confirmPassword')}
        purpose="again"
        label="The same password again"
      />
    </ActionForm>
  );
}
