'use client';

import { ActionButton } from '../../_components/action-button';
import { resendEmailAction } from './actions';

/** Sends a failed reply's email again: the same email, under the same Message-ID. */
export function ResendEmail({ replyId }: { replyId: number }) {
  return (
    <ActionButton
      action={resendEmailAction}
      fields={{ replyId }}
      className="rounded-md bg-white px-2 py-0.5 font-medium text-red-900 ring-1 ring-red-300"
      formClassName="flex items-center gap-2"
    >
      Resend
    </ActionButton>
  );
}
