'use client';

import { weekdayNames } from '@/lib/agent/bakery/calendar';
import { weeklyHoursInput } from '@/lib/bakery-facts/schemas';
import { ActionForm } from '../../_components/action-form';
import { TextField } from '../../_components/text-field';
import { useFormAction } from '../../_components/use-form-action';
import { saveHours } from './actions';

export type WeekRow = { weekday: number; opens: string | null; closes: string | null };

export function HoursForm({ week }: { week: WeekRow[] }) {
  const initial = Object.fromEntries(
    week.flatMap((day) => [
      [`opens${day.weekday}`, day.opens ?? ''],
      [`closes${day.weekday}`, day.closes ?? ''],
    ]),
  );
  const form = useFormAction(saveHours, { check: weeklyHoursInput, initial });
  return (
    <ActionForm form={form} submit="Save hours">
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
                  <TimeInput {...form.field(`opens${day.weekday}`)} label={`${name} opens`} />
                </td>
                <td className="py-2">
                  <TimeInput {...form.field(`closes${day.weekday}`)} label={`${name} closes`} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="text-sm text-stone-700">
        Times are in the bakery’s timezone. A closed day’s times are ignored.
      </p>
    </ActionForm>
  );
}

/**
 * One time in the week's table, the browser's own time picker: the row and column say which,
 * so the label is for readers.
 */
function TimeInput(field: { name: string; label: string; defaultValue: string; error?: string }) {
  return <TextField {...field} labelHidden type="time" className="w-32" padding="px-2 py-1" />;
}
