'use server';

import { revalidatePath } from 'next/cache';
import {
  addDateException,
  type DateExceptionResult,
  removeDateException,
  updateDateException,
} from '@/db/date-exceptions';
import { dateExceptionInput, dateExceptionRef } from '@/lib/bakery-facts/schemas';
import { action } from '@/server/action';
import { NOTHING_CHANGED, refused, type Saved } from '../../_components/form-state';

/** Adding and changing a date differ only in the write. */
const writeException = (write: typeof addDateException | typeof updateDateException) =>
  action({ role: 'owner', input: dateExceptionInput }, async (input, user, typed) =>
    answer(await write({ input, by: user.id, now: new Date() }), typed, `Saved ${input.date}.`),
  );

/** Owner only. A holiday or a day of special hours; drafts honour it from the next one on. */
export const addException = writeException(addDateException);

/** Owner only. Changes a date's kind, hours or note. */
export const saveException = writeException(updateDateException);

/** Owner only. The date goes back to the usual weekly hours. */
export const removeException = action(
  { role: 'owner', input: dateExceptionRef },
  async ({ date }, user, typed) =>
    answer(
      await removeDateException({ date, by: user.id, now: new Date() }),
      typed,
      `Removed ${date}.`,
    ),
);

/** Adding, changing and removing differ only in the write: they answer alike. */
function answer(
  saved: DateExceptionResult,
  typed: Record<string, string | undefined>,
  done: string,
) {
  if (saved.ok) {
    revalidatePath('/admin/exceptions');
    return { ok: true, message: saved.changed ? done : NOTHING_CHANGED } satisfies Saved;
  }
  if (saved.reason === 'dateTaken') {
    const taken = 'This date already has closed or special hours; edit it in the list.';
    return refused(409, { errors: { date: taken } }, typed);
  }
  return refused(409, { message: 'That date is no longer in the list. Reload the page.' });
}
