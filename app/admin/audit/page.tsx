import type { Metadata } from 'next';
import { listAuditEntries } from '@/db/audit';
import { getBakery } from '@/db/bakery';
import { ANONYMOUS_ACTIONS } from '@/lib/audit/security-events';
import { auditChanges } from '@/lib/bakery-facts/audit-diff';
import { requireUser } from '@/server/session';
import { lockedAccounts } from '@/server/sign-in-lockouts';
import { AdminFrame } from '../_components/admin-frame';
import { UnlockButton } from './unlock-button';

export const metadata: Metadata = { title: 'Audit log' };

const SHOWN = 200;

export default async function AuditPage() {
  const user = await requireUser({ role: 'owner', returnTo: '/admin/audit' });
  const entries = await listAuditEntries({ limit: SHOWN });
  const locked = await lockedAccounts({ now: new Date() });
  const { timezone } = await getBakery();
  const when = new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: timezone,
  });
  return (
    <AdminFrame
      user={user}
      title="Audit log"
      intro={`Every change to the bakery’s facts and accounts, and every sign-in, sign-out and refused request, newest first (the latest ${SHOWN}).`}
    >
      {locked.length > 0 ? (
        <section className="mb-6 rounded-md bg-amber-50 p-3" data-testid="locked-accounts">
          <h2 className="font-semibold">Locked accounts</h2>
          <p className="text-sm text-stone-700">
            Too many failed sign-ins from many addresses. Unlock an account once you know the person
            can sign in; guessers stay slowed down from their own addresses.
          </p>
          <ul className="mt-2 flex flex-col gap-1">
            {locked.map((account) => (
              <li key={account.email} className="flex flex-wrap items-baseline gap-3">
                <span>{account.email}</span>
                <span className="text-sm text-stone-700">
                  {account.failures} failed sign-ins, unlocks by itself at{' '}
                  {when.format(account.unlocksAt)}
                </span>
                <UnlockButton email={account.email} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ol className="flex flex-col gap-3" data-testid="audit-list">
        {entries.map((entry) => (
          <li
            key={entry.id}
            className="rounded-md border border-stone-200 p-3"
            data-testid="audit-entry"
          >
            <div className="flex flex-wrap items-baseline gap-x-3">
              <span className="font-mono text-sm">{entry.action}</span>
              {entry.entityId ? <span className="text-sm">{entry.entityId}</span> : null}
              <span className="text-sm text-stone-700">
                {entry.userName ??
                  (ANONYMOUS_ACTIONS.includes(entry.action)
                    ? 'not signed in'
                    : 'setup or command line')}{' '}
                · <time dateTime={entry.at.toISOString()}>{when.format(entry.at)}</time>
              </span>
            </div>
            <table className="mt-1 text-sm">
              <tbody>
                {auditChanges(entry.before, entry.after).map((line) => (
                  <tr key={line.field}>
                    <th scope="row" className="pr-3 text-left font-normal text-stone-700">
                      {line.field}
                    </th>
                    <td className="pr-2">
                      {line.before === null ? null : (
                        <del className="text-stone-600">{line.before}</del>
                      )}
                    </td>
                    <td>
                      {line.after === null ? null : (
                        <ins className="no-underline">{line.after}</ins>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </li>
        ))}
        {entries.length === 0 ? <li>No changes yet.</li> : null}
      </ol>
    </AdminFrame>
  );
}
