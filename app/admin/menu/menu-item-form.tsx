'use client';

import { useMemo } from 'react';
import { allergens, dietaryTags } from '@/lib/agent/bakery/data';
import { formatPriceInput } from '@/lib/bakery-facts/price';
import { labelSlug, menuItemInputIn, NOTICE_MAX_DAYS } from '@/lib/bakery-facts/schemas';
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
  ingredients: string;
  /** Null while nobody has recorded the item's allergens. */
  allergens: string[] | null;
  mayContain: string[] | null;
  dietary: string[];
};

/** Adds an item, or (given one) edits it. */
export function MenuItemForm({
  item,
  currency,
  locale,
}: {
  /** Its price already written in the bakery's locale (`formatPriceInput`). */
  item?: MenuItemFields;
  /** The bakery's currency code, which prices are typed in. */
  currency: string;
  /** The bakery's locale, which prices are written in ("9,50" in de-DE). */
  locale: string;
}) {
  const check = useMemo(() => menuItemInputIn(locale), [locale]);
  const form = useFormAction(item ? saveItem : addItem, {
    check,
    idPrefix: item ? `item-${item.id}-` : 'new-',
    initial: item
      ? {
          name: item.name,
          price: item.price,
          noticeDays: item.noticeDays,
          description: item.description,
          ingredients: item.ingredients,
        }
      : {},
  });
  const available = form.values ? form.values.available !== undefined : (item?.available ?? true);
  // After a refusal the boxes show what was ticked; otherwise what is saved.
  const ticked = (field: string, saved: boolean) =>
    form.values ? (form.values as Record<string, string | undefined>)[field] !== undefined : saved;
  const errors = form.errors as Record<string, string | undefined>;
  const boxError = (prefix: string) =>
    Object.entries(errors).find(([field]) => field.startsWith(prefix))?.[1];
  const prefix = item ? `item-${item.id}-` : 'new-';
  const boxes = (
    legend: string,
    field: string,
    labels: readonly string[],
    saved: readonly string[] | null,
  ) => {
    const error = boxError(field);
    return (
      <fieldset
        className="flex flex-col gap-1"
        aria-describedby={error ? `${prefix}${field}error` : undefined}
        data-testid={`${field.replace(/_$/, '')}-boxes`}
      >
        <legend className="font-medium">{legend}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {labels.map((label) => (
            <label key={label} className="flex items-center gap-1 text-sm">
              <input
                type="checkbox"
                name={`${field}${labelSlug(label)}`}
                defaultChecked={ticked(
                  `${field}${labelSlug(label)}`,
                  saved?.includes(label) ?? false,
                )}
              />
              {label}
            </label>
          ))}
        </div>
        {error ? (
          <p id={`${prefix}${field}error`} className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </fieldset>
    );
  };
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
          hint={`Each, such as ${formatPriceInput(325, locale)}.`}
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
      <TextField
        {...form.field('ingredients')}
        label="Ingredients (optional)"
        hint="As the label reads, such as “Rye flour, water, salt, caraway seeds.”"
      />
      <div className="flex flex-col gap-1">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            name="allergensRecorded"
            defaultChecked={ticked('allergensRecorded', item ? item.allergens !== null : false)}
            aria-describedby={
              errors.allergensRecorded ? `${prefix}allergensRecorded-error` : undefined
            }
          />
          Allergens checked: drafts may say what it contains (none ticked means none of them)
        </label>
        {errors.allergensRecorded ? (
          <p id={`${prefix}allergensRecorded-error`} className="text-sm text-red-700">
            {errors.allergensRecorded}
          </p>
        ) : null}
      </div>
      {boxes('Contains', 'contains_', allergens, item?.allergens ?? null)}
      {boxes(
        'May contain (cross-contact in the kitchen)',
        'traces_',
        allergens,
        item?.mayContain ?? null,
      )}
      {boxes('Dietary', 'diet_', dietaryTags, item?.dietary ?? [])}
    </ActionForm>
  );
}
