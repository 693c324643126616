'use client';

import { menuItemInput, NOTICE_MAX_DAYS } from '@/lib/bakery-facts/schemas';
import { ActionForm } from '../../_components/action-form';
import { TextField } from '../../_components/text-field';
import { useFormAction } from '../../_components/use-form-action';
import { addItem, saveItem } from './actions';

export type MenuItemFields = {
  id: number;
  name: string;
  price: string;
  noticeDays: string;
  description: string;
  available: boolean;
};

/** Adds an item, or (given one) edits it. */
export function MenuItemForm({
  item,
  currency,
}: {
  item?: MenuItemFields;
  /** The bakery's currency code, which prices are typed in. */
  currency: string;
}) {
  const form = useFormAction(item ? saveItem : addItem, {
    check: menuItemInput,
    idPrefix: item ? `item-${item.id}-` : 'new-',
    initial: item
      ? {
          name: item.name,
          price: item.price,
          noticeDays: item.noticeDays,
          description: item.description,
        }
      : {},
  });
  const available = form.values ? form.values.available !== undefined : (item?.available ?? true);
  return (
    <ActionForm
      form={form}
      submit={item ? 'Save item' : 'Add item'}
      label={item ? `Edit ${item.name}` : 'Add a menu item'}
    >
      {item ? <input type="hidden" name="id" value={item.id} /> : null}
      <TextField {...form.field('name')} label="Name" />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          {...form.field('price')}
          label={`Price (${currency})`}
          inputMode="decimal"
          hint="Each, such as 3.25."
        />
        <TextField
          {...form.field('noticeDays')}
          label="Days of notice"
          inputMode="numeric"
          hint={`0 to ${NOTICE_MAX_DAYS}; 1 means order by the day before.`}
        />
      </div>
      <TextField {...form.field('description')} label="Description (optional)" />
      <label className="flex items-center gap-2">
        <input type="checkbox" name="available" defaultChecked={available} />
        Available to order
      </label>
    </ActionForm>
  );
}
