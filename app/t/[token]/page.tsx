import type { Metadata } from 'next';
import { getBakery } from '@/db/bakery';
import { formatWhen } from '@/lib/format-time';
import { ticketQuestionOrNotFound } from '@/server/ticket-question';
import { TicketConversation } from './ticket-conversation';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Your question', referrer: 'no-referrer' };

/**
 * The customer's own page: the token is the only key, and it shows this one conversation
 * alone: their messages and the replies a person sent, never drafts.
 */
export default async function TicketPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const question = await ticketQuestionOrNotFound(token);
  const bakery = await getBakery();
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
      <TicketConversation token={token} question={question} bakery={bakery} />
    </main>
  );
}
