'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { getBakery } from '@/db/bakery';
import { addMenuItem, removeMenuItem, setMenuItemAvailability, updateMenuItem } from '@/db/menu';
import {
  menuItemAvailability,
  menuItemInputIn,
  menuItemRef,
  menuItemUpdateIn,
} from '@/lib/bakery-facts/schemas';
import { action } from '@/server/action';
import { NOTHING_CHANGED, refused, type Saved } from '../../_components/form-state';

/**
 * The form read as the page showed it, in the bakery's locale ("9,50" in de-DE); the locale is
 * read as the form arrives, so a change in Settings applies to the next save.
 */
function inBakeryLocale<S extends z.ZodType>(build: (locale: string) => S) {
  return z.record(z.string(), z.string()).transform(async (fields, ctx) => {
    const parsed = await build((await getBakery()).locale).safeParseAsync(fields);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    return z.NEVER;
  }) as unknown as z.ZodType<z.output<S>, z.input<S>>;
}

/** Owner only. A new item is quoted by the very next draft. */
export const addItem = action(
  { role: 'owner', input: inBakeryLocale(menuItemInputIn) },
  async (input, user, typed) =>
    answer(
      await addMenuItem({ input, by: user.id, now: new Date() }),
      typed,
      `Added ${input.name}.`,
    ),
);

/** Owner only. Name, price, notice, description and availability of one item. */
export const saveItem = action(
  { role: 'owner', input: inBakeryLocale(menuItemUpdateIn) },
  async ({ id, ...input }, user, typed) =>
    answer(
      await updateMenuItem({ id, input, by: user.id, now: new Date() }),
      typed,
      `Saved ${input.name}.`,
    ),
);

/** Owner only. Marks an item unavailable (drafts then say so) or available again. */
export const setItemAvailability = action(
  { role: 'owner', input: menuItemAvailability },
  async ({ id, available }, user, typed) => {
    const on = available === 'true';
    const saved = await setMenuItemAvailability({
      id,
      available: on,
      by: user.id,
      now: new Date(),
    });
    return answer(saved, typed, on ? 'Marked available.' : 'Marked unavailable.');
  },
);

/** Owner only. Drafts stop offering the item at once. */
export const removeItem = action({ role: 'owner', input: menuItemRef }, async ({ id }, user) => {
  return answer(await removeMenuItem({ id, by: user.id, now: new Date() }), {}, 'Removed.');
});

/** Adding, saving and removing differ only in the write: they answer alike. */
function answer(
  saved: { ok: true; changed?: boolean } | { ok: false; reason: string },
  typed: Record<string, string | undefined>,
  done: string,
) {
  if (!saved.ok && saved.reason === 'nameTaken') {
    return refused(
      409,
      { errors: { name: 'The menu already has an item with this name.' } },
      typed,
    );
  }
  if (!saved.ok) {
    return refused(409, { message: 'That item is no longer on the menu. Reload the page.' });
  }
  revalidatePath('/admin/menu');
  return { ok: true, message: saved.changed === false ? NOTHING_CHANGED : done } satisfies Saved;
}
