'use client';

import type { Choice } from '@/lib/first-run/choices';
import { bakeryBasicsInput } from '@/lib/first-run/forms';
import { ActionForm } from '../../_components/action-form';
import { TextField } from '../../_components/text-field';
import { useFormAction } from '../../_components/use-form-action';
import { saveBakeryBasics } from './actions';
import { SelectField } from './select-field';
import { TimezoneCombobox } from './timezone-combobox';

export function BakeryStep({
  current,
  zones,
  locales,
  currencies,
}: {
  current: { name: string; contact: string; timezone: string; locale: string; currency: string };
  zones: string[];
  locales: Choice[];
  currencies: Choice[];
}) {
  const form = useFormAction(saveBakeryBasics, { check: bakeryBasicsInput, initial: current });
  const field = (name: 'timezone' | 'locale' | 'currency') => {
    const { defaultValue, error } = form.field(name);
    return { name, defaultValue: String(defaultValue), error };
  };
  return (
    <ActionForm
      form={form}
      submit="Save and continue"
      label="Your bakery"
      className="flex max-w-xl flex-col gap-4"
    >
      <TextField {...form.field('name')} label="Bakery name" autoComplete="organization" />
      <TextField
        {...form.field('contact')}
        label="Contact line"
        hint="Drafts may end with it, e.g. “Call us at (555) 014-2210.”"
      />
      <TimezoneCombobox
        {...field('timezone')}
        zones={zones}
        hint="Type your city or region and choose it from the list. Every day and time in a draft is read in it."
      />
      <SelectField
        {...field('locale')}
        label="Language and region"
        choices={locales}
        hint="How drafts word dates, times and prices. The offline drafter writes in English."
      />
      <SelectField
        {...field('currency')}
        label="Currency"
        choices={currencies}
        hint="The currency your prices are in."
      />
    </ActionForm>
  );
}
