import type { Metadata } from 'next';
import { getBakery } from '@/db/bakery';
import { knownTimezones } from '@/lib/bakery-facts/timezone';
import { env } from '@/lib/env';
import { requireUser } from '@/server/session';
import { AdminFrame } from '../_components/admin-frame';
import { ModelCheck } from './model-check';
import { SettingsForm } from './settings-form';

export const metadata: Metadata = { title: 'Settings' };

function drafterName(): string {
  const config = env();
  return config.DRAFT_MODEL === 'claude'
    ? `Claude (${config.CLAUDE_MODEL})`
    : 'the offline drafter';
}

export default async function SettingsPage() {
  const user = await requireUser({ role: 'owner', returnTo: '/admin/settings' });
  const { name, timezone, contact, locale, currency } = getBakery();
  return (
    <AdminFrame user={user} title="Settings">
      <SettingsForm
        current={{ name, timezone, contact, locale, currency }}
        timezones={knownTimezones()}
      />
      <ModelCheck drafter={drafterName()} />
    </AdminFrame>
  );
}
