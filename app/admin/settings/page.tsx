import type { Metadata } from 'next';
import { getAssignOnOpen } from '@/db/assignment';
import { getBakery } from '@/db/bakery';
import { centsToDollarsInput } from '@/lib/bakery-facts/price';
import { knownTimezones } from '@/lib/bakery-facts/timezone';
import { env } from '@/lib/env';
import { formatSpend } from '@/lib/spending/budget';
import { modelSettingsNow } from '@/server/drafting/model-choice';
import { requireUser } from '@/server/session';
import { deskAddress } from '@/server/ticket-address';
import { AdminFrame } from '../_components/admin-frame';
import { AssignOnOpenForm } from './assign-on-open-form';
import { BackupTimeForm } from './backup-time-form';
import { EmailSection } from './email-section';
import { GuidedStartLink } from './guided-start-link';
import { ModelSettings } from './model-settings';
import { SettingsForm } from './settings-form';
import { UndoSendForm } from './undo-send-form';
import { WidgetSitesForm } from './widget-sites-form';

export const metadata: Metadata = { title: 'Settings' };

export default async function SettingsPage() {
  const user = await requireUser({ role: 'owner', returnTo: '/admin/settings' });
  const {
    name,
    timezone,
    contact,
    locale,
    currency,
    dailyBudgetCents,
    showStaffNames,
    undoSendSeconds,
    widgetOrigins,
    backupTime,
  } = await getBakery();
  const dailyBudget = dailyBudgetCents === null ? '' : centsToDollarsInput(dailyBudgetCents);
  const budgetHint = `US dollars a day for the model across all drafts, in the bakery’s day; past it, questions wait in the queue. Blank: ${formatSpend(env().DRAFT_DAILY_DOLLARS)} (DRAFT_DAILY_DOLLARS). Offline drafts cost nothing.`;
  return (
    <AdminFrame user={user} title="Settings">
      <GuidedStartLink />
      <SettingsForm
        current={{ name, timezone, contact, locale, currency, dailyBudget, showStaffNames }}
        timezones={knownTimezones()}
        budgetHint={budgetHint}
      />
      <UndoSendForm seconds={undoSendSeconds} />
      <AssignOnOpenForm on={await getAssignOnOpen()} />
      <BackupTimeForm
        time={backupTime}
        timezone={timezone}
        onPostgres={env().DATABASE_URL !== undefined}
      />
      <ModelSettings view={await modelSettingsNow()} />
      <EmailSection timezone={timezone} />
      <WidgetSitesForm
        saved={widgetOrigins}
        fromEnvironment={env().widgetOrigins}
        loaderUrl={await deskAddress('/widget.js')}
      />
    </AdminFrame>
  );
}
