import type { Metadata } from 'next';
import Link from 'next/link';
import { getBakery } from '@/db/bakery';

export const metadata: Metadata = { title: 'Page not found', referrer: 'no-referrer' };

/**
 * A ticket link that opens no conversation, with status 404: mistyped, cut short, or replaced
 * when the bakery sent a newer one. The desk forgets replaced links, so it cannot tell those
 * apart and says both.
 */
export default async function TicketNotFound() {
  const bakery = await getBakery();
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-4 px-6 py-12">
      <p className="text-sm font-medium text-amber-800">{bakery.name}</p>
      <h1 className="text-2xl font-semibold">We can’t find this page</h1>
      <p className="text-stone-700">
        The link may be incomplete, or it may have been replaced: if the bakery sent you a newer
        link to your question, use that one.
      </p>
      <p className="text-stone-700">
        <Link href="/ask" className="font-medium text-amber-900 underline">
          Ask us again
        </Link>{' '}
        and a person at the bakery will answer.
      </p>
    </main>
  );
}
