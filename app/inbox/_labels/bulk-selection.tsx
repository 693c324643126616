'use client';

import { createContext, useContext, useRef, useState, useTransition } from 'react';
import {
  clickRow,
  emptySelection,
  encodeRows,
  keepShown,
  type RowShown,
  type Selection,
  toggleAll,
} from '@/lib/inbox/bulk';
import { bulkAssignAction, bulkDiscardAction, bulkLabelAction } from './actions';

type Context = {
  selection: Selection;
  click: (id: number, shift: boolean) => void;
};
const SelectionContext = createContext<Context | null>(null);

const button =
  'rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium text-stone-900 hover:bg-stone-100 disabled:opacity-60';

/**
 * The inbox list with its bulk actions: a checkbox on every row (shift-click selects a range),
 * "Select all on this page", and the actions on what is selected. Each action posts the rows
 * with the versions this list showed, so a row that changed since refuses the whole action.
 */
export function BulkSelection({
  rows,
  labels,
  people,
  children,
}: {
  rows: RowShown[];
  labels: { id: number; name: string }[];
  /** Who the selected rows can be assigned to. */
  people: { id: number; name: string }[];
  children: React.ReactNode;
}) {
  const order = rows.map((row) => row.id);
  const [raw, setSelection] = useState<Selection>(emptySelection);
  // A refresh may draw other rows: what is selected is what is still on the page.
  const selection = keepShown(raw, order);
  const [said, setSaid] = useState<{ ok: boolean; message: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const discardDialog = useRef<HTMLDialogElement>(null);
  const [reasonError, setReasonError] = useState<string | undefined>();

  const chosen = rows.filter((row) => selection.ids.has(row.id));
  const allOnPage = order.length > 0 && chosen.length === order.length;

  const run = (
    kind: 'discard' | 'label' | 'assign',
    fields: Record<string, string>,
    after?: () => void,
  ) =>
    startTransition(async () => {
      const formData = new FormData();
      formData.set('rows', encodeRows(chosen));
      for (const [key, value] of Object.entries(fields)) formData.set(key, value);
      const result =
        kind === 'discard'
          ? await bulkDiscardAction(undefined, formData)
          : kind === 'label'
            ? await bulkLabelAction(undefined, formData)
            : await bulkAssignAction(undefined, formData);
      if (result?.ok) {
        setSelection(emptySelection);
        setReasonError(undefined);
        setSaid({ ok: true, message: result.message });
        after?.();
        return;
      }
      const errors = result && 'errors' in result ? result.errors : undefined;
      const reason = errors && 'reason' in errors ? errors.reason : undefined;
      if (reason) {
        setReasonError(reason);
        return;
      }
      after?.();
      setSaid({
        ok: false,
        message:
          result?.message ??
          (errors ? Object.values(errors).find(Boolean) : undefined) ??
          'Nothing was changed.',
      });
    });

  return (
    <SelectionContext.Provider
      value={{
        selection,
        click: (id, shift) => setSelection(clickRow(selection, { id, shift, order })),
      }}
    >
      <div
        className={
          order.length > 0
            ? 'flex flex-wrap items-center gap-3 rounded-lg border border-stone-200 bg-stone-50 px-3 py-2'
            : 'flex flex-col empty:hidden'
        }
        data-testid="bulk-bar"
      >
        {order.length > 0 ? (
          <>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={allOnPage}
                onChange={() => setSelection(toggleAll(selection, order))}
                className="size-4"
              />
              Select all on this page
            </label>
            <span className="text-sm text-stone-700" data-testid="bulk-count">
              {chosen.length} selected
            </span>
          </>
        ) : null}
        {chosen.length > 0 ? (
          <>
            <button
              type="button"
              className={button}
              disabled={pending}
              onClick={() => discardDialog.current?.showModal()}
            >
              Discard selected…
            </button>
            {labels.length > 0 ? (
              <form
                className="flex items-center gap-2"
                onSubmit={(event) => {
                  event.preventDefault();
                  const labelId = new FormData(event.currentTarget).get('labelId');
                  if (typeof labelId === 'string' && labelId) run('label', { labelId });
                }}
              >
                <label htmlFor="bulk-label" className="sr-only">
                  Label to put on the selected questions
                </label>
                <select
                  id="bulk-label"
                  name="labelId"
                  defaultValue=""
                  required
                  className="rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm"
                >
                  <option value="" disabled>
                    Choose a label…
                  </option>
                  {labels.map((label) => (
                    <option key={label.id} value={label.id}>
                      {label.name}
                    </option>
                  ))}
                </select>
                <button type="submit" className={button} disabled={pending}>
                  Label selected
                </button>
              </form>
            ) : null}
            <form
              className="flex items-center gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                const assignee = new FormData(event.currentTarget).get('assignee');
                if (typeof assignee === 'string' && assignee) run('assign', { assignee });
              }}
            >
              <label htmlFor="bulk-assign" className="sr-only">
                Who looks after the selected questions
              </label>
              <select
                id="bulk-assign"
                name="assignee"
                defaultValue=""
                required
                className="rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm"
              >
                <option value="" disabled>
                  Assign to…
                </option>
                {people.map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.name}
                  </option>
                ))}
                <option value="none">Nobody (unassign)</option>
              </select>
              <button type="submit" className={button} disabled={pending}>
                Assign selected
              </button>
            </form>
          </>
        ) : null}
        <div aria-live="polite" className="basis-full empty:hidden">
          {said ? (
            <p
              role={said.ok ? 'status' : 'alert'}
              data-testid={said.ok ? 'bulk-ok' : 'bulk-error'}
              className={`rounded-md px-3 py-2 text-sm ${said.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}
            >
              {said.message}
            </p>
          ) : null}
        </div>
      </div>

      <dialog
        ref={discardDialog}
        aria-labelledby="bulk-discard-title"
        data-testid="bulk-discard-dialog"
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg p-6 shadow-xl backdrop:bg-stone-900/40"
      >
        <form
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            const reason = new FormData(event.currentTarget).get('reason');
            run('discard', { reason: typeof reason === 'string' ? reason : '' }, () =>
              discardDialog.current?.close(),
            );
          }}
        >
          <h2 id="bulk-discard-title" className="text-lg font-semibold">
            Discard {chosen.length} question{chosen.length === 1 ? '' : 's'}?
          </h2>
          <p className="text-sm text-stone-600">
            No reply is sent. Each customer’s page says their question is closed.
          </p>
          <label htmlFor="bulk-discard-reason" className="font-medium">
            Why discard them?
          </label>
          <textarea
            id="bulk-discard-reason"
            name="reason"
            rows={3}
            maxLength={500}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? 'bulk-discard-reason-error' : undefined}
            className="rounded-md border border-stone-300 px-3 py-2"
          />
          {reasonError ? (
            <p id="bulk-discard-reason-error" className="text-sm text-red-800">
              {reasonError}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <button type="button" className={button} onClick={() => discardDialog.current?.close()}>
              Cancel
            </button>
            <button
              type="submit"
              disabled={pending}
              className="rounded-md bg-red-700 px-4 py-2 text-sm font-medium text-white hover:bg-red-800 disabled:opacity-60"
            >
              Discard {chosen.length}
            </button>
          </div>
        </form>
      </dialog>
      {children}
    </SelectionContext.Provider>
  );
}

/** A row's checkbox; shift-click selects every row from the last one clicked. */
export function RowCheckbox({ id, name }: { id: number; name: string }) {
  const context = useContext(SelectionContext);
  if (!context) return null;
  return (
    <label className="flex shrink-0 cursor-pointer items-center self-stretch px-3">
      <input
        type="checkbox"
        data-testid="row-select"
        checked={context.selection.ids.has(id)}
        // The click carries shift; the change that follows is the click's own.
        onClick={(event) => context.click(id, event.shiftKey)}
        onChange={() => undefined}
        className="size-4"
      />
      <span className="sr-only">
        Select question #{id} from {name}
      </span>
    </label>
  );
}
