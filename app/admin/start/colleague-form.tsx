'use client';

import { ActionForm } from '../../_components/action-form';
import { TextField } from '../../_components/text-field';
import { useFormAction } from '../../_components/use-form-action';
import { addColleague } from '../start/actions';

/**
 * A new staff member, with the owner's choice of how they get in: an invite link they open to
 * choose their own password, or a temporary password handed over in person.
 */
export function ColleagueForm() {
  const form = useFormAction(addColleague);
  const done = form.state?.ok ? form.state : undefined;
  const how = form.values?.how ?? 'invite';
  return (
    <ActionForm form={form} submit="Add them" busy="Adding…" label="Add a staff member">
      {done?.kind === 'invite' ? (
        <div
          role="status"
          className="flex flex-col gap-2 rounded-md bg-green-50 px-3 py-2 text-green-900"
        >
          <p>
            Send {done.name} ({done.email}) this link. It opens once, for 7 days, and lets them
            choose their own password:
          </p>
          <p className="break-all font-mono" data-testid="invite-link">
            {done.link}
          </p>
        </div>
      ) : null}
      {done?.kind === 'password' ? (
        <div role="status" className="rounded-md bg-green-50 px-3 py-2 text-green-900">
          <p>
            Added {done.name} ({done.email}). Their temporary password, shown only this once (they
            choose their own when they first sign in):
          </p>
          <p className="font-mono text-lg" data-testid="temporary-password">
            {done.temporaryPassword}
          </p>
        </div>
      ) : null}
      <TextField {...form.field('name')} idPrefix="colleague-" label="Name" />
      <TextField {...form.field('email')} idPrefix="colleague-" label="Email" type="email" />
      <fieldset className="flex flex-col gap-2">
        <legend className="font-medium">How they get in</legend>
        <label className="flex items-start gap-2">
          <input
            type="radio"
            name="how"
            value="invite"
            defaultChecked={how === 'invite'}
            className="mt-1"
          />
          <span>
            An invite link
            <span className="block text-sm text-stone-600">
              They open it and choose their own password. It works once, for 7 days.
            </span>
          </span>
        </label>
        <label className="flex items-start gap-2">
          <input
            type="radio"
            name="how"
            value="password"
            defaultChecked={how === 'password'}
            className="mt-1"
          />
          <span>
            A temporary password
            <span className="block text-sm text-stone-600">
              You tell them; they choose their own when they first sign in.
            </span>
          </span>
        </label>
        {form.errors.how ? <p className="text-sm text-red-700">{form.errors.how}</p> : null}
      </fieldset>
    </ActionForm>
  );
}
