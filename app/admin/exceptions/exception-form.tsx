'use client';

import { dateExceptionInput } from '@/lib/bakery-facts/schemas';
import { ActionForm } from '../../_components/action-form';
import { TextField } from '../../_components/text-field';
import { useFormAction } from '../../_components/use-form-action';
import { addException, saveException } from './actions';

export type ExceptionFields = {
  date: string;
  closed: boolean;
  opens: string;
  closes: string;
  note: string;
};

/** Adds a closed or special day, or (given one) edits it; the date names the row. */
export function ExceptionForm({ exception }: { exception?: ExceptionFields }) {
  const prefix = exception ? `exception-${exception.date}-` : 'new-';
  const form = useFormAction(exception ? saveException : addException, {
    check: dateExceptionInput,
    idPrefix: prefix,
    initial: exception
      ? {
          date: exception.date,
          opens: exception.opens,
          closes: exception.closes,
          note: exception.note,
        }
      : {},
  });
  const kind = form.values?.kind ?? (exception && !exception.closed ? 'special' : 'closed');
  const kindError = form.errors.kind;
  return (
    <ActionForm
      form={form}
      submit={exception ? 'Save' : 'Add date'}
      label={exception ? `Edit ${exception.date}` : 'Add a holiday or special hours'}
    >
      {exception ? (
        <input type="hidden" name="date" value={exception.date} />
      ) : (
        <TextField {...form.field('date')} label="Date" type="date" className="w-48" />
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
        <TextField {...form.field('opens')} label="Opens (special hours)" type="time" />
        <TextField {...form.field('closes')} label="Closes (special hours)" type="time" />
      </div>
      <TextField
        {...form.field('note')}
        label="Note (optional)"
        hint="Drafts may mention it, e.g. “Christmas”."
      />
    </ActionForm>
  );
}
