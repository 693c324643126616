'use client';

import { useEffect, useRef, useState } from 'react';
import { useFormAction } from '../../_components/use-form-action';
import { newTicketLinkAction } from './actions';

/**
 * Staff may need to pass the customer's link on (to someone who wrote by email). The desk keeps
 * only a hash of each link, so it makes a new one, shown here once. Making one breaks the link
 * the customer has, so it is asked first, in the page, where the keyboard already is.
 */
export function TicketLink({ questionId }: { questionId: number }) {
  const form = useFormAction(newTicketLinkAction);
  const made = form.state?.ok ? form.state : undefined;
  const link = made ? new URL(made.ticketPath, window.location.origin).toString() : null;
  const [asking, setAsking] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const result = useRef<HTMLAnchorElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (asking) confirmButton.current?.focus();
    else if (returnFocus.current) opener.current?.focus();
    returnFocus.current = false;
  }, [asking]);
  useEffect(() => {
    if (link) result.current?.focus();
  }, [link]);

  const cancel = () => {
    returnFocus.current = true;
    setAsking(false);
  };

  return (
    <form action={form.formAction} className="inline-flex flex-wrap items-center gap-2">
      <input type="hidden" name="questionId" value={questionId} />
      {link ? (
        <span role="status" className="flex flex-wrap items-center gap-2">
          <a
            ref={result}
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
      ) : asking ? (
        <fieldset
          aria-labelledby={`new-link-question-${questionId}`}
          className="m-0 flex min-w-0 flex-wrap items-center gap-2 border-0 p-0"
          onKeyDown={(event) => {
            if (event.key === 'Escape') cancel();
          }}
        >
          <span id={`new-link-question-${questionId}`}>
            Make a new link? The link the customer has now will stop working.
          </span>
          <button
            ref={confirmButton}
            type="submit"
            className="rounded border border-amber-800 px-2 py-0.5 font-medium text-amber-900"
            disabled={form.pending}
          >
            {form.pending ? 'Making the link…' : 'Make a new link'}
          </button>
          <button type="button" className="underline" onClick={cancel} disabled={form.pending}>
            Cancel
          </button>
        </fieldset>
      ) : (
        <button ref={opener} type="button" className="underline" onClick={() => setAsking(true)}>
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
