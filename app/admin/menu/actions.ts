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
import { formFields } from '@/lib/form-data';
import { authorizeAction } from '@/server/session';
import { type AdminFormState, invalidInput } from '../_components/admin-form-state';

export type MenuField = 'name' | 'price' | 'noticeDays' | 'description' | 'available';
export type MenuState = AdminFormState<MenuField>;

/** Owner only. A new item is quoted by the very next draft. */
export async function addItem(_previous: MenuState, formData: FormData): Promise<MenuState> {
  const auth = await authorizeAction({ role: 'owner' });
  if (!auth.ok) return auth;
  const fields = formFields(formData);
  const parsed = menuItemInput.safeParse(fields);
  if (!parsed.success) return invalidInput(parsed.error, fields);
  const saved = addMenuItem({ input: parsed.data, by: auth.user.id, now: new Date() });
  return answer(saved, fields, `Added ${parsed.data.name}.`);
}

/** Owner only. Name, price, notice, description and availability of one item. */
export async function saveItem(_previous: MenuState, formData: FormData): Promise<MenuState> {
  const auth = await authorizeAction({ role: 'owner' });
  if (!auth.ok) return auth;
  const fields = formFields(formData);
  const parsed = menuItemUpdate.safeParse(fields);
  if (!parsed.success) return invalidInput(parsed.error, fields);
  const { id, ...input } = parsed.data;
  const saved = updateMenuItem({ id, input, by: auth.user.id, now: new Date() });
  return answer(saved, fields, `Saved ${input.name}.`);
}

/** Owner only. Marks an item unavailable (drafts then say so) or available again. */
export async function setItemAvailability(
  _previous: MenuState,
  formData: FormData,
): Promise<MenuState> {
  const auth = await authorizeAction({ role: 'owner' });
  if (!auth.ok) return auth;
  const fields = formFields(formData);
  const parsed = menuItemAvailability.safeParse(fields);
  if (!parsed.success) return invalidInput(parsed.error, fields);
  const available = parsed.data.available === 'true';
  const saved = setMenuItemAvailability({
    id: parsed.data.id,
    available,
    by: auth.user.id,
    now: new Date(),
  });
  return answer(saved, fields, available ? 'Marked available.' : 'Marked unavailable.');
}

/** Owner only. Drafts stop offering the item at once. */
export async function removeItem(_previous: MenuState, formData: FormData): Promise<MenuState> {
  const auth = await authorizeAction({ role: 'owner' });
  if (!auth.ok) return auth;
  const fields = formFields(formData);
  const parsed = menuItemRef.safeParse(fields);
  if (!parsed.success) return invalidInput(parsed.error, fields);
  const removed = removeMenuItem({ id: parsed.data.id, by: auth.user.id, now: new Date() });
  if (!removed.ok) return gone();
  revalidatePath('/admin/menu');
  return { ok: true, message: 'Removed.' };
}

function answer(saved: MenuWriteResult, fields: Record<string, string>, done: string): MenuState {
  if (!saved.ok && saved.reason === 'nameTaken') {
    return {
      ok: false,
      status: 409,
      errors: { name: 'The menu already has an item with this name.' },
      values: fields,
    };
  }
  if (!saved.ok) return gone();
  revalidatePath('/admin/menu');
  return { ok: true, message: done };
}

function gone(): MenuState {
  return {
    ok: false,
    status: 409,
    message: 'That item is no longer on the menu. Reload the page.',
  };
}
