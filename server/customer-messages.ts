import 'server-only';
import { addCustomerMessage } from '@/db/conversations';
import { createQuestion } from '@/db/questions';
import type { Channel } from '@/lib/domain';
import type { AskFormInput } from '@/lib/intake/question-input';
import { takeCustomerMessage } from './customer-limits';
import { publishDeskEvent } from './drafting/live';

/**
 * What a customer sends from the desk's own pages (/ask, the ticket page, the "Ask us" panel):
 * counted against the same limits, stored with the page's channel, and the inbox told. The
 * pages only decide where the customer goes next.
 */

export type CustomerRefusal = { ok: false; status: 400 | 429; message: string };

/** A new question; its ticket token is the customer's only key to it. */
export async function askAsCustomer(
  question: AskFormInput,
  channel: Extract<Channel, 'web' | 'widget'>,
): Promise<{ ok: true; ticketToken: string } | CustomerRefusal> {
  const allowance = await takeCustomerMessage();
  if (!allowance.allowed) return { ok: false, status: 429, message: allowance.message };
  const stored = await createQuestion({
    text: question.text,
    customerName: question.name,
    customerEmail: question.email,
    channel,
  });
  publishDeskEvent({ kind: 'queueChanged', questionId: stored.question.id });
  if (!stored.created) throw new Error('A question from a form is always new.');
  return { ok: true, ticketToken: stored.ticketToken };
}

/** The customer writes back on their ticket; it waits for a new draft. */
export async function writeBackAsCustomer(input: {
  token: string;
  text: string;
  channel: Extract<Channel, 'web' | 'widget'>;
}): Promise<{ ok: true } | CustomerRefusal> {
  const allowance = await takeCustomerMessage();
  if (!allowance.allowed) return { ok: false, status: 429, message: allowance.message };
  const added = await addCustomerMessage({
    thread: { token: input.token },
    text: input.text,
    channel: input.channel,
  });
  if (!added.ok) {
    return {
      ok: false,
      status: 400,
      message: 'This conversation is no longer open. Please ask again from the question page.',
    };
  }
  publishDeskEvent({ kind: 'queueChanged', questionId: added.question.id });
  return { ok: true };
}
