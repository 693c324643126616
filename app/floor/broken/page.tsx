import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { env } from '@/lib/env';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'A page that fails' };

/**
 * A page that always fails on the server, so the browser suite can show what staff see then
 * (app/error.tsx, with the request id to quote) and that the server's log has that id. Absent
 * (404) unless BENCH_FLOOR=on, like the other floors.
 */
export default function BrokenFloorPage() {
  if (env().BENCH_FLOOR !== 'on') notFound();
  throw new Error('This page fails on purpose (BENCH_FLOOR=on).');
}
