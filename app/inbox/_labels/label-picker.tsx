'use client';

import { useActionState } from 'react';
import { chipText } from '@/lib/inbox/labels';
import { addLabelAction, removeLabelAction } from './actions';

type LabelView = { id: number; name: string; colour: string };

/** The conversation's label chips (each removable) and a list to add one of the others. */
export function LabelPicker({
  questionId,
  on,
  available,
}: {
  questionId: number;
  on: LabelView[];
  available: { id: number; name: string }[];
}) {
  const [added, add, adding] = useActionState(addLabelAction, undefined);
  const [removed, remove, removing] = useActionState(removeLabelAction, undefined);
  const refusal = [added, removed].find((state) => state && !state.ok);
  return (
    <section
      aria-labelledby="labels-title"
      className="flex flex-col gap-2"
      data-testid="question-labels"
    >
      <h2 id="labels-title" className="text-sm font-semibold text-stone-700">
        Labels
      </h2>
      <ul className="flex flex-wrap gap-2" aria-label="Labels on this conversation">
        {on.length === 0 ? <li className="text-sm text-stone-600">None yet.</li> : null}
        {on.map((label) => (
          <li key={label.id}>
            <form action={remove} className="inline-flex">
              <input type="hidden" name="questionId" value={questionId} />
              <input type="hidden" name="labelId" value={label.id} />
              <span
                data-testid="label-chip"
                className="inline-flex items-center gap-1 rounded-full py-0.5 pr-1 pl-2 text-xs font-medium"
                style={{ backgroundColor: label.colour, color: chipText(label.colour) }}
              >
                {label.name}
                <button
                  type="submit"
                  disabled={removing}
                  aria-label={`Remove label ${label.name}`}
                  className="rounded-full px-1 leading-none hover:underline focus-visible:outline focus-visible:outline-2"
                >
                  ×
                </button>
              </span>
            </form>
          </li>
        ))}
      </ul>
      {available.length > 0 ? (
        <form action={add} className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="questionId" value={questionId} />
          <label htmlFor="add-label" className="sr-only">
            Add a label
          </label>
          <select
            id="add-label"
            name="labelId"
            className="rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm"
            defaultValue=""
            required
          >
            <option value="" disabled>
              Add a label…
            </option>
            {available.map((label) => (
              <option key={label.id} value={label.id}>
                {label.name}
              </option>
            ))}
          </select>
          <button
            type="submit"
            disabled={adding}
            className="rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm hover:bg-stone-100"
          >
            Add label
          </button>
        </form>
      ) : null}
      <div aria-live="polite">
        {refusal?.message ? (
          <p role="alert" className="text-sm text-red-800">
            {refusal.message}
          </p>
        ) : null}
      </div>
    </section>
  );
}
