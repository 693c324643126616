'use client';

import { type ReactNode, useEffect, useRef } from 'react';
import { buttonClass, FormMessage } from './text-field';
import type { useFormAction } from './use-form-action';

type FormParts = Pick<
  ReturnType<typeof useFormAction>,
  'formAction' | 'onSubmit' | 'pending' | 'saved' | 'message' | 'problem' | 'answer' | 'errors'
>;

/**
 * The frame of every form: one submit button that says it is busy while the action runs, and
 * beside it what became of the save (a live status, and a form-level refusal), where the person
 * who pressed it is looking however long the form. After each answer focus moves to the first
 * field in error, else to the refusal or the status, so a screen reader says it too.
 */
export function ActionForm({
  form,
  submit,
  busy = 'Saving…',
  label,
  className = 'flex flex-col gap-4',
  children,
}: {
  form: FormParts;
  submit: string;
  /** What the button says while the action runs. */
  busy?: string;
  /** The form's accessible name, where a page has several. */
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  useAnswerFocus(formRef, statusRef, form);
  return (
    <form
      ref={formRef}
      action={form.formAction}
      onSubmit={form.onSubmit}
      className={className}
      aria-label={label}
      noValidate
    >
      {children}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <button type="submit" className={buttonClass} disabled={form.pending}>
          {form.pending ? busy : submit}
        </button>
        <SaveStatus ref={statusRef} saved={form.saved} problem={form.problem} />
      </div>
      <FormMessage message={form.message} />
    </form>
  );
}

/**
 * The status beside a submit button: always in the page, so screen readers hear what it comes
 * to say, and focusable by script only.
 */
export function SaveStatus({
  ref,
  saved,
  problem,
}: {
  ref?: React.Ref<HTMLParagraphElement>;
  saved?: string;
  problem?: string;
}) {
  const text = saved ?? problem;
  return (
    <p
      ref={ref}
      role="status"
      aria-live="polite"
      tabIndex={-1}
      data-testid="save-status"
      className={
        text === undefined
          ? undefined
          : saved
            ? 'rounded-md bg-green-50 px-3 py-2 text-green-900'
            : 'rounded-md bg-red-50 px-3 py-2 text-red-800'
      }
    >
      {text}
    </p>
  );
}

/** After each answer: the first field in error, else the refusal, else the status takes focus. */
export function useAnswerFocus(
  formRef: React.RefObject<HTMLFormElement | null>,
  statusRef: React.RefObject<HTMLElement | null>,
  { answer, errors }: Pick<FormParts, 'answer' | 'errors'>,
) {
  const errorNames = Object.keys(errors).join(' ');
  useEffect(() => {
    const form = formRef.current;
    if (!answer || !form) return;
    const names = new Set(errorNames.split(' ').filter(Boolean));
    const firstInError = [...form.elements].find((element) => {
      const control = element as HTMLInputElement;
      if (control.type === 'hidden' || control.tagName === 'FIELDSET') return false;
      return names.has(control.name) || control.getAttribute('aria-invalid') === 'true';
    }) as HTMLElement | undefined;
    const refusal = form.querySelector<HTMLElement>('[data-testid="form-message"]');
    (firstInError ?? refusal ?? statusRef.current)?.focus();
  }, [answer, errorNames, formRef, statusRef]);
}
