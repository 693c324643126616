'use client';

import { eraseNowInput, retentionInput } from '@/lib/retention/retention';
import { ActionForm } from '../../_components/action-form';
import { TextField } from '../../_components/text-field';
import { useFormAction } from '../../_components/use-form-action';
import { eraseNow, saveRetention } from './actions';

export function RetentionForm({ current }: { current: string }) {
  const form = useFormAction(saveRetention, {
    check: retentionInput,
    initial: { retentionDays: current },
  });
  return (
    <ActionForm
      form={form}
      submit="Save retention period"
      label="Retention period"
      className="flex max-w-xl flex-col gap-4"
    >
      <TextField
        {...form.field('retentionDays')}
        label="Keep closed conversations for (days)"
        hint="After this many days from being sent or discarded, a conversation’s customer name, email and texts are erased. Blank keeps everything."
        inputMode="numeric"
      />
    </ActionForm>
  );
}

/** Erases what the dry run above lists, at once. */
export function EraseNowForm({ count }: { count: number }) {
  const form = useFormAction(eraseNow, { check: eraseNowInput });
  return (
    <ActionForm form={form} submit={`Erase ${count} now`} busy="Erasing…" label="Erase now">
      <input type="hidden" name="confirm" value="erase" />
    </ActionForm>
  );
}
