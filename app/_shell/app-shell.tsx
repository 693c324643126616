import Link from 'next/link';
import type { ReactNode } from 'react';
import { needsReviewCount } from '@/db/alerts';
import { getBakery } from '@/db/bakery';
import { getPreferences } from '@/db/preferences';
import { type Role, roleAllows } from '@/lib/auth/roles';
import type { CurrentUser } from '@/server/session';
import { HeldReplies } from '../inbox/_undo/held-replies';
import { DeskAlerts } from './desk-alerts';
import { HeaderMenu } from './header-menu';
import { SignOutButton } from './sign-out-button';

/** The header's links, each for the least role that may open it. */
const mainLinks: { href: string; label: string; role: Role }[] = [
  { href: '/inbox', label: 'Inbox', role: 'staff' },
  { href: '/inbox/stats', label: 'My figures', role: 'staff' },
  { href: '/inbox/snippets', label: 'Snippets', role: 'staff' },
  { href: '/admin', label: 'Admin', role: 'owner' },
  { href: '/account', label: 'Account', role: 'staff' },
];

/**
 * The header of every staff and owner page: `<AppShell user={await requireUser(…)}>`.
 * Links appear by role; the pages themselves still check on the server.
 */
export async function AppShell({
  user,
  children,
  wide = false,
  guidedStartLink = true,
}: {
  user: CurrentUser;
  children: ReactNode;
  /** Pages with two columns (the inbox) use the whole width. */
  wide?: boolean;
  /** The guided start itself need not point to itself. */
  guidedStartLink?: boolean;
}) {
  const bakery = await getBakery();
  // Until the owner finishes or skips it, every page offers the way back to the guided start.
  const offerGuidedStart =
    guidedStartLink && bakery.firstRun === 'pending' && roleAllows(user.role, 'owner');
  const alerts = roleAllows(user.role, 'staff')
    ? { count: await needsReviewCount(), choices: await getPreferences({ userId: user.id }) }
    : null;
  return (
    <div className="min-h-screen">
      <header className="flex flex-col gap-3 border-b border-stone-200 px-4 py-3 sm:flex-row sm:flex-wrap sm:items-center sm:gap-4 sm:px-6">
        <HeaderMenu
          lead={
            <>
              <span className="min-w-0 truncate font-semibold" data-testid="shell-bakery-name">
                {bakery.name}
              </span>
              {alerts ? (
                <DeskAlerts
                  initialCount={alerts.count}
                  sound={alerts.choices.sound}
                  notifications={alerts.choices.notifications}
                />
              ) : null}
            </>
          }
        >
          <nav aria-label="Main">
            <ul className="flex flex-col gap-3 sm:flex-row">
              {mainLinks
                .filter((link) => roleAllows(user.role, link.role))
                .map((link) => (
                  <li key={link.href}>
                    <Link href={link.href}>{link.label}</Link>
                  </li>
                ))}
            </ul>
          </nav>
          <span className="text-sm text-stone-700 sm:ml-auto" data-testid="signed-in-user">
            {user.name} ({user.role})
          </span>
          <SignOutButton />
        </HeaderMenu>
      </header>
      {offerGuidedStart ? (
        <aside
          aria-label="Guided start"
          className="border-b border-amber-200 bg-amber-50 px-6 py-2 text-sm"
        >
          <Link href="/admin/start" className="font-medium text-amber-900 underline">
            Continue the guided start
          </Link>
        </aside>
      ) : null}
      <main
        className={`mx-auto flex flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8 ${wide ? 'max-w-7xl' : 'max-w-4xl'}`}
      >
        {roleAllows(user.role, 'staff') ? <HeldReplies userId={user.id} /> : null}
        {children}
      </main>
    </div>
  );
}
