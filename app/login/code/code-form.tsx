'use client';

import { ActionForm } from '../../_components/action-form';
import { CodeField } from '../../_components/text-field';
import { useFormAction } from '../../_components/use-form-action';
import { verifySignInCode } from './actions';

export function SignInCodeForm({ next }: { next?: string }) {
  const form = useFormAction(verifySignInCode);
  return (
    <ActionForm form={form} submit="Continue" busy="Checking…">
      {next ? <input type="hidden" name="next" value={next} /> : null}
      <CodeField
        {...form.field('code')}
        label="Code"
        hint="The 6 digits your authenticator app shows now, or one of your recovery codes."
      />
    </ActionForm>
  );
}
