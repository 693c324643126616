'use client';

import Link from 'next/link';
import { sameAddress } from '@/lib/mail/address';
import { buttonClass, FormMessage } from '../../_components/text-field';
import { useFormAction } from '../../_components/use-form-action';
import { mergeConversationAction } from './actions';

export type MergeTarget = {
  id: number;
  version: number;
  customerName: string;
  customerEmail: string | null;
};

/**
 * Moves this conversation into the one its email names, once a person has judged it belongs
 * there, and asks whose address replies go to: the desk never hands a customer's conversation
 * to another address by itself. What happened is said here, where the person clicked, and stays
 * after the page below it changes.
 */
export function MergeConversation({
  questionId,
  version,
  senderEmail,
  target,
  mergedInto,
}: {
  questionId: number;
  version: number;
  senderEmail: string | null;
  target: MergeTarget;
  mergedInto: number | null;
}) {
  const form = useFormAction(mergeConversationAction);
  const intoHref = `/inbox/${target.id}`;
  if (form.saved || mergedInto !== null) {
    const into = mergedInto ?? target.id;
    return (
      <p
        role="status"
        className="rounded-md bg-green-50 px-3 py-2 text-green-900"
        data-testid="merge-result"
      >
        {form.saved ?? `Merged into conversation #${into}.`}{' '}
        <Link href={`/inbox/${into}`} className="underline">
          Open conversation #{into}
        </Link>
      </p>
    );
  }
  const sameSender = sameAddress(senderEmail, target.customerEmail);
  return (
    <form
      action={form.formAction}
      className="flex flex-col gap-3"
      aria-label={`Merge into conversation #${target.id}`}
      noValidate
    >
      <FormMessage message={form.message} />
      <input type="hidden" name="questionId" value={questionId} />
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name="intoId" value={target.id} />
      <input type="hidden" name="intoVersion" value={target.version} />
      {sameSender || !senderEmail ? (
        <input type="hidden" name="repliesTo" value="kept" />
      ) : (
        <fieldset
          className="flex flex-col gap-2"
          aria-describedby={form.errors.repliesTo ? 'merge-replies-to-error' : undefined}
        >
          <legend className="font-medium">After the merge, send replies to</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="repliesTo" value="kept" defaultChecked />
            <span>
              {target.customerEmail
                ? `${target.customerEmail} (${target.customerName}, who started conversation #${target.id})`
                : `Nobody by email: ${target.customerName} reads replies on their ticket page, as now`}
            </span>
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="repliesTo" value="other" />
            <span>{senderEmail} (who wrote this email)</span>
          </label>
          {form.errors.repliesTo ? (
            <p id="merge-replies-to-error" className="text-sm text-red-700">
              {form.errors.repliesTo}
            </p>
          ) : null}
        </fieldset>
      )}
      <p className="text-sm text-stone-700">
        The messages here move into{' '}
        <Link href={intoHref} className="underline">
          conversation #{target.id}
        </Link>
        , which gets a new draft; this one closes.
      </p>
      <button type="submit" className={`${buttonClass} self-start`} disabled={form.pending}>
        {form.pending ? 'Merging…' : `Merge into conversation #${target.id}`}
      </button>
    </form>
  );
}
