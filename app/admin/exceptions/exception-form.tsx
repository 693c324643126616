'use client';

import { dateExceptionInput } from '@/lib/bakery-facts/schemas';
import { buttonClass, FormMessage, TextField } from '../../_components/text-field';
import { SavedNote } from '../_components/saved-note';
import { useCheckedAction } from '../_components/use-checked-action';
import { addException, type ExceptionField, saveException } from './actions';

export type ExceptionFields = {
  date: string;
  closed: boolean;
  opens: string;
  closes: string;
  note: string;
};

/** Adds a closed or special day, or (given one) edits it; the date names the row. */
export function ExceptionForm({ exception }: { exception?: ExceptionFields }) {
  const form = useCheckedAction<ExceptionField>(
    dateExceptionInput,
    exception ? saveException : addException,
  );
  const prefix = exception ? `exception-${exception.date}-` : 'new-';
  const typed = form.values;
  const value = (field: 'date' | 'opens' | 'closes' | 'note') =>
    typed ? (typed[field] ?? '') : (exception?.[field] ?? '');
  const kind = typed?.kind ?? (exception && !exception.closed ? 'special' : 'closed');
  const kindError = form.errors.kind;
  return (
    <form
      action={form.formAction}
      onSubmit={form.onSubmit}
      className="flex flex-col gap-3"
      aria-label={exception ? `Edit ${exception.date}` : 'Add a holiday or special hours'}
      noValidate
    >
      <SavedNote message={form.saved} />
      <FormMessage message={form.message} />
      {exception ? (
        <input type="hidden" name="date" value={exception.date} />
      ) : (
        <TextField
          idPrefix={prefix}
          name="date"
          label="Date"
          defaultValue={value('date')}
          error={form.errors.date}
          hint="YYYY-MM-DD, such as 2026-12-24."
        />
      )}
      <fieldset
        className="flex flex-wrap gap-4"
        aria-describedby={kindError ? `${prefix}kind-error` : undefined}
      >
        <legend className="font-medium">That day</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="kind" value="closed" defaultChecked={kind === 'closed'} />
          Closed
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="kind" value="special" defaultChecked={kind === 'special'} />
          Special hours
        </label>
        {kindError ? (
          <p id={`${prefix}kind-error`} className="w-full text-sm text-red-700">
            {kindError}
          </p>
        ) : null}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          idPrefix={prefix}
          name="opens"
          label="Opens (special hours)"
          defaultValue={value('opens')}
          error={form.errors.opens}
          hint="HH:MM, 24-hour."
        />
        <TextField
          idPrefix={prefix}
          name="closes"
          label="Closes (special hours)"
          defaultValue={value('closes')}
          error={form.errors.closes}
        />
      </div>
      <TextField
        idPrefix={prefix}
        name="note"
        label="Note (optional)"
        defaultValue={value('note')}
        error={form.errors.note}
        hint="Drafts may mention it, e.g. “Christmas”."
      />
      <button type="submit" className={`${buttonClass} self-start`} disabled={form.pending}>
        {form.pending ? 'Saving…' : exception ? 'Save' : 'Add date'}
      </button>
    </form>
  );
}
