import type { Metadata } from 'next';
import Link from 'next/link';
import { requireUser } from '@/server/session';
import { ModelSpendToday } from '../_components/model-budget';
import { AppShell } from '../_shell/app-shell';
import { adminSections } from './_components/admin-frame';

export const metadata: Metadata = { title: 'Admin' };

const about: Record<(typeof adminSections)[number]['href'], string> = {
  '/admin/settings': 'The bakery’s name, timezone and the contact line drafts use.',
  '/admin/menu': 'Items, prices, notice and what is available.',
  '/admin/hours': 'When you open and close on each weekday.',
  '/admin/exceptions': 'Holidays and days with special hours.',
  '/admin/knowledge':
    'Answers drafts may quote (delivery, custom cakes, payment), and topics always for a person.',
  '/admin/labels': 'Labels with colours that staff put on conversations and filter the inbox by.',
  '/admin/insights':
    'What customers ask for that is not on the menu, and what they asked that nothing answered.',
  '/admin/audit': 'Every change, who made it and when.',
  '/admin/staff': 'Who can work the inbox.',
  '/admin/data': 'How long customers’ details are kept, and what would be erased now.',
};

export default async function AdminPage() {
  const user = await requireUser({ role: 'owner', returnTo: '/admin' });
  return (
    <AppShell user={user}>
      <h1 className="text-2xl font-semibold">Admin</h1>
      <ModelSpendToday />
      <p className="text-stone-700">
        Drafts read these facts fresh for every question: a change applies to the next draft, and
        drafts that read what changed are marked stale in the inbox.
      </p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {adminSections.map((section) => (
          <li key={section.href} className="rounded-md border border-stone-200 p-4">
            <Link href={section.href} className="font-semibold underline">
              {section.label}
            </Link>
            <p className="text-sm text-stone-700">{about[section.href]}</p>
          </li>
        ))}
      </ul>
    </AppShell>
  );
}
