import { currencyChoices, localeChoices } from '@/lib/first-run/choices';
import { SettingsFields } from './settings-fields';

/**
 * The bakery's settings, with the guided start's lists of languages and regions and of
 * currencies worded on the server (the browser's own names for them could differ).
 */
export function SettingsForm(
  props: Omit<Parameters<typeof SettingsFields>[0], 'locales' | 'currencies'>,
) {
  return (
    <SettingsFields
      {...props}
      locales={localeChoices(props.current.locale)}
      currencies={currencyChoices(props.current.currency)}
    />
  );
}
