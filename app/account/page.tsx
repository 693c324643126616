import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { getBakery } from '@/db/bakery';
import { getPreferences } from '@/db/preferences';
import { listSessionsOfUser } from '@/db/sessions';
import { countUnusedRecoveryCodes } from '@/db/two-factor';
import { findActiveUserById } from '@/db/users';
import { roleAllows } from '@/lib/auth/roles';
import { groupedSecret, qrCodeDataUrl, totpUri } from '@/lib/auth/two-factor';
import { describeUserAgent } from '@/lib/auth/user-agent';
import { formatWhen } from '@/lib/format-time';
import { type CurrentUser, requireUser } from '@/server/session';
import { AppShell } from '../_shell/app-shell';
import { AlertPreferences } from './alert-preferences';
import { ChangePasswordForm } from './password-form';
import { EndSessionButton, SignOutEverywhereButton } from './session-buttons';
import {
  ConfirmTwoFactorForm,
  DisableTwoFactorForm,
  StartTwoFactorButton,
} from './two-factor-forms';

export const metadata: Metadata = { title: 'Your account' };

/** Everyone's own account: password, sessions and, for owners, two-factor sign-in. */
export default async function AccountPage() {
  const user = await requireUser({
    role: 'staff',
    returnTo: '/account',
    allowTemporaryPassword: true,
  });
  if (user.mustChangePassword) {
    return (
      <AppShell user={user}>
        <h1 className="text-2xl font-semibold">Choose your own password</h1>
        <p className="max-w-prose text-stone-700">
          You signed in with a temporary password. Choose a password of your own before you go on:
          nobody else, the owner included, will know it.
        </p>
        <section className="flex max-w-md flex-col gap-4">
          <ChangePasswordForm temporary />
        </section>
      </AppShell>
    );
  }
  const timeZone = (await getBakery()).timezone;
  return (
    <AppShell user={user}>
      <h1 className="text-2xl font-semibold">Your account</h1>
      <p className="text-stone-700">
        {user.name}, {user.email} ({user.role})
      </p>
      <section className="flex max-w-md flex-col gap-4" aria-labelledby="password-heading">
        <h2 id="password-heading" className="text-xl font-semibold">
          Password
        </h2>
        <p className="text-stone-700">Changing it signs you out everywhere else.</p>
        <ChangePasswordForm temporary={false} />
      </section>
      <section className="flex max-w-md flex-col gap-4" aria-labelledby="alerts-heading">
        <h2 id="alerts-heading" className="text-xl font-semibold">
          Alerts
        </h2>
        <p className="text-stone-700">
          The tab’s title always counts the questions needing review. These are yours alone.
        </p>
        <AlertPreferences preferences={await getPreferences({ userId: user.id })} />
      </section>
      <Sessions user={user} timeZone={timeZone} />
      {roleAllows(user.role, 'owner') ? <TwoFactor user={user} timeZone={timeZone} /> : null}
    </AppShell>
  );
}

async function Sessions({ user, timeZone }: { user: CurrentUser; timeZone: string }) {
  const sessions = await listSessionsOfUser({ userId: user.id });
  return (
    <section className="flex flex-col gap-4" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading" className="text-xl font-semibold">
        Where you are signed in
      </h2>
      <table className="w-full text-left text-sm" data-testid="session-list">
        <thead>
          <tr>
            <th className="py-1">Browser</th>
            <th className="py-1">Address</th>
            <th className="py-1">Signed in</th>
            <th className="py-1">Last seen</th>
            <th className="py-1">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((session, index) => {
            const current = session.id === user.sessionId;
            const browser = describeUserAgent(session.userAgent);
            return (
              <tr
                key={session.id}
                className="border-t border-stone-200"
                data-testid={current ? 'this-session' : 'other-session'}
              >
                <td className="py-2" title={session.userAgent ?? undefined}>
                  {browser}
                  {current ? (
                    <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">
                      this browser
                    </span>
                  ) : null}
                </td>
                <td className="py-2">{session.address ?? '—'}</td>
                <td className="py-2">{formatWhen(session.createdAt, timeZone)}</td>
                <td className="py-2">
                  {formatWhen(session.lastSeenAt ?? session.createdAt, timeZone)}
                </td>
                <td className="py-2">
                  {current ? null : (
                    <EndSessionButton
                      sessionId={session.id}
                      label={`Sign out session ${index + 1} (${browser})`}
                    />
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="text-sm text-stone-700">
        Left on a shared computer, or lost a phone? Sign out everywhere, this browser included.
      </p>
      <SignOutEverywhereButton />
    </section>
  );
}

async function TwoFactor({ user, timeZone }: { user: CurrentUser; timeZone: string }) {
  const row = await findActiveUserById({ id: user.id });
  let body: ReactNode;
  if (user.totpEnabledAt) {
    const left = await countUnusedRecoveryCodes({ userId: user.id });
    body = (
      <>
        <p data-testid="two-factor-status">
          On since {formatWhen(user.totpEnabledAt, timeZone)}. Signing in asks for a code from your
          authenticator app after your password. {left} unused recovery code
          {left === 1 ? '' : 's'} left.
        </p>
        <DisableTwoFactorForm />
      </>
    );
  } else if (row?.totpPendingSecret) {
    const secret = row.totpPendingSecret;
    const uri = totpUri({ secret, account: user.email, issuer: (await getBakery()).name });
    body = (
      <>
        <ol className="flex list-decimal flex-col gap-2 pl-5 text-stone-800">
          <li>Open an authenticator app on your phone (any that reads QR codes).</li>
          <li>Scan this code, or type the secret below into the app.</li>
          <li>Enter the 6-digit code the app shows to confirm.</li>
        </ol>
        {/* biome-ignore lint/performance/noImgElement: a data URL drawn on the server, not an optimisable file */}
        <img
          src={await qrCodeDataUrl(uri)}
          alt="QR code of the authenticator secret"
          width={200}
          height={200}
          className="rounded-md border border-stone-200"
        />
        <p className="text-sm">
          Secret:{' '}
          <code className="font-mono text-base" data-testid="totp-secret">
            {groupedSecret(secret)}
          </code>
        </p>
        <ConfirmTwoFactorForm />
        <StartTwoFactorButton again />
      </>
    );
  } else {
    body = (
      <>
        <p className="text-stone-700">
          Off. With it on, signing in also asks for a code from an authenticator app on your phone,
          so a stolen password alone cannot open the owner’s pages.
        </p>
        <StartTwoFactorButton />
      </>
    );
  }
  return (
    <section className="flex max-w-xl flex-col gap-4" aria-labelledby="two-factor-heading">
      <h2 id="two-factor-heading" className="text-xl font-semibold">
        Two-factor sign-in
      </h2>
      {body}
    </section>
  );
}
