'use server';

import { redirect } from 'next/navigation';
import { QUESTION_NOT_TAKEN } from '@/lib/intake/database-away';
import { askFormSchema } from '@/lib/intake/question-input';
import { action } from '@/server/action';
import { askAsCustomer } from '@/server/customer-messages';
import { refused } from '../_components/form-state';

/** Anyone, by design: anyone may ask. The customer's only handle afterwards is the ticket link. */
export const submitQuestion = action(
  { role: 'anyone', input: askFormSchema, whenDatabaseAway: QUESTION_NOT_TAKEN },
  async (question, _user, typed) => {
    const asked = await askAsCustomer(question, 'web');
    if (!asked.ok) return refused(asked.status, { message: asked.message }, typed);
    redirect(`/t/${asked.ticketToken}`);
  },
);
