'use server';

import { revalidatePath } from 'next/cache';
import {
  addMenuItem,
  type MenuWriteResult,
  removeMenuItem,
  setMenuItemAvailability,
  updateMenuItem,
} from '@/db/menu';
import {
  menuItemAvailability,
  menuItemInput,
  menuItemRef,
  menuItemUpdate,
} from '@/lib/bakery-facts/schemas';
import { action } from '@/server/action';
import { refused, type Saved } from '../../_components/form-state';

/** Owner only. A new item is quoted by the very next draft. */
export const addItem = action({ role: 'owner', input: menuItemInput }, async (input, user, typed) =>
  answer(await addMenuItem({ input, by: user.id, now: new Date() }), typed, `Added ${input.name}.`),
);

/** Owner only. Name, price, notice, description and availability of one item. */
export const saveItem = action(
  { role: 'owner', input: menuItemUpdate },
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
  saved: Pick<MenuWriteResult, 'ok'> & ({ ok: true } | { ok: false; reason: string }),
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
  return { ok: true, message: done } satisfies Saved;
}
