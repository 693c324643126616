import type { Choice } from '@/lib/first-run/choices';

/** A labelled list to choose from, its hint and error beside it, as TextField does for text. */
export function SelectField({
  name,
  label,
  choices,
  defaultValue,
  error,
  hint,
  idPrefix = '',
}: {
  name: string;
  label: string;
  choices: readonly Choice[];
  defaultValue: string;
  error?: string;
  hint?: string;
  idPrefix?: string;
}) {
  const id = `${idPrefix}${name}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className="rounded-md border border-stone-300 bg-white px-3 py-2 aria-invalid:border-red-600"
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
