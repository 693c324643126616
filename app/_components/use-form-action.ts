'use client';

import { type FormEvent, useActionState, useState } from 'react';
import type { z } from 'zod';
import { fieldErrors, formFields } from '@/lib/form-data';

type State = { ok: boolean; message?: string } | undefined;

/** The field names a state's refusals can carry errors for. */
type FieldsOf<S> = S extends { ok: false; status: 400 | 409 | 429; errors?: infer E }
  ? keyof NonNullable<E> & string
  : never;

type Refusal<S> = Extract<S, { ok: false }>;

/**
 * How every form reads its server action's state: errors beside their fields, what was typed
 * (after a refusal), a form-level message, and the success line. Given the server's own
 * schema as `check`, the browser checks first: a mistake shows beside its field at once, with
 * nothing sent and nothing retyped. The server parses again (it trusts no browser) and
 * answers what only it can know, such as a name already taken.
 */
export function useFormAction<S extends State>(
  action: (previous: S | undefined, formData: FormData) => Promise<S>,
  {
    check,
    initial = {},
    idPrefix = '',
  }: {
    check?: z.ZodType;
    /** What the fields show before anything is typed, such as the saved facts. */
    initial?: Partial<Record<FieldsOf<S>, string>>;
    /** Keeps ids unique when one page has several forms with the same fields. */
    idPrefix?: string;
  } = {},
) {
  const [state, formAction, pending] = useActionState<S | undefined, FormData>(action, undefined);
  const [checked, setChecked] = useState<{
    state: S | undefined;
    errors: Record<string, string>;
  }>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!check) return;
    const parsed = check.safeParse(formFields(new FormData(event.currentTarget)));
    if (parsed.success) {
      setChecked(undefined);
      return;
    }
    event.preventDefault();
    setChecked({ state, errors: fieldErrors(parsed.error) as Record<string, string> });
  }

  // The browser's errors stand until the server answers a later submission.
  const browserErrors = checked && checked.state === state ? checked.errors : undefined;
  const rejected = (state && !state.ok ? state : undefined) as Refusal<S> | undefined;
  const serverErrors = rejected && 'errors' in rejected ? rejected.errors : undefined;
  type Fields = FieldsOf<S>;
  const errors = (browserErrors ?? serverErrors ?? {}) as Partial<Record<Fields, string>>;
  const errorCount = Object.keys(errors).length;
  const values = (rejected && 'values' in rejected ? rejected.values : undefined) as
    | Partial<Record<Fields, string>>
    | undefined;
  return {
    state,
    formAction,
    onSubmit,
    pending,
    errors,
    /** After a refusal, what was typed; undefined otherwise (the saved facts show). */
    values,
    /** A field's name, id prefix, value (typed, else initial) and error: `<TextField {...form.field('name')} />`. */
    field: (name: Fields) => ({
      name,
      idPrefix,
      defaultValue: values ? (values[name] ?? '') : (initial[name] ?? ''),
      error: errors[name],
    }),
    message: browserErrors ? undefined : rejected?.message,
    saved: state?.ok ? state.message : undefined,
    /** Beside the button when fields were refused, since their errors may be out of sight. */
    problem:
      errorCount === 0 || rejected?.message
        ? undefined
        : `Not saved: ${errorCount === 1 ? 'one field needs' : `${errorCount} fields need`} a change.`,
    /** A new object for each answer (the server's, or the browser's check), to act on once. */
    answer: (browserErrors ? checked : state) as object | undefined,
  };
}
