import type { Metadata } from 'next';
import { listDateExceptions } from '@/db/date-exceptions';
import { weekdayNames } from '@/lib/agent/bakery/calendar';
import { requireUser } from '@/server/session';
import { AdminFrame } from '../_components/admin-frame';
import { ExceptionForm } from './exception-form';
import { RemoveExceptionButton } from './remove-exception-button';

export const metadata: Metadata = { title: 'Holidays & special hours' };

function weekdayOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekdayNames[(day + 6) % 7] ?? '';
}

export default async function ExceptionsPage() {
  const user = await requireUser({ role: 'owner', returnTo: '/admin/exceptions' });
  const exceptions = await listDateExceptions();
  return (
    <AdminFrame
      user={user}
      title="Holidays & special hours"
      intro="A date here overrides the weekly hours for that day."
    >
      <ul className="flex flex-col gap-3" data-testid="exception-list">
        {exceptions.map((exception) => (
          <li
            key={exception.date}
            className="rounded-md border border-stone-200 p-4"
            data-testid="exception"
          >
            <div className="flex flex-wrap items-baseline gap-x-3">
              <span className="font-semibold">
                {weekdayOf(exception.date)} {exception.date}
              </span>
              <span>
                {exception.closed ? 'Closed' : `Open ${exception.opens}–${exception.closes}`}
              </span>
              {exception.note ? <span className="text-stone-700">{exception.note}</span> : null}
            </div>
            <RemoveExceptionButton date={exception.date} />
            <details className="mt-2">
              <summary className="cursor-pointer text-sm underline">Edit {exception.date}</summary>
              <div className="mt-3 max-w-xl">
                <ExceptionForm
                  exception={{
                    date: exception.date,
                    closed: exception.closed,
                    opens: exception.opens ?? '',
                    closes: exception.closes ?? '',
                    note: exception.note ?? '',
                  }}
                />
              </div>
            </details>
          </li>
        ))}
        {exceptions.length === 0 ? <li>No holidays or special hours yet.</li> : null}
      </ul>
      <section className="flex max-w-xl flex-col gap-3">
        <h2 className="text-xl font-semibold">Add a holiday or special hours</h2>
        <ExceptionForm />
      </section>
    </AdminFrame>
  );
}
