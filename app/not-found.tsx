import type { Metadata } from 'next';
import Link from 'next/link';
import { getBakery } from '@/db/bakery';

export const metadata: Metadata = { title: 'Page not found' };

/**
 * Any address the desk does not have (or does not have any more, like /setup once the owner
 * exists), in the bakery's words, with status 404. Ticket links have their own (app/t/[token]).
 */
export default async function NotFound() {
  const bakery = await getBakery();
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-4 px-6 py-12">
      <p className="text-sm font-medium text-amber-800">{bakery.name}</p>
      <h1 className="text-2xl font-semibold">We can’t find this page</h1>
      <p className="text-stone-700">
        The address may be incomplete or mistyped, or the page is no longer here.
      </p>
      <p className="flex flex-wrap gap-x-6 gap-y-2">
        <Link href="/" className="font-medium text-amber-900 underline">
          The bakery’s home page
        </Link>
        <Link href="/ask" className="font-medium text-amber-900 underline">
          Ask us a question
        </Link>
      </p>
    </main>
  );
}
