import type { Metadata } from 'next';
import { getBakery } from '@/db/bakery';
import { emailRepliesWork } from '@/server/mail/promise';
import { AskForm } from './ask-form';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Ask a question' };

export default async function AskPage() {
  const [bakery, emailed] = await Promise.all([getBakery(), emailRepliesWork()]);
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-6 px-6 py-12">
      <header className="flex flex-col gap-2">
        <p className="text-sm font-medium text-amber-800">{bakery.name}</p>
        <h1 className="text-2xl font-semibold">Ask a question</h1>
        <p className="text-stone-700">
          About an order, a pickup, our hours or what we bake. A person at the bakery reads every
          question and answers it.
        </p>
      </header>
      <AskForm emailed={emailed} />
    </main>
  );
}
