import type { Metadata } from 'next';
import Link from 'next/link';
import { requireUser } from '@/server/session';
import { AppShell } from '../_shell/app-shell';

export const metadata: Metadata = { title: 'Admin' };

export default async function AdminPage() {
  const user = await requireUser({ role: 'owner', returnTo: '/admin' });
  return (
    <AppShell user={user}>
      <h1 className="text-2xl font-semibold">Admin</h1>
      <ul className="list-disc pl-6">
        <li>
          <Link href="/admin/staff">Staff</Link>
        </li>
      </ul>
    </AppShell>
  );
}
