'use client';

import { ActionForm } from '../../_components/action-form';
import { TextField } from '../../_components/text-field';
import { useFormAction } from '../../_components/use-form-action';
import { addStaff } from './actions';

export function AddStaffForm() {
  const form = useFormAction(addStaff);
  const added = form.state?.ok ? form.state : undefined;
  return (
    <ActionForm form={form} submit="Add staff member" busy="Adding…">
      {added ? (
        <div role="status" className="rounded-md bg-green-50 px-3 py-2 text-green-900">
          <p>
            Added {added.added.name} ({added.added.email}). Their temporary password, shown only
            this once (they choose their own when they first sign in):
          </p>
          <p className="font-mono text-lg" data-testid="temporary-password">
            {added.temporaryPassword}
          </p>
        </div>
      ) : null}
      <TextField {...form.field('name')} label="Name" />
      <TextField {...form.field('email')} label="Email" type="email" />
    </ActionForm>
  );
}
