import type { z } from 'zod';
import { storableText } from './intake/clean-text';

/** Reading forms the same way on the server and in the browser. */

/** Field name to its first message, for errors shown beside each field. */
export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

export function fieldErrors<T>(error: z.ZodError<T>): FieldErrors<T> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    out[field] ??= issue.message;
  }
  return out as FieldErrors<T>;
}

/**
 * A FormData's string fields as a plain object; files and repeats are ignored. Every value is
 * storable text (no NUL or other C0 control but tab and newline, no lone surrogate): a form
 * posted from anywhere reaches the schemas, and the database, as text either engine keeps.
 */
export function formFields(formData: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  // An action can be posted anything; what is not a form has no fields, and fails validation.
  if (!(formData instanceof FormData)) return out;
  for (const [key, value] of formData) {
    if (typeof value === 'string' && !(key in out)) out[key] = storableText(value);
  }
  return out;
}
