/** A labelled input whose error sits beside it and is announced with it. */
export function TextField({
  name,
  label,
  type = 'text',
  defaultValue,
  error,
  autoComplete,
  hint,
  idPrefix = '',
  inputMode,
  list,
}: {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  defaultValue?: string;
  error?: string;
  autoComplete?: string;
  hint?: string;
  /** Keeps ids unique when one page has several forms with the same fields. */
  idPrefix?: string;
  inputMode?: 'text' | 'decimal' | 'numeric';
  list?: string;
}) {
  const id = `${idPrefix}${name}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        inputMode={inputMode}
        list={list}
        defaultValue={defaultValue}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className="rounded-md border border-stone-300 px-3 py-2 aria-invalid:border-red-600"
      />
      {hint ? (
        <p id={hintId} className="text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A form-level message (wrong password, rate limit, forbidden). */
export function FormMessage({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      data-testid="form-message"
      className="rounded-md bg-red-50 px-3 py-2 text-red-800"
    >
      {message}
    </p>
  );
}

export const buttonClass =
  'rounded-md bg-amber-700 px-4 py-2 font-medium text-white hover:bg-amber-800 disabled:opacity-60';
