import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getBakery } from '@/db/bakery';
import { getQuestionByTicket } from '@/db/questions';
import { getReplyForQuestion } from '@/db/replies';
import { formatWhen } from '@/lib/format-time';
import { TICKET_TOKEN_SHAPE } from '@/lib/intake/ticket-token';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Your question', referrer: 'no-referrer' };

/** The customer's own page: the token is the only key, and it shows this one question alone. */
export default async function TicketPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const question = TICKET_TOKEN_SHAPE.test(token) ? getQuestionByTicket({ token }) : undefined;
  if (!question) notFound();
  const bakery = getBakery();
  // Only a reply a person sent is ever shown here; drafts never are.
  const reply = getReplyForQuestion({ questionId: question.id });

  return (
    <main className="mx-auto flex max-w-xl flex-col gap-6 px-6 py-12">
      <header className="flex flex-col gap-1">
        <p className="text-sm font-medium text-amber-800">{bakery.name}</p>
        <h1 className="text-2xl font-semibold">Your question</h1>
        <p className="text-sm text-stone-600">
          Asked {formatWhen(question.receivedAt, bakery.timezone)}. Keep this page's address to come
          back for the answer.
        </p>
      </header>
      <section
        aria-label="Your question"
        className="rounded-lg border border-stone-200 bg-white p-4"
      >
        <p className="whitespace-pre-wrap break-words" data-testid="ticket-question">
          {question.text}
        </p>
      </section>
      <section aria-live="polite" aria-label="Our answer">
        {reply ? (
          <div className="flex flex-col gap-2 rounded-lg border border-amber-200 bg-amber-50 p-4">
            <h2 className="font-semibold">Our answer</h2>
            <p className="whitespace-pre-wrap break-words" data-testid="ticket-reply">
              {reply.text}
            </p>
            <p className="text-sm text-stone-600">
              Sent {formatWhen(reply.sentAt, bakery.timezone)}
            </p>
          </div>
        ) : question.status === 'discarded' ? (
          <p data-testid="ticket-pending">
            This question is closed. If you still need an answer, please ask again or contact us:{' '}
            {bakery.contact}
          </p>
        ) : (
          <p data-testid="ticket-pending">
            Thank you. A person at the bakery will read your question and answer here soon.
          </p>
        )}
      </section>
    </main>
  );
}
