'use client';

import { useActionState, useState } from 'react';
import { buttonClass } from '../../_components/text-field';
import { importMenu, type MenuImportState, startEmptyMenu } from './actions';

const secondaryButton =
  'rounded-md border border-stone-400 px-4 py-2 font-medium hover:bg-stone-100 disabled:opacity-60';

/**
 * The menu: keep the example (nothing to do), start empty, or import a spreadsheet saved as
 * CSV. The file is read in the browser into the text box, so what is sent is plain text the
 * owner can see and correct; the server reads every row before it writes anything.
 */
export function MenuStep() {
  const [csv, setCsv] = useState('');
  const [imported, importAction, importing] = useActionState(
    importMenu as (previous: MenuImportState, data: FormData) => Promise<MenuImportState>,
    undefined,
  );
  const [emptied, emptyAction, emptying] = useActionState(startEmptyMenu, undefined);
  const problems =
    imported && !imported.ok && 'problems' in imported ? imported.problems : undefined;
  const fieldError =
    imported && !imported.ok && 'errors' in imported
      ? (imported.errors as { csv?: string } | undefined)?.csv
      : undefined;
  return (
    <div className="flex flex-col gap-8">
      <section className="flex flex-col gap-3" aria-labelledby="import-heading">
        <h2 id="import-heading" className="text-lg font-semibold">
          Import your menu from a spreadsheet
        </h2>
        <p className="text-stone-700">
          Save the sheet as CSV with a first row naming the columns: <strong>name</strong>,{' '}
          <strong>price</strong>, <strong>notice days</strong> and <strong>allergens</strong>{' '}
          (allergens separated by semicolons, or “none”). Importing replaces the whole menu; if any
          row has a problem, nothing changes.
        </p>
        <form
          action={importAction}
          className="flex flex-col gap-3"
          aria-label="Import a menu"
          noValidate
        >
          {imported?.ok ? (
            <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-green-900">
              {imported.message}
            </p>
          ) : null}
          {imported && !imported.ok && !fieldError ? (
            <div
              role="alert"
              data-testid="csv-problems"
              className="rounded-md bg-red-50 px-3 py-2 text-red-800"
            >
              <p>{imported.message}</p>
              {problems ? (
                <ul className="list-disc pl-5">
                  {problems.map((problem) => (
                    <li key={`${problem.row}:${problem.message}`}>
                      {problem.row === null ? '' : `Row ${problem.row}: `}
                      {problem.message}
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
          <div className="flex flex-col gap-1">
            <label htmlFor="menu-file" className="font-medium">
              Spreadsheet file (CSV)
            </label>
            <input
              id="menu-file"
              type="file"
              accept=".csv,text/csv,text/plain"
              onChange={async (event) => {
                const file = event.target.files?.[0];
                if (file) setCsv(await file.text());
              }}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="csv" className="font-medium">
              The rows to import
            </label>
            <textarea
              id="csv"
              name="csv"
              rows={8}
              value={csv}
              onChange={(event) => setCsv(event.target.value)}
              aria-describedby={fieldError ? 'csv-hint csv-error' : 'csv-hint'}
              aria-invalid={fieldError ? true : undefined}
              className="rounded-md border border-stone-300 px-3 py-2 font-mono text-sm"
            />
            <p id="csv-hint" className="text-sm text-stone-600">
              A chosen file appears here; you can also paste or correct the rows yourself.
            </p>
            {fieldError ? (
              <p id="csv-error" className="text-sm text-red-700">
                {fieldError}
              </p>
            ) : null}
          </div>
          <button type="submit" className={`${buttonClass} self-start`} disabled={importing}>
            {importing ? 'Importing…' : 'Import the menu'}
          </button>
        </form>
      </section>
      <section className="flex flex-col gap-3" aria-labelledby="empty-heading">
        <h2 id="empty-heading" className="text-lg font-semibold">
          Or start with an empty menu
        </h2>
        <form action={emptyAction} className="flex flex-col gap-3">
          {emptied?.ok ? (
            <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-green-900">
              {emptied.message}
            </p>
          ) : null}
          <button type="submit" className={`${secondaryButton} self-start`} disabled={emptying}>
            {emptying ? 'Emptying…' : 'Remove every example item'}
          </button>
        </form>
      </section>
    </div>
  );
}
