'use client';

import { backupTimeInput } from '@/lib/backup/backup-time';
import { ActionForm } from '../../_components/action-form';
import { TextField } from '../../_components/text-field';
import { useFormAction } from '../../_components/use-form-action';
import { saveBackupTime } from './backup-actions';

/**
 * Settings' daily backup: the time the server copies the database, or, on PostgreSQL, where
 * the owner's backups come from instead.
 */
export function BackupTimeForm({
  time,
  timezone,
  onPostgres,
}: {
  time: string;
  timezone: string;
  onPostgres: boolean;
}) {
  const form = useFormAction(saveBackupTime, {
    check: backupTimeInput,
    initial: { backupTime: time },
    idPrefix: 'backup-',
  });
  return (
    <section aria-labelledby="backup-time-title" className="flex max-w-xl flex-col gap-3">
      <h2 id="backup-time-title" className="text-lg font-semibold">
        Daily backup
      </h2>
      {onPostgres ? (
        <p data-testid="backup-on-postgres">
          This desk keeps its data in PostgreSQL, so it does not back itself up: whoever runs the
          database takes its backups with pg_dump (the README’s “Backups” section says how).
        </p>
      ) : (
        <ActionForm form={form} submit="Save backup time" label="Daily backup">
          <TextField
            {...form.field('backupTime')}
            label="Time of the daily backup"
            hint={`Every day at this time (${timezone}) the desk copies its database, checks the copy, and keeps the newest ones; the Customer data page shows how the last one went.`}
            type="time"
            className="w-36"
          />
        </ActionForm>
      )}
    </section>
  );
}
