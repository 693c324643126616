import type { Choice } from '@/lib/first-run/choices';
import { SelectField } from './select-field';
import { TimezoneCombobox } from './timezone-combobox';

type ListField = { defaultValue: unknown; error?: string };

/**
 * Where the bakery is and how it writes: the time zone by typing and choosing, the language and
 * region and the currency from lists; the guided start's first step and Settings share them.
 */
export function RegionFields({
  field,
  zones,
  locales,
  currencies,
  localeHint,
}: {
  /** The form's own field reader (`useFormAction`'s `field`), for the saved or typed value. */
  field: (name: 'timezone' | 'locale' | 'currency') => ListField;
  zones: string[];
  locales: Choice[];
  currencies: Choice[];
  localeHint: string;
}) {
  const list = (name: 'timezone' | 'locale' | 'currency') => {
    const { defaultValue, error } = field(name);
    return { name, defaultValue: String(defaultValue), error };
  };
  return (
    <>
      <TimezoneCombobox
        {...list('timezone')}
        zones={zones}
        hint="Type your city or region and choose it from the list. Every day and time in a draft is read in it."
      />
      <SelectField
        {...list('locale')}
        label="Language and region"
        choices={locales}
        hint={localeHint}
      />
      <SelectField
        {...list('currency')}
        label="Currency"
        choices={currencies}
        hint="The currency your prices are in."
      />
    </>
  );
}
