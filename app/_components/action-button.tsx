'use client';

import { useActionState } from 'react';

/**
 * A one-click change (remove, mark unavailable): a button that posts its hidden fields to a
 * server action, after an optional confirmation, and says beside it what became of it: done
 * in a live status, or why it was refused.
 */
export function ActionButton({
  action,
  fields,
  children,
  confirm,
  label,
  className = 'underline',
  formClassName = 'flex items-center gap-2 text-sm',
}: {
  action: (
    previous: unknown,
    formData: FormData,
  ) => Promise<{ ok: boolean; message?: string } | undefined>;
  fields: Record<string, string | number>;
  children: React.ReactNode;
  /** Asked in the browser first; the action runs only on yes. */
  confirm?: string;
  /** The button's accessible name, when its text alone is not enough. */
  label?: string;
  className?: string;
  formClassName?: string;
}) {
  const [state, formAction, pending] = useActionState(action, undefined);
  return (
    <form
      action={formAction}
      className={formClassName}
      onSubmit={(event) => {
        if (confirm && !window.confirm(confirm)) event.preventDefault();
      }}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={className} disabled={pending} aria-label={label}>
        {children}
      </button>
      <span aria-live="polite" className="text-green-900">
        {state?.ok ? state.message : null}
      </span>
      {state && !state.ok ? (
        <span role="alert" className="text-red-700">
          {state.message ?? 'Could not save.'}
        </span>
      ) : null}
    </form>
  );
}
