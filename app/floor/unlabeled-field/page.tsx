import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { env } from '@/lib/env';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'A field without a label' };

/**
 * A page with one mistake axe must find: a text field nobody could name. The browser suite's
 * accessibility gate is run on it to show the gate fails when a page breaks the rules. Absent
 * (404) unless BENCH_FLOOR=on, like the other floors the desk is measured against.
 */
export default function UnlabeledFieldPage() {
  if (env().BENCH_FLOOR !== 'on') notFound();
  return (
    <main className="mx-auto flex max-w-md flex-col gap-4 px-6 py-16">
      <h1 className="text-2xl font-semibold">A field without a label</h1>
      <input type="text" name="nameless" className="rounded-md border border-stone-300 px-3 py-2" />
    </main>
  );
}
