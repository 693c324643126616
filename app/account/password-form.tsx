'use client';

import { ActionForm } from '../_components/action-form';
import { PasswordField } from '../_components/text-field';
import { useFormAction } from '../_components/use-form-action';
import { changePasswordAction } from './actions';

export function ChangePasswordForm({ temporary }: { temporary: boolean }) {
  const form = useFormAction(changePasswordAction);
  return (
    <ActionForm form={form} submit="Change password" busy="Changing…">
      <PasswordField
        {...form.field('currentPassword')}
        purpose="current"
        label={temporary ? 'Temporary password' : 'Current password'}
      />
      <PasswordField {...form.field('newPassword')} purpose="new" label="New password" />
      <PasswordField
        {...form.field('confirmPassword')}
        purpose="again"
        label="New password again"
      />
    </ActionForm>
  );
}
