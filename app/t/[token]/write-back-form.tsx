'use client';

import { QUESTION_MAX_CHARS } from '@/lib/intake/limits';
import { ActionForm } from '../../_components/action-form';
import { TextField } from '../../_components/text-field';
import { useFormAction } from '../../_components/use-form-action';
import { writeBack } from './actions';

/** The customer's answer to the bakery, on their own ticket page or in the "Ask us" panel. */
export function WriteBackForm({
  token,
  action = writeBack,
}: {
  token: string;
  action?: typeof writeBack;
}) {
  const form = useFormAction(action);
  return (
    <ActionForm
      form={form}
      submit="Send message"
      busy="Sending…"
      label="Write back"
      className="flex flex-col gap-3"
    >
      <input type="hidden" name="token" value={token} />
      <TextField
        {...form.field('text')}
        multiline
        label="Write back"
        rows={4}
        required
        maxLength={QUESTION_MAX_CHARS}
        hint="Add to your order, change the day, or ask something else. We'll answer here."
        className="w-full bg-white"
      />
    </ActionForm>
  );
}
