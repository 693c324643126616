import type { Metadata } from 'next';
import Link from 'next/link';
import { listAuditPage, listAuditPeople } from '@/db/audit';
import { getBakery } from '@/db/bakery';
import { zonedParts } from '@/lib/agent/bakery/calendar';
import { type Wording, wordDate, wordTime } from '@/lib/agent/bakery/wording';
import { auditSearch, cursorParam, parseAuditFilter } from '@/lib/audit/filter';
import { auditSentence } from '@/lib/audit/sentences';
import { requireUser } from '@/server/session';
import { lockedAccounts } from '@/server/sign-in-lockouts';
import { AdminFrame } from '../_components/admin-frame';
import { AuditFilterForm } from './audit-filter-form';
import { UnlockButton } from './unlock-button';

export const metadata: Metadata = { title: 'Audit log' };

const SHOWN = 200;

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function AuditPage({ searchParams }: { searchParams: Search }) {
  const user = await requireUser({ role: 'owner', returnTo: '/admin/audit' });
  const bakery = await getBakery();
  const wording: Wording = { locale: bakery.locale, currency: bakery.currency };
  const filter = parseAuditFilter(await searchParams, bakery.timezone);
  const [people, locked, page] = await Promise.all([
    listAuditPeople(),
    lockedAccounts({ now: new Date() }),
    filter.ok ? listAuditPage({ query: filter.query, limit: SHOWN }) : null,
  ]);
  const today = zonedParts(new Date(), bakery.timezone).date;
  const when = (at: Date) => {
    const { date, time } = zonedParts(at, bakery.timezone);
    return `${wordDate(date, wording, today)}, ${wordTime(time, wording)}`;
  };
  const first = page?.entries[0];
  const last = page?.entries.at(-1);
  return (
    <AdminFrame
      user={user}
      title="Audit log"
      intro={`Every change to the bakery’s facts and accounts, and every sign-in, sign-out and refused request, newest first, ${SHOWN} to a page.`}
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
                  {account.failures} failed sign-ins, unlocks by itself at {when(account.unlocksAt)}
                </span>
                <UnlockButton email={account.email} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <AuditFilterForm
        values={filter.values}
        errors={filter.ok ? {} : filter.errors}
        people={people}
      />
      {page ? (
        <>
          <ol className="flex flex-col gap-3" data-testid="audit-list" aria-label="Audit entries">
            {page.entries.map((entry) => (
              <li
                key={entry.id}
                className="rounded-md border border-stone-200 p-3"
                data-testid="audit-entry"
              >
                <p>{auditSentence(entry, wording)}.</p>
                <p className="text-sm text-stone-700">
                  <time dateTime={entry.at.toISOString()}>{when(entry.at)}</time>
                </p>
              </li>
            ))}
            {page.entries.length === 0 ? (
              <li data-testid="audit-empty">
                {page.hasNewer || page.hasOlder ? 'No entries here.' : 'No entries match.'}
              </li>
            ) : null}
          </ol>
          <nav aria-label="Audit pages" className="mt-4 flex gap-6">
            {page.hasNewer && first ? (
              <Link
                className="underline"
                href={`/admin/audit${auditSearch(filter.values, { newer: cursorParam(first) })}`}
              >
                Newer entries
              </Link>
            ) : null}
            {page.hasOlder && last ? (
              <Link
                className="underline"
                href={`/admin/audit${auditSearch(filter.values, { older: cursorParam(last) })}`}
              >
                Older entries
              </Link>
            ) : null}
          </nav>
        </>
      ) : (
        <p role="alert" className="text-red-800" data-testid="audit-filter-error">
          {filter.ok
            ? null
            : (filter.errors.page ??
              'The filter could not be used: fix the fields marked above, or show everything.')}
        </p>
      )}
    </AdminFrame>
  );
}
