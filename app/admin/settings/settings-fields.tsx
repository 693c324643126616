'use client';

import type { Bakery } from '@/db/schema';
import { settingsInput } from '@/lib/bakery-facts/schemas';
import type { Choice } from '@/lib/first-run/choices';
import { ActionForm } from '../../_components/action-form';
import { TextField } from '../../_components/text-field';
import { useFormAction } from '../../_components/use-form-action';
import { RegionFields } from '../start/region-fields';
import { saveSettings } from './actions';

/** The bakery's settings as a form; the lists to choose from come from the server. */
export function SettingsFields({
  current,
  timezones,
  locales,
  currencies,
  budgetHint,
}: {
  current: Pick<Bakery, 'name' | 'timezone' | 'contact' | 'locale' | 'currency'> & {
    dailyBudget: string;
    showStaffNames: boolean;
  };
  timezones: string[];
  locales: Choice[];
  currencies: Choice[];
  budgetHint: string;
}) {
  const { showStaffNames, ...fields } = current;
  const form = useFormAction(saveSettings, { check: settingsInput, initial: fields });
  return (
    <ActionForm form={form} submit="Save settings" className="flex max-w-xl flex-col gap-4">
      <TextField {...form.field('name')} label="Bakery name" />
      <TextField
        {...form.field('contact')}
        label="Contact line"
        hint="Drafts may end with it, e.g. “Call us at (555) 014-2210.”"
      />
      <RegionFields
        field={form.field}
        zones={timezones}
        locales={locales}
        currencies={currencies}
        localeHint="How drafts word dates, times and prices, and how prices are typed here. The offline drafter writes in English, so choose an English locale with it; Claude answers in the customer’s language."
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
