import Link from 'next/link';
import { customerHistory, HISTORY_LIMIT } from '@/db/customer-history';
import { firstLine, statusLabels } from '@/lib/inbox/groups';

/**
 * Beside a conversation: the same customer's other conversations, found by their email
 * address, newest first. Questions keep no phone number, so that is the only key.
 */
export async function CustomerHistory({
  questionId,
  email,
  customerName,
  timezone,
}: {
  questionId: number;
  email: string | null;
  customerName: string;
  timezone: string;
}) {
  const rows = await customerHistory({ questionId, email });
  const shown = rows.slice(0, HISTORY_LIMIT);
  const day = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: timezone,
  });
  return (
    <section
      aria-labelledby="history-title"
      className="rounded-lg border border-stone-200 bg-white p-4 text-sm"
      data-testid="customer-history"
    >
      <h2 id="history-title" className="mb-2 text-lg font-semibold">
        Earlier with this customer
      </h2>
      {!email ? (
        <p className="text-stone-700">
          {customerName} left no email address, so their other conversations cannot be found.
        </p>
      ) : shown.length === 0 ? (
        <p className="text-stone-700">No other conversations from {email}.</p>
      ) : (
        <>
          <ul className="flex flex-col divide-y divide-stone-100">
            {shown.map((row) => (
              <li key={row.id} className="py-2" data-testid="history-item" data-question={row.id}>
                <Link href={`/inbox/${row.id}`} className="flex flex-col gap-1 hover:bg-stone-50">
                  <span className="flex flex-wrap items-center gap-2">
                    <span
                      className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-800"
                      data-testid="history-status"
                    >
                      {statusLabels[row.status]}
                    </span>
                    <time dateTime={row.lastMessageAt.toISOString()} className="text-stone-700">
                      {day.format(row.lastMessageAt)}
                    </time>
                  </span>
                  <span className="underline">{firstLine(row.text, 90) || '(no text)'}</span>
                </Link>
              </li>
            ))}
          </ul>
          {rows.length > HISTORY_LIMIT ? (
            <p className="mt-2 text-stone-700">
              Only the newest {HISTORY_LIMIT} are listed; search the inbox for {email} to see all.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
