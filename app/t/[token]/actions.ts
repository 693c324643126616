'use server';

import { redirect } from 'next/navigation';
import { addCustomerMessage } from '@/db/conversations';
import { ticketMessageSchema } from '@/lib/intake/question-input';
import { action } from '@/server/action';
import { takeCustomerMessage } from '@/server/customer-limits';
import { publishDeskEvent } from '@/server/drafting/live';
import { refused } from '../../_components/form-state';

/**
 * Anyone holding the ticket link, by design: the token is the customer's only key, as it is
 * for reading the page. The message joins the conversation and it waits for a new draft.
 */
export const writeBack = action(
  { role: 'anyone', input: ticketMessageSchema },
  async (input, _user, typed) => {
    const allowance = await takeCustomerMessage();
    if (!allowance.allowed) return refused(429, { message: allowance.message }, typed);
    const added = await addCustomerMessage({
      thread: { token: input.token },
      text: input.text,
      channel: 'web',
    });
    if (!added.ok) {
      return refused(
        400,
        {
          message: 'This conversation is no longer open. Please ask again from the question page.',
        },
        typed,
      );
    }
    publishDeskEvent({ kind: 'queueChanged', questionId: added.question.id });
    redirect(`/t/${input.token}`);
  },
);
