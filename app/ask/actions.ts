'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { createQuestion } from '@/db/questions';
import { clientAddress } from '@/lib/client-address';
import { askFormSchema, fieldErrors } from '@/lib/intake/question-input';
import { MemoryRateLimiter } from '@/lib/rate-limit';
import { publishDeskEvent } from '@/server/drafting/live';

export type AskFormState = {
  status: 'idle' | 'invalid' | 'limited' | 'error';
  message?: string;
  fieldErrors?: Partial<Record<'name' | 'email' | 'text', string[]>>;
  values?: { name: string; email: string; text: string };
};

const limits = globalThis as unknown as {
  __askLimiters?: { perAddress: MemoryRateLimiter; overall: MemoryRateLimiter };
};
// Ten a minute from one address; and, since an address can be forged, a ceiling for everyone.
limits.__askLimiters ??= {
  perAddress: new MemoryRateLimiter({ max: 10, windowMs: 60_000 }),
  overall: new MemoryRateLimiter({ max: 300, windowMs: 60_000 }),
};
const { perAddress, overall } = limits.__askLimiters;

const asText = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value : '');

/** Public by design: anyone may ask. The customer's only handle afterwards is the ticket link. */
export async function submitQuestion(
  _previous: AskFormState,
  form: FormData,
): Promise<AskFormState> {
  const values = {
    name: asText(form.get('name')),
    email: asText(form.get('email')),
    text: asText(form.get('text')),
  };
  const parsed = askFormSchema.safeParse(values);
  if (!parsed.success) {
    return {
      status: 'invalid',
      message: 'Please check the highlighted fields.',
      fieldErrors: fieldErrors(parsed.error),
      values,
    };
  }

  const address = clientAddress(await headers());
  // The ceiling counts only what one address was allowed, so one address cannot spend it.
  const fromAddress = perAddress.take(address);
  const limited = fromAddress.allowed ? [overall.take('all')].find((d) => !d.allowed) : fromAddress;
  if (limited && !limited.allowed) {
    const seconds = Math.ceil(limited.retryAfterMs / 1000);
    return {
      status: 'limited',
      message: `You have sent a lot of questions in the last minute. Please wait ${seconds} seconds and try again.`,
      values,
    };
  }

  const { question } = createQuestion({
    text: parsed.data.text,
    customerName: parsed.data.name,
    customerEmail: parsed.data.email,
    channel: 'web',
  });
  publishDeskEvent({ kind: 'queueChanged', questionId: question.id });
  redirect(`/t/${question.ticketToken}`);
}
