import Link from 'next/link';
import { type AuditFilterErrors, type AuditFilterValues, NOBODY } from '@/lib/audit/filter';
import { AUDIT_KINDS } from '@/lib/audit/sentences';

type Person = { id: number; name: string; removed: boolean };

/** A mistake beside its field, named by the field's aria-describedby. */
function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <span id={id} className="text-sm text-red-800">
      {message}
    </span>
  ) : null;
}

const field = 'flex flex-col gap-1 text-sm';
const control = 'rounded border border-stone-400 px-2 py-1 min-h-9';

/** A day of the bakery's, with the browser's own date picker. */
function DayField({
  name,
  label,
  value,
  error,
}: {
  name: 'from' | 'to';
  label: string;
  value: string;
  error?: string;
}) {
  const id = `audit-${name}`;
  return (
    <div className={field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="date"
        name={name}
        defaultValue={value}
        className={control}
        {...describedBy(`${id}-error`, error)}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

function describedBy(id: string, message?: string) {
  return message ? { 'aria-describedby': id, 'aria-invalid': true as const } : {};
}

/**
 * The audit log's filter: a plain GET form, so the address keeps the filter, the browser's
 * back button undoes it, and it works before any script loads.
 */
export function AuditFilterForm({
  values,
  errors,
  people,
}: {
  values: AuditFilterValues;
  errors: AuditFilterErrors;
  people: Person[];
}) {
  return (
    <search className="mb-6">
      <form
        action="/admin/audit"
        className="flex flex-wrap items-end gap-3"
        data-testid="audit-filter"
        aria-label="Filter the audit log"
      >
        <div className={field}>
          <label htmlFor="audit-person">Person</label>
          <select
            id="audit-person"
            name="person"
            defaultValue={values.person}
            className={control}
            {...describedBy('audit-person-error', errors.person)}
          >
            <option value="">Anyone</option>
            {people.map((person) => (
              <option key={person.id} value={String(person.id)}>
                {person.name}
                {person.removed ? ' (removed)' : ''}
              </option>
            ))}
            <option value={NOBODY}>Nobody signed in (setup, failed sign-ins)</option>
          </select>
          <FieldError id="audit-person-error" message={errors.person} />
        </div>
        <div className={field}>
          <label htmlFor="audit-kind">Kind</label>
          <select
            id="audit-kind"
            name="kind"
            defaultValue={values.kind}
            className={control}
            {...describedBy('audit-kind-error', errors.kind)}
          >
            <option value="">Everything</option>
            {Object.entries(AUDIT_KINDS).map(([kind, label]) => (
              <option key={kind} value={kind}>
                {label}
              </option>
            ))}
          </select>
          <FieldError id="audit-kind-error" message={errors.kind} />
        </div>
        <DayField name="from" label="From" value={values.from} error={errors.from} />
        <DayField name="to" label="To" value={values.to} error={errors.to} />
        <button type="submit" className="min-h-9 rounded bg-stone-800 px-3 py-1.5 text-white">
          Show
        </button>
        <Link href="/admin/audit" className="py-1.5 text-sm underline">
          Show everything
        </Link>
      </form>
    </search>
  );
}
