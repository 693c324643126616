'use server';

import { redirect } from 'next/navigation';
import { MESSAGE_NOT_TAKEN, QUESTION_NOT_TAKEN } from '@/lib/intake/database-away';
import { askFormSchema, ticketMessageSchema } from '@/lib/intake/question-input';
import { action } from '@/server/action';
import { askAsCustomer, writeBackAsCustomer } from '@/server/customer-messages';
import { refused } from '../_components/form-state';

/**
 * Anyone, by design, as on /ask: the "Ask us" panel on the bakery's website. Its questions
 * arrive as the web widget's, and the customer stays in the panel.
 */
export const askFromWidget = action(
  { role: 'anyone', input: askFormSchema, whenDatabaseAway: QUESTION_NOT_TAKEN },
  async (question, _user, typed) => {
    const asked = await askAsCustomer(question, 'widget');
    if (!asked.ok) return refused(asked.status, { message: asked.message }, typed);
    redirect(`/widget/t/${asked.ticketToken}`);
  },
);

/** Anyone holding the ticket, as on the ticket page: writing back from inside the panel. */
export const writeBackFromWidget = action(
  { role: 'anyone', input: ticketMessageSchema, whenDatabaseAway: MESSAGE_NOT_TAKEN },
  async (input, _user, typed) => {
    const written = await writeBackAsCustomer({ ...input, channel: 'widget' });
    if (!written.ok) return refused(written.status, { message: written.message }, typed);
    redirect(`/widget/t/${input.token}`);
  },
);
