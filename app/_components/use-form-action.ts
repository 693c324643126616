'use client';

import { type FormEvent, useActionState, useState } from 'react';
import type { z } from 'zod';
import { fieldErrors, formFields } from '@/lib/form-data';
import type { AdminFormState } from './admin-form-state';

/**
 * A form action that the browser first checks with the server's own schema: a mistake shows
 * beside its field at once, with nothing sent and nothing retyped. The server parses again
 * (it trusts no browser) and answers what only it can know, such as a name already taken.
 */
export function useCheckedAction<Fields extends string>(
  schema: z.ZodType,
  action: (state: AdminFormState<Fields>, formData: FormData) => Promise<AdminFormState<Fields>>,
) {
  const [state, formAction, pending] = useActionState(action, undefined);
  const [checked, setChecked] = useState<{ state: typeof state; errors: Record<string, string> }>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const parsed = schema.safeParse(formFields(new FormData(event.currentTarget)));
    if (parsed.success) {
      setChecked(undefined);
      return;
    }
    event.preventDefault();
    setChecked({ state, errors: fieldErrors(parsed.error) as Record<string, string> });
  }

  // The browser's errors stand until the server answers a later submission.
  const browserErrors = checked && checked.state === state ? checked.errors : undefined;
  const rejected = state && !state.ok ? state : undefined;
  const serverErrors = rejected && 'errors' in rejected ? rejected.errors : undefined;
  return {
    formAction,
    onSubmit,
    pending,
    errors: (browserErrors ?? serverErrors ?? {}) as Partial<Record<Fields, string>>,
    /** After a refused save, what was typed; undefined otherwise (the saved facts show). */
    values: rejected && 'values' in rejected ? rejected.values : undefined,
    message: browserErrors ? undefined : rejected?.message,
    saved: state?.ok ? state.message : undefined,
  };
}
