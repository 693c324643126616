'use client';

import { weekdayNames } from '@/lib/agent/bakery/calendar';
import { type DayHoursField, weeklyHoursInput } from '@/lib/bakery-facts/schemas';
import { buttonClass, FormMessage } from '../../_components/text-field';
import { SavedNote } from '../_components/saved-note';
import { useCheckedAction } from '../_components/use-checked-action';
import { saveHours } from './actions';

export type WeekRow = { weekday: number; opens: string | null; closes: string | null };

export function HoursForm({ week }: { week: WeekRow[] }) {
  const form = useCheckedAction<DayHoursField>(weeklyHoursInput, saveHours);
  return (
    <form
      action={form.formAction}
      onSubmit={form.onSubmit}
      className="flex flex-col gap-4"
      noValidate
    >
      <SavedNote message={form.saved} />
      <FormMessage message={form.message} />
      <table className="w-full max-w-2xl text-left">
        <thead>
          <tr className="text-sm text-stone-700">
            <th className="py-1 pr-3">Day</th>
            <th className="py-1 pr-3">Closed</th>
            <th className="py-1 pr-3">Opens</th>
            <th className="py-1">Closes</th>
          </tr>
        </thead>
        <tbody>
          {week.map((day) => {
            const name = weekdayNames[day.weekday - 1] ?? `Day ${day.weekday}`;
            const typed = form.values;
            const closed = typed ? typed[`closed${day.weekday}`] !== undefined : day.opens === null;
            return (
              <tr key={day.weekday} className="border-t border-stone-200 align-top">
                <th scope="row" className="py-2 pr-3 font-medium">
                  {name}
                </th>
                <td className="py-2 pr-3">
                  <input
                    type="checkbox"
                    name={`closed${day.weekday}`}
                    aria-label={`${name} closed`}
                    defaultChecked={closed}
                    className="mt-3"
                  />
                </td>
                <td className="py-2 pr-3">
                  <TimeInput
                    field={`opens${day.weekday}`}
                    label={`${name} opens`}
                    value={typed ? (typed[`opens${day.weekday}`] ?? '') : (day.opens ?? '')}
                    error={form.errors[`opens${day.weekday}`]}
                  />
                </td>
                <td className="py-2">
                  <TimeInput
                    field={`closes${day.weekday}`}
                    label={`${name} closes`}
                    value={typed ? (typed[`closes${day.weekday}`] ?? '') : (day.closes ?? '')}
                    error={form.errors[`closes${day.weekday}`]}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="text-sm text-stone-700">
        Times are HH:MM, 24-hour, in the bakery’s timezone. A closed day’s times are ignored.
      </p>
      <button type="submit" className={`${buttonClass} self-start`} disabled={form.pending}>
        {form.pending ? 'Saving…' : 'Save hours'}
      </button>
    </form>
  );
}

function TimeInput({
  field,
  label,
  value,
  error,
}: {
  field: string;
  label: string;
  value: string;
  error?: string;
}) {
  const errorId = `${field}-error`;
  return (
    <div className="flex flex-col gap-1">
      <input
        id={field}
        name={field}
        aria-label={label}
        defaultValue={value}
        placeholder="HH:MM"
        inputMode="numeric"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="w-24 rounded-md border border-stone-300 px-2 py-1 aria-invalid:border-red-600"
      />
      {error ? (
        <p id={errorId} className="max-w-48 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
