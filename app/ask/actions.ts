'use server';

import { redirect } from 'next/navigation';
import { createQuestion } from '@/db/questions';
import { askFormSchema } from '@/lib/intake/question-input';
import { MemoryRateLimiter } from '@/lib/rate-limit';
import { action } from '@/server/action';
import { requestAddressKey } from '@/server/client-address';
import { publishDeskEvent } from '@/server/drafting/live';
import { refused } from '../_components/form-state';

const limits = globalThis as unknown as {
  __askLimiters?: { perAddress: MemoryRateLimiter; overall: MemoryRateLimiter };
};
// Ten a minute from one address (server/client-address.ts: forwarded addresses count only from
// TRUSTED_PROXIES), and a ceiling for everyone, which one address cannot spend alone.
limits.__askLimiters ??= {
  perAddress: new MemoryRateLimiter({ max: 10, windowMs: 60_000 }),
  overall: new MemoryRateLimiter({ max: 300, windowMs: 60_000 }),
};
const { perAddress, overall } = limits.__askLimiters;

/** Anyone, by design: anyone may ask. The customer's only handle afterwards is the ticket link. */
export const submitQuestion = action(
  { role: 'anyone', input: askFormSchema },
  async (question, _user, typed) => {
    const address = await requestAddressKey();
    // The ceiling counts only what one address was allowed, so one address cannot spend it.
    const fromAddress = perAddress.take(address);
    const limited = fromAddress.allowed
      ? [overall.take('all')].find((d) => !d.allowed)
      : fromAddress;
    if (limited && !limited.allowed) {
      const seconds = Math.ceil(limited.retryAfterMs / 1000);
      const message = `You have sent a lot of questions in the last minute. Please wait ${seconds} seconds and try again.`;
      return refused(429, { message }, typed);
    }
    const stored = createQuestion({
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
