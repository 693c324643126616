'use server';

import { revalidatePath } from 'next/cache';
import { createLabel, deleteLabel, updateLabel } from '@/db/labels';
import { labelIdInput, labelInput } from '@/lib/inbox/labels';
import { action } from '@/server/action';
import { refused } from '../../_components/form-state';

const TAKEN = 'There is already a label with that name.';
const GONE = 'That label no longer exists.';

function saved(message: string) {
  revalidatePath('/admin/labels');
  revalidatePath('/inbox', 'layout');
  return { ok: true, message } as const;
}

/** Owner only. A new label, with its colour. */
export const createLabelAction = action(
  { role: 'owner', input: labelInput },
  async ({ name, colour }, user, typed) => {
    const result = await createLabel({ name, colour, by: user.id, now: new Date() });
    if (!result.ok) return refused<'name' | 'colour'>(409, { errors: { name: TAKEN } }, typed);
    return saved(`Label “${result.label.name}” added.`);
  },
);

/** Owner only. A label's new name or colour. */
export const updateLabelAction = action(
  { role: 'owner', input: labelInput.extend(labelIdInput.shape) },
  async ({ labelId, name, colour }, user, typed) => {
    const result = await updateLabel({ id: labelId, name, colour, by: user.id, now: new Date() });
    if (!result.ok) {
      return result.reason === 'taken'
        ? refused<'name' | 'colour' | 'labelId'>(409, { errors: { name: TAKEN } }, typed)
        : refused<'name' | 'colour' | 'labelId'>(409, { message: GONE });
    }
    return saved(`Label “${result.label.name}” saved.`);
  },
);

/** Owner only. Removes a label from the desk and from every conversation carrying it. */
export const deleteLabelAction = action(
  { role: 'owner', input: labelIdInput },
  async ({ labelId }, user) => {
    const result = await deleteLabel({ id: labelId, by: user.id, now: new Date() });
    if (!result.ok) return refused<'labelId'>(409, { message: GONE });
    return saved(
      result.conversations === 0
        ? 'Label removed.'
        : `Label removed, and taken off ${result.conversations} conversation${result.conversations === 1 ? '' : 's'}.`,
    );
  },
);
