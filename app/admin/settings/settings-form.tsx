'use client';

import type { Bakery } from '@/db/schema';
import { settingsInput } from '@/lib/bakery-facts/schemas';
import { ActionForm } from '../../_components/action-form';
import { TextField } from '../../_components/text-field';
import { useFormAction } from '../../_components/use-form-action';
import { saveSettings } from './actions';

export function SettingsForm({
  current,
  timezones,
  budgetHint,
}: {
  current: Pick<Bakery, 'name' | 'timezone' | 'contact' | 'locale' | 'currency'> & {
    dailyBudget: string;
    showStaffNames: boolean;
  };
  timezones: string[];
  budgetHint: string;
}) {
  const { showStaffNames, ...fields } = current;
  const form = useFormAction(saveSettings, { check: settingsInput, initial: fields });
  return (
    <ActionForm form={form} submit="Save settings" className="flex max-w-xl flex-col gap-4">
      <TextField {...form.field('name')} label="Bakery name" />
      <TextField
        {...form.field('timezone')}
        label="Timezone"
        hint="An IANA zone such as America/New_York. Every day and time in a draft is read in it."
        list="timezones"
      />
      <datalist id="timezones">
        {timezones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      <TextField
        {...form.field('contact')}
        label="Contact line"
        hint="Drafts may end with it, e.g. “Call us at (555) 014-2210.”"
      />
      <TextField
        {...form.field('locale')}
        label="Locale"
        hint="How drafts word dates, times and prices, e.g. en-US (“Saturday, December 5, 9 am”) or en-GB (“Saturday 5 December, 09:00”). The offline drafter writes in English, so choose an English locale with it; Claude answers in the customer’s language."
      />
      <TextField
        {...form.field('currency')}
        label="Currency"
        hint="The three-letter code your prices are in, e.g. USD, CAD or EUR."
      />
      <TextField
        {...form.field('dailyBudget')}
        label="Daily model budget ($)"
        hint={budgetHint}
        inputMode="decimal"
      />
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          name="showStaffNames"
          defaultChecked={showStaffNames}
          className="mt-1"
        />
        <span>
          Show customers who replied
          <span className="block text-sm text-stone-600">
            On their ticket page each reply is signed with the sender’s name; otherwise with the
            bakery’s.
          </span>
        </span>
      </label>
    </ActionForm>
  );
}
