'use client';

import { menuItemInput, NOTICE_MAX_DAYS } from '@/lib/bakery-facts/schemas';
import { buttonClass, FormMessage, TextField } from '../../_components/text-field';
import { SavedNote } from '../_components/saved-note';
import { useCheckedAction } from '../_components/use-checked-action';
import { addItem, type MenuField, saveItem } from './actions';

export type MenuItemFields = {
  id: number;
  name: string;
  price: string;
  noticeDays: string;
  description: string;
  available: boolean;
};

/** Adds an item, or (given one) edits it. */
export function MenuItemForm({ item }: { item?: MenuItemFields }) {
  const form = useCheckedAction<MenuField>(menuItemInput, item ? saveItem : addItem);
  const prefix = item ? `item-${item.id}-` : 'new-';
  const value = (field: Exclude<MenuField, 'available'>) =>
    form.values ? (form.values[field] ?? '') : (item?.[field] ?? '');
  const available = form.values ? form.values.available !== undefined : (item?.available ?? true);
  return (
    <form
      action={form.formAction}
      onSubmit={form.onSubmit}
      className="flex flex-col gap-3"
      aria-label={item ? `Edit ${item.name}` : 'Add a menu item'}
      noValidate
    >
      <SavedNote message={form.saved} />
      <FormMessage message={form.message} />
      {item ? <input type="hidden" name="id" value={item.id} /> : null}
      <TextField
        idPrefix={prefix}
        name="name"
        label="Name"
        defaultValue={value('name')}
        error={form.errors.name}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          idPrefix={prefix}
          name="price"
          label="Price in dollars"
          inputMode="decimal"
          defaultValue={value('price')}
          error={form.errors.price}
          hint="Each, such as 3.25."
        />
        <TextField
          idPrefix={prefix}
          name="noticeDays"
          label="Days of notice"
          inputMode="numeric"
          defaultValue={value('noticeDays')}
          error={form.errors.noticeDays}
          hint={`0 to ${NOTICE_MAX_DAYS}; 1 means order by the day before.`}
        />
      </div>
      <TextField
        idPrefix={prefix}
        name="description"
        label="Description (optional)"
        defaultValue={value('description')}
        error={form.errors.description}
      />
      <label className="flex items-center gap-2">
        <input type="checkbox" name="available" defaultChecked={available} />
        Available to order
      </label>
      <button type="submit" className={`${buttonClass} self-start`} disabled={form.pending}>
        {form.pending ? 'Saving…' : item ? 'Save item' : 'Add item'}
      </button>
    </form>
  );
}
