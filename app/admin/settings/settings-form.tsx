'use client';

import type { Bakery } from '@/db/schema';
import { settingsInput } from '@/lib/bakery-facts/schemas';
import { buttonClass, FormMessage, TextField } from '../../_components/text-field';
import { SavedNote } from '../_components/saved-note';
import { useCheckedAction } from '../_components/use-checked-action';
import { type SettingsField, saveSettings } from './actions';

export function SettingsForm({
  current,
  timezones,
}: {
  current: Pick<Bakery, 'name' | 'timezone' | 'contact'>;
  timezones: string[];
}) {
  const form = useCheckedAction<SettingsField>(settingsInput, saveSettings);
  const value = (field: SettingsField) => form.values?.[field] ?? current[field];
  return (
    <form
      action={form.formAction}
      onSubmit={form.onSubmit}
      className="flex max-w-xl flex-col gap-4"
      noValidate
    >
      <SavedNote message={form.saved} />
      <FormMessage message={form.message} />
      <TextField
        name="name"
        label="Bakery name"
        defaultValue={value('name')}
        error={form.errors.name}
      />
      <TextField
        name="timezone"
        label="Timezone"
        defaultValue={value('timezone')}
        error={form.errors.timezone}
        hint="An IANA zone such as America/New_York. Every day and time in a draft is read in it."
        list="timezones"
      />
      <datalist id="timezones">
        {timezones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      <TextField
        name="contact"
        label="Contact line"
        defaultValue={value('contact')}
        error={form.errors.contact}
        hint="Drafts may end with it, e.g. “Call us at (555) 014-2210.”"
      />
      <button type="submit" className={`${buttonClass} self-start`} disabled={form.pending}>
        {form.pending ? 'Saving…' : 'Save settings'}
      </button>
    </form>
  );
}
