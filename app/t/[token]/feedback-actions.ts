'use server';

import { revalidatePath } from 'next/cache';
import type { Saved } from '@/app/_components/form-state';
import { refused } from '@/app/_components/form-state';
import { feedbackThanks } from '@/lib/feedback/answer';
import { replyFeedbackInput } from '@/lib/feedback/input';
import { action } from '@/server/action';
import { takeCustomerMessage } from '@/server/customer-limits';
import { answerReplyByTicket } from '@/server/reply-feedback';

/**
 * Anyone holding the ticket link, by design: the token is the customer's only key, as it is for
 * reading the page. It answers about one reply of that conversation; any other writes nothing.
 */
export const answerReply = action(
  { role: 'anyone', input: replyFeedbackInput },
  async (input, _user, typed): Promise<Saved | ReturnType<typeof refused>> => {
    const allowance = await takeCustomerMessage();
    if (!allowance.allowed) return refused(429, { message: allowance.message }, typed);
    const recorded = await answerReplyByTicket({ ...input, now: new Date() });
    if (!recorded.ok) {
      return refused(
        400,
        { message: 'This reply can no longer be answered here. Please contact the bakery.' },
        typed,
      );
    }
    // The page shows the kept answer under the reply.
    revalidatePath(`/t/${input.token}`);
    return { ok: true, message: feedbackThanks(input.answer) };
  },
);
