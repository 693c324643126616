'use server';

import { revalidatePath } from 'next/cache';
import {
  addDateException,
  type DateExceptionResult,
  removeDateException,
  updateDateException,
} from '@/db/date-exceptions';
import { dateExceptionInput, dateExceptionRef } from '@/lib/bakery-facts/schemas';
import { formFields } from '@/lib/form-data';
import { authorizeAction } from '@/server/session';
import { type AdminFormState, invalidInput } from '../_components/admin-form-state';

export type ExceptionField = 'date' | 'kind' | 'opens' | 'closes' | 'note';
export type ExceptionState = AdminFormState<ExceptionField>;

/** Owner only. A holiday or a day of special hours; drafts honour it from the next one on. */
export async function addException(
  _previous: ExceptionState,
  formData: FormData,
): Promise<ExceptionState> {
  return writeException(addDateException, formData);
}

/** Owner only. Changes a date's kind, hours or note. */
export async function saveException(
  _previous: ExceptionState,
  formData: FormData,
): Promise<ExceptionState> {
  return writeException(updateDateException, formData);
}

/** Adding and changing differ only in the write: both check, parse and answer alike. */
async function writeException(
  write: typeof addDateException | typeof updateDateException,
  formData: FormData,
): Promise<ExceptionState> {
  const auth = await authorizeAction({ role: 'owner' });
  if (!auth.ok) return auth;
  const fields = formFields(formData);
  const parsed = dateExceptionInput.safeParse(fields);
  if (!parsed.success) return invalidInput(parsed.error, fields);
  const saved = write({ input: parsed.data, by: auth.user.id, now: new Date() });
  return answer(saved, fields, `Saved ${parsed.data.date}.`);
}

/** Owner only. The date goes back to the usual weekly hours. */
export async function removeException(
  _previous: ExceptionState,
  formData: FormData,
): Promise<ExceptionState> {
  const auth = await authorizeAction({ role: 'owner' });
  if (!auth.ok) return auth;
  const fields = formFields(formData);
  const parsed = dateExceptionRef.safeParse(fields);
  if (!parsed.success) return invalidInput(parsed.error, fields);
  const removed = removeDateException({
    date: parsed.data.date,
    by: auth.user.id,
    now: new Date(),
  });
  return answer(removed, fields, `Removed ${parsed.data.date}.`);
}

function answer(
  saved: DateExceptionResult,
  fields: Record<string, string>,
  done: string,
): ExceptionState {
  if (saved.ok) {
    revalidatePath('/admin/exceptions');
    return { ok: true, message: saved.changed ? done : 'Nothing changed.' };
  }
  if (saved.reason === 'dateTaken') {
    return {
      ok: false,
      status: 409,
      errors: { date: 'This date already has closed or special hours; edit it in the list.' },
      values: fields,
    };
  }
  return {
    ok: false,
    status: 409,
    message: 'That date is no longer in the list. Reload the page.',
  };
}
