import Link from 'next/link';
import { getBakery } from '@/db/bakery';
import { hasAnyUser } from '@/db/users';

export const dynamic = 'force-dynamic';

export default async function HomePage() {
  const bakery = await getBakery();
  const firstRun = !(await hasAnyUser());
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-6 px-6 py-16">
      {firstRun ? (
        <p className="rounded-md bg-amber-50 px-4 py-3" data-testid="first-run-notice">
          This desk has no accounts yet.{' '}
          <Link href="/setup" className="font-medium underline">
            Create the owner account
          </Link>{' '}
          to start.
        </p>
      ) : null}
      <h1 className="text-3xl font-semibold" data-testid="bakery-name">
        {bakery.name}
      </h1>
      <p className="text-lg text-stone-700">
        Ask us about an order, our hours or what is in the oven. A person at the bakery reads every
        question and answers it.
      </p>
      <div className="flex flex-wrap gap-3">
        <Link
          href="/ask"
          className="rounded-md bg-amber-700 px-4 py-2 font-medium text-white hover:bg-amber-800"
        >
          Ask a question
        </Link>
        <Link
          href="/inbox"
          className="rounded-md border border-stone-300 px-4 py-2 font-medium hover:bg-stone-100"
        >
          Staff sign-in
        </Link>
      </div>
      {bakery.contact ? <p className="text-sm text-stone-600">{bakery.contact}</p> : null}
    </main>
  );
}
