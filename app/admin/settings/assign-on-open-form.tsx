'use client';

import { ActionForm } from '../../_components/action-form';
import { useFormAction } from '../../_components/use-form-action';
import { saveAssignOnOpen } from './assign-on-open-actions';

/** Settings' "assign on open": the first person to open an unassigned question takes it. */
export function AssignOnOpenForm({ on }: { on: boolean }) {
  const form = useFormAction(saveAssignOnOpen);
  return (
    <section aria-labelledby="assign-on-open-title" className="flex max-w-xl flex-col gap-3">
      <h2 id="assign-on-open-title" className="text-lg font-semibold">
        Who looks after a question
      </h2>
      <ActionForm form={form} submit="Save assigning" label="Who looks after a question">
        <label className="flex items-start gap-2">
          <input
            type="checkbox"
            name="assignOnOpen"
            defaultChecked={on}
            className="mt-1"
            data-testid="assign-on-open"
          />
          <span>
            Assign a question to the first person who opens it
            <span className="block text-sm text-stone-600">
              Only questions nobody looks after yet and not yet answered; anyone can reassign it
              afterwards.
            </span>
          </span>
        </label>
      </ActionForm>
    </section>
  );
}
