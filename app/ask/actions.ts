'use server';

import { redirect } from 'next/navigation';
import { createQuestion } from '@/db/questions';
import { askFormSchema } from '@/lib/intake/question-input';
import { action } from '@/server/action';
import { takeCustomerMessage } from '@/server/customer-limits';
import { publishDeskEvent } from '@/server/drafting/live';
import { refused } from '../_components/form-state';

/** Anyone, by design: anyone may ask. The customer's only handle afterwards is the ticket link. */
export const submitQuestion = action(
  { role: 'anyone', input: askFormSchema },
  async (question, _user, typed) => {
    const allowance = await takeCustomerMessage();
    if (!allowance.allowed) return refused(429, { message: allowance.message }, typed);
    const stored = await createQuestion({
      text: question.text,
      customerName: question.name,
      customerEmail: question.email,
      channel: 'web',
    });
    publishDeskEvent({ kind: 'queueChanged', questionId: stored.question.id });
    if (!stored.created) throw new Error('A question from the form is always new.');
    redirect(`/t/${stored.ticketToken}`);
  },
);
