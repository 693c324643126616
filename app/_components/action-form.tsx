'use client';

import type { ReactNode } from 'react';
import { buttonClass, FormMessage } from './text-field';
import type { useFormAction } from './use-form-action';

/**
 * The frame of every form: the success line and form-level message above the fields, and one
 * submit button that says it is busy while the action runs.
 */
export function ActionForm({
  form,
  submit,
  busy = 'Saving…',
  label,
  className = 'flex flex-col gap-4',
  children,
}: {
  form: Pick<
    ReturnType<typeof useFormAction>,
    'formAction' | 'onSubmit' | 'pending' | 'saved' | 'message'
  >;
  submit: string;
  /** What the button says while the action runs. */
  busy?: string;
  /** The form's accessible name, where a page has several. */
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      action={form.formAction}
      onSubmit={form.onSubmit}
      className={className}
      aria-label={label}
      noValidate
    >
      {form.saved ? (
        <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-green-900">
          {form.saved}
        </p>
      ) : null}
      <FormMessage message={form.message} />
      {children}
      <button type="submit" className={`${buttonClass} self-start`} disabled={form.pending}>
        {form.pending ? busy : submit}
      </button>
    </form>
  );
}
