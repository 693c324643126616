'use client';

import { useFormAction } from '../../_components/use-form-action';
import { newTicketLinkAction } from './actions';

/**
 * Staff may need to pass the customer's link on (to someone who wrote by email). The desk keeps
 * only a hash of each link, so it makes a new one, shown here once.
 */
export function TicketLink({ questionId }: { questionId: number }) {
  const form = useFormAction(newTicketLinkAction);
  const made = form.state?.ok ? form.state : undefined;
  const link = made ? new URL(made.ticketPath, window.location.origin).toString() : null;
  return (
    <form action={form.formAction} className="inline-flex flex-wrap items-center gap-2">
      <input type="hidden" name="questionId" value={questionId} />
      {link ? (
        <span role="status" className="flex flex-wrap items-center gap-2">
          <a
            href={link}
            target="_blank"
            rel="noreferrer"
            className="underline"
            data-testid="ticket-link"
          >
            {link}
          </a>
          <span>{made?.message}</span>
        </span>
      ) : (
        <button
          type="submit"
          className="underline"
          disabled={form.pending}
          title="Makes a new link to pass on; the link the customer has stops working."
        >
          New link to the customer’s ticket page
        </button>
      )}
      {form.message ? (
        <span role="alert" className="text-red-700">
          {form.message}
        </span>
      ) : null}
    </form>
  );
}
