import type { ComponentProps, ReactNode } from 'react';

type Common = {
  name: string;
  label: ReactNode;
  error?: string;
  hint?: string;
  /** Keeps ids unique when one page has several forms with the same fields. */
  idPrefix?: string;
  /** The control's id when it must differ from `idPrefix + name`. */
  id?: string;
  /** The label is read by screen readers only, for fields in a table whose row says it. */
  labelHidden?: boolean;
  /** Shown on the label's line, such as a character count. */
  aside?: ReactNode;
  /** Extra classes for the control itself (width, font). */
  className?: string;
  /** The control's padding, for a compact field in a table or a roomy editor. */
  padding?: string;
};

type InputProps = Common & { multiline?: false } & Omit<ComponentProps<'input'>, keyof Common>;
type TextareaProps = Common & { multiline: true } & Omit<ComponentProps<'textarea'>, keyof Common>;

const controlClass = 'rounded-md border border-stone-300 aria-invalid:border-red-600';

/**
 * The one field every form uses: a labelled input (or, `multiline`, a textarea) whose hint and
 * error sit beside it and are announced with it.
 */
export function TextField(props: InputProps | TextareaProps) {
  const {
    name,
    label,
    error,
    hint,
    idPrefix = '',
    id: givenId,
    labelHidden,
    aside,
    className,
    padding = 'px-3 py-2',
    multiline,
    ...control
  } = props;
  const id = givenId ?? `${idPrefix}${name}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  const shared = {
    id,
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    className: `${controlClass} ${padding} ${className ?? ''}`.trim(),
  };
  const labelElement = (
    <label htmlFor={id} className={labelHidden ? 'sr-only' : 'font-medium'}>
      {label}
    </label>
  );
  return (
    <div className="flex flex-col gap-1">
      {aside ? (
        <div className="flex items-baseline justify-between gap-2">
          {labelElement}
          {aside}
        </div>
      ) : (
        labelElement
      )}
      {multiline ? (
        <textarea {...(control as ComponentProps<'textarea'>)} {...shared} />
      ) : (
        <input {...(control as ComponentProps<'input'>)} {...shared} />
      )}
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

/** What `useFormAction`'s `field(name)` hands a field. */
type FormField = { name: string; error?: string; idPrefix?: string };

/**
 * A password: `current` for signing in, `new` for choosing one (the browser may suggest a
 * strong one, and the rule is shown beside the field), `again` for repeating a new one.
 */
export function PasswordField({
  purpose,
  label = 'Password',
  ...field
}: FormField & { purpose: 'current' | 'new' | 'again'; label?: string }) {
  return (
    <TextField
      {...field}
      label={label}
      type="password"
      autoComplete={purpose === 'current' ? 'current-password' : 'new-password'}
      hint={purpose === 'new' ? NEW_PASSWORD_HINT : undefined}
    />
  );
}

/** A one-time code: the authenticator app's six digits, or a recovery code where one is taken. */
export function CodeField({
  digitsOnly = false,
  ...field
}: FormField & {
  label: string;
  hint?: string;
  /** Only the app's digits are taken here (a phone shows its number pad). */
  digitsOnly?: boolean;
}) {
  return (
    <TextField
      {...field}
      autoComplete="one-time-code"
      inputMode={digitsOnly ? 'numeric' : 'text'}
    />
  );
}

export const NEW_PASSWORD_HINT =
  'At least 12 characters and hard to guess: a few unrelated words work well.';

/** A form-level message (wrong password, rate limit, forbidden). */
export function FormMessage({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      data-testid="form-message"
      tabIndex={-1}
      className="rounded-md bg-red-50 px-3 py-2 text-red-800"
    >
      {message}
    </p>
  );
}

export const buttonClass =
  'rounded-md bg-amber-700 px-4 py-2 font-medium text-white hover:bg-amber-800 disabled:opacity-60';
