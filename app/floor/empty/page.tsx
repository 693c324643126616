import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { env } from '@/lib/env';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Empty page' };

/**
 * Next.js's own empty page in this build, for `npm run bench`'s page weight: a heading and
 * nothing of the desk, so what a page of ours loads beyond it is what the desk adds. Absent
 * (404) unless BENCH_FLOOR=on.
 */
export default function EmptyFloorPage() {
  if (env().BENCH_FLOOR !== 'on') notFound();
  return (
    <main>
      <h1>Empty page</h1>
    </main>
  );
}
