import Link from 'next/link';
import type { ReactNode } from 'react';
import type { CurrentUser } from '@/server/session';
import { ModelSpendToday } from '../../_components/model-budget';
import { AppShell } from '../../_shell/app-shell';

export const adminSections = [
  { href: '/admin/settings', label: 'Settings' },
  { href: '/admin/menu', label: 'Menu' },
  { href: '/admin/hours', label: 'Weekly hours' },
  { href: '/admin/exceptions', label: 'Holidays & special hours' },
  { href: '/admin/knowledge', label: 'Knowledge' },
  { href: '/admin/labels', label: 'Labels' },
  { href: '/admin/insights', label: 'Insights' },
  { href: '/admin/audit', label: 'Audit log' },
  { href: '/admin/staff', label: 'Staff' },
  { href: '/admin/data', label: 'Customer data' },
] as const;

/** Every admin page: the app header, the admin sections, the page's title. */
export function AdminFrame({
  user,
  title,
  intro,
  children,
}: {
  user: CurrentUser;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <AppShell user={user}>
      <nav aria-label="Admin" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link href="/admin" className="underline">
          Admin
        </Link>
        {adminSections.map((section) => (
          <Link key={section.href} href={section.href} className="underline">
            {section.label}
          </Link>
        ))}
      </nav>
      <ModelSpendToday />
      <h1 className="text-2xl font-semibold">{title}</h1>
      {intro ? <div className="text-stone-700">{intro}</div> : null}
      {children}
    </AppShell>
  );
}
