'use client';

import Link from 'next/link';
import { ActionButton } from '../_components/action-button';
import { ActionForm } from '../_components/action-form';
import { CodeField, PasswordField } from '../_components/text-field';
import { useFormAction } from '../_components/use-form-action';
import { confirmTwoFactorAction, disableTwoFactorAction, startTwoFactorAction } from './actions';

export function StartTwoFactorButton({ again = false }: { again?: boolean }) {
  return (
    <ActionButton
      action={startTwoFactorAction}
      fields={{}}
      className={
        again
          ? 'underline'
          : 'rounded-md bg-amber-700 px-4 py-2 font-medium text-white hover:bg-amber-800'
      }
    >
      {again ? 'Start again with a new secret' : 'Turn on two-factor sign-in'}
    </ActionButton>
  );
}

/** Confirms enrolment; on success shows the recovery codes in place of the form, once. */
export function ConfirmTwoFactorForm() {
  const form = useFormAction(confirmTwoFactorAction, { idPrefix: 'confirm-' });
  if (form.state?.ok) {
    return (
      <div role="status" className="flex flex-col gap-3 rounded-md bg-green-50 p-4 text-green-950">
        <p className="font-medium">Two-factor sign-in is on.</p>
        <p>
          These recovery codes let you sign in without your phone, each one once. Write them down or
          print them and keep them somewhere safe: they are shown only this once.
        </p>
        <ol className="grid grid-cols-2 gap-1 font-mono" data-testid="recovery-codes">
          {form.state.recoveryCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ol>
        <Link href="/account" className="self-start underline">
          I have kept them
        </Link>
      </div>
    );
  }
  return (
    <ActionForm form={form} submit="Confirm and turn on" busy="Checking…">
      <CodeField {...form.field('code')} label="Code from the app" digitsOnly />
    </ActionForm>
  );
}

export function DisableTwoFactorForm() {
  const form = useFormAction(disableTwoFactorAction, { idPrefix: 'disable-' });
  return (
    <ActionForm form={form} submit="Turn off two-factor sign-in" busy="Turning off…">
      <PasswordField {...form.field('password')} purpose="current" label="Your password" />
      <CodeField {...form.field('code')} label="Code from the app, or a recovery code" />
    </ActionForm>
  );
}
