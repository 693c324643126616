'use client';

import type { Choice } from '@/lib/first-run/choices';
import { bakeryBasicsInput } from '@/lib/first-run/forms';
import { ActionForm } from '../../_components/action-form';
import { TextField } from '../../_components/text-field';
import { useFormAction } from '../../_components/use-form-action';
import { saveBakeryBasics } from './actions';
import { RegionFields } from './region-fields';

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
      <RegionFields
        field={form.field}
        zones={zones}
        locales={locales}
        currencies={currencies}
        localeHint="How drafts word dates, times and prices. The offline drafter writes in English."
      />
    </ActionForm>
  );
}
