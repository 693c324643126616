'use server';

import { redirect } from 'next/navigation';
import { MESSAGE_NOT_TAKEN } from '@/lib/intake/database-away';
import { ticketMessageSchema } from '@/lib/intake/question-input';
import { action } from '@/server/action';
import { writeBackAsCustomer } from '@/server/customer-messages';
import { refused } from '../../_components/form-state';

/**
 * Anyone holding the ticket link, by design: the token is the customer's only key, as it is
 * for reading the page. The message joins the conversation and it waits for a new draft.
 */
export const writeBack = action(
  { role: 'anyone', input: ticketMessageSchema, whenDatabaseAway: MESSAGE_NOT_TAKEN },
  async (input, _user, typed) => {
    const written = await writeBackAsCustomer({ ...input, channel: 'web' });
    if (!written.ok) return refused(written.status, { message: written.message }, typed);
    redirect(`/t/${input.token}`);
  },
);
