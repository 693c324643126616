import type { Metadata } from 'next';
import Link from 'next/link';
import { getBakery } from '@/db/bakery';
import { requestedTicketWasReplaced } from '@/server/replaced-ticket';

export const metadata: Metadata = { title: 'Page not found', referrer: 'no-referrer' };

/**
 * A ticket link that opens no conversation, with status 404 (Next.js gives a not-found page no
 * other). A link staff replaced with a newer one says so; any other (mistyped, cut short) is the
 * bakery's own not found. Either way it opens nothing and names no conversation.
 */
export default async function TicketNotFound() {
  const [bakery, replaced] = await Promise.all([getBakery(), requestedTicketWasReplaced()]);
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-4 px-6 py-12">
      <p className="text-sm font-medium text-amber-800">{bakery.name}</p>
      {replaced ? (
        <>
          <h1 className="text-2xl font-semibold">This link has been replaced.</h1>
          <p className="text-stone-700" data-testid="ticket-replaced">
            The bakery has sent you a newer one. Use the newer link to see your question and its
            answers.
          </p>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-semibold">We can’t find this page</h1>
          <p className="text-stone-700">
            The link may be incomplete or mistyped: check that you used the whole address the bakery
            gave you.
          </p>
        </>
      )}
      <p className="text-stone-700">
        <Link href="/ask" className="font-medium text-amber-900 underline">
          Ask us again
        </Link>{' '}
        and a person at the bakery will answer.
      </p>
    </main>
  );
}
