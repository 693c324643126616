import type { Metadata } from 'next';
import { latestBackupRun } from '@/db/backup-runs';
import { getBakery } from '@/db/bakery';
import { getRetentionDays, previewErasure } from '@/db/retention';
import { describeBackup } from '@/lib/backup/words';
import { env } from '@/lib/env';
import { formatWhen } from '@/lib/format-time';
import { requireUser } from '@/server/session';
import { AdminFrame } from '../_components/admin-frame';
import { EraseNowForm, RetentionForm } from './retention-form';

export const metadata: Metadata = { title: 'Customer data' };

export default async function CustomerDataPage() {
  const user = await requireUser({ role: 'owner', returnTo: '/admin/data' });
  const days = await getRetentionDays();
  const { timezone, backupTime } = await getBakery();
  const lastBackup = await latestBackupRun();
  const preview = days === null ? null : await previewErasure({ now: new Date(), days });
  return (
    <AdminFrame
      user={user}
      title="Customer data"
      intro="Customers’ names, emails and questions are kept only as long as you choose. Erasing keeps each draft’s figures (turns, tokens, cost, lookups) with no name on them, so spend and insights still add up. Every erasure is in the audit log."
    >
      <RetentionForm current={days === null ? '' : String(days)} />
      <section aria-labelledby="dry-run" className="flex flex-col gap-3">
        <h2 id="dry-run" className="text-lg font-semibold">
          What would be erased now
        </h2>
        {preview === null ? (
          <p data-testid="erase-preview">No retention period is set: nothing is ever erased.</p>
        ) : (
          <>
            <p data-testid="erase-preview">
              {preview.total === 0
                ? `Nothing: no conversation closed more than ${days} days ago still has customer details.`
                : `${preview.total} conversation${preview.total === 1 ? '' : 's'} closed more than ${days} days ago. The next hourly run erases ${preview.total === 1 ? 'it' : 'them'}, or erase now.`}
            </p>
            {preview.total > 0 ? (
              <table className="text-sm" data-testid="erase-list">
                <thead>
                  <tr className="text-left">
                    <th className="pr-4 font-medium">Question</th>
                    <th className="pr-4 font-medium">Customer</th>
                    <th className="pr-4 font-medium">Closed</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.questions.map((q) => (
                    <tr key={q.id}>
                      <td className="pr-4">
                        <a href={`/inbox/${q.id}`} className="underline">
                          #{q.id}
                        </a>{' '}
                        ({q.status})
                      </td>
                      <td className="pr-4">{q.customerName}</td>
                      <td className="pr-4">{formatWhen(q.updatedAt, timezone)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            {preview.total > preview.questions.length ? (
              <p className="text-sm text-stone-600">
                The oldest {preview.questions.length} are listed.
              </p>
            ) : null}
            {preview.total > 0 ? <EraseNowForm count={preview.total} /> : null}
          </>
        )}
      </section>
      <BackupSection
        last={lastBackup ? describeBackup(lastBackup, timezone) : null}
        backupTime={backupTime}
        timezone={timezone}
        onPostgres={env().DATABASE_URL !== undefined}
      />
    </AdminFrame>
  );
}

/** The last backup in plain words, and when the next one is taken. */
function BackupSection({
  last,
  backupTime,
  timezone,
  onPostgres,
}: {
  last: { headline: string; details: string[] } | null;
  backupTime: string;
  timezone: string;
  onPostgres: boolean;
}) {
  return (
    <section aria-labelledby="backups" className="flex flex-col gap-2" data-testid="backups">
      <h2 id="backups" className="text-lg font-semibold">
        Backups
      </h2>
      {onPostgres ? (
        <p>
          The data is kept in PostgreSQL: whoever runs the database backs it up with pg_dump (see
          the README’s “Backups”). The desk does not take backups itself.
        </p>
      ) : (
        <>
          <p data-testid="last-backup">{last ? last.headline : 'No backup has been taken yet.'}</p>
          {last ? (
            <ul className="list-disc pl-6 text-sm">
              {last.details.map((line) => (
                <li key={line} className="break-all">
                  {line}
                </li>
              ))}
            </ul>
          ) : null}
          <p className="text-sm text-stone-600">
            The desk backs itself up every day at {backupTime} ({timezone}) and before each upgrade
            changes the database.{' '}
            <a href="/admin/settings#backup-time-title" className="underline">
              Change the time in Settings
            </a>
            .
          </p>
        </>
      )}
    </section>
  );
}
