import type { Metadata } from 'next';
import { requireUser } from '@/server/session';
import { AppShell } from '../_shell/app-shell';

export const metadata: Metadata = { title: 'Inbox' };

export default async function InboxPage() {
  const user = await requireUser({ role: 'staff', returnTo: '/inbox' });
  return (
    <AppShell user={user}>
      <h1 className="text-2xl font-semibold">Inbox</h1>
      <p className="text-stone-700">Customer questions and their drafted answers appear here.</p>
    </AppShell>
  );
}
