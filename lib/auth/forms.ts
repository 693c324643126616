import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './password-policy';

/** Emails are compared and stored lower-cased. */
export const emailField = z
  .string({ error: 'Enter an email address.' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Enter a valid email address.' }).max(254));

export const nameField = z
  .string({ error: 'Enter a name.' })
  .trim()
  .min(1, { error: 'Enter a name.' })
  .max(100, { error: 'Use at most 100 characters.' });

export const passwordField = z
  .string({ error: 'Enter a password.' })
  .min(1, { error: 'Enter a password.' })
  .max(PASSWORD_MAX_LENGTH, { error: `Use at most ${PASSWORD_MAX_LENGTH} characters.` });

export const signInInput = z.object({ email: emailField, password: passwordField });

export const setupInput = z.object({ name: nameField, email: emailField, password: passwordField });

export const addStaffInput = z.object({ name: nameField, email: emailField });

export const removeStaffInput = z.object({
  userId: z.coerce.number({ error: 'Choose a staff member.' }).int().positive(),
});

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

/** A FormData's string fields as a plain object; files and repeats are ignored. */
export function formFields(formData: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of formData) {
    if (typeof value === 'string' && !(key in out)) out[key] = value;
  }
  return out;
}
