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

export { type FieldErrors, fieldErrors, formFields } from '@/lib/form-data';
