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

export const setupInput = z.object({
  setupCode: z
    .string({ error: 'Enter the setup code.' })
    .trim()
    .min(1, { error: 'Enter the setup code.' })
    .max(64, { error: 'That is not the setup code.' }),
  name: nameField,
  email: emailField,
  password: passwordField,
});

export const addStaffInput = z.object({ name: nameField, email: emailField });

export const removeStaffInput = z.object({
  userId: z.coerce.number({ error: 'Choose a staff member.' }).int().positive(),
});

export const unlockAccountInput = z.object({ email: emailField });

export { type FieldErrors, fieldErrors, formFields } from '@/lib/form-data';

/** Changing one's password: the current one, the new one twice. */
export const changePasswordInput = z
  .object({
    currentPassword: z
      .string({ error: 'Enter your current password.' })
      .min(1, { error: 'Enter your current password.' })
      .max(PASSWORD_MAX_LENGTH, { error: 'That is not your current password.' }),
    newPassword: passwordField,
    confirmPassword: z.string({ error: 'Enter the new password again.' }),
  })
  .refine((input) => input.confirmPassword === input.newPassword, {
    error: 'The two new passwords differ.',
    path: ['confirmPassword'],
  })
  .refine((input) => input.newPassword !== input.currentPassword, {
    error: 'Choose a password different from your current one.',
    path: ['newPassword'],
  });

/** A session id as stored: the hex SHA-256 of its token. */
export const sessionIdInput = z.object({
  sessionId: z.string({ error: 'Choose a session.' }).regex(/^[0-9a-f]{64}$/, {
    error: 'Choose a session.',
  }),
});

const codeField = z
  .string({ error: 'Enter the code.' })
  .trim()
  .min(1, { error: 'Enter the code.' })
  .max(64, { error: 'That code is not right.' });

/** The six digits from the app; also a recovery code where one is accepted. */
export const codeInput = z.object({ code: codeField });

export const disableTwoFactorInput = z.object({
  password: z
    .string({ error: 'Enter your password.' })
    .min(1, { error: 'Enter your password.' })
    .max(PASSWORD_MAX_LENGTH, { error: 'That is not your password.' }),
  code: codeField,
});
