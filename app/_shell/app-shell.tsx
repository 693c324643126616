import Link from 'next/link';
import type { ReactNode } from 'react';
import { needsReviewCount } from '@/db/alerts';
import { getBakery } from '@/db/bakery';
import { getPreferences } from '@/db/preferences';
import { roleAllows } from '@/lib/auth/roles';
import type { CurrentUser } from '@/server/session';
import { HeldReplies } from '../inbox/_undo/held-replies';
import { DeskAlerts } from './desk-alerts';
import { SignOutButton } from './sign-out-button';

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
      <header className="flex flex-wrap items-center gap-4 border-b border-stone-200 px-6 py-3">
        <span className="font-semibold" data-testid="shell-bakery-name">
          {bakery.name}
        </span>
        <nav aria-label="Main" className="flex gap-3">
          {roleAllows(user.role, 'staff') ? <Link href="/inbox">Inbox</Link> : null}
          {roleAllows(user.role, 'staff') ? <Link href="/inbox/stats">My figures</Link> : null}
          {roleAllows(user.role, 'staff') ? <Link href="/inbox/snippets">Snippets</Link> : null}
          {roleAllows(user.role, 'owner') ? <Link href="/admin">Admin</Link> : null}
          <Link href="/account">Account</Link>
        </nav>
        {alerts ? (
          <DeskAlerts
            initialCount={alerts.count}
            sound={alerts.choices.sound}
            notifications={alerts.choices.notifications}
          />
        ) : null}
        <span className="ml-auto text-sm text-stone-700" data-testid="signed-in-user">
          {user.name} ({user.role})
        </span>
        <SignOutButton />
      </header>
      {offerGuidedStart ? (
        <p className="border-b border-amber-200 bg-amber-50 px-6 py-2 text-sm">
          <Link href="/admin/start" className="font-medium text-amber-900 underline">
            Continue the guided start
          </Link>
        </p>
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
