import { z } from 'zod';
import { emailField, nameField, passwordField } from '../auth/forms';
import { MENU_CSV_MAX_CHARACTERS } from '../bakery-facts/menu-csv';
import { settingsInput } from '../bakery-facts/schemas';

/** The guided start's forms, parsed the same way in the browser and by the server actions. */

/** The bakery's name, contact line, time zone, locale and currency: the settings form's rules. */
export const bakeryBasicsInput = settingsInput.pick({
  name: true,
  contact: true,
  timezone: true,
  locale: true,
  currency: true,
});

export const menuCsvInput = z.object({
  csv: z
    .string({ error: 'Choose a file or paste the rows.' })
    .max(MENU_CSV_MAX_CHARACTERS, {
      error: 'This file is too large for a menu. Check that it is the right file.',
    })
    .refine((text) => text.trim() !== '', { error: 'Choose a file or paste the rows.' }),
});

/** A new colleague, and how they get in: an invite link, or a temporary password. */
export const colleagueInput = z.object({
  name: nameField,
  email: emailField,
  how: z.enum(['invite', 'password'], { error: 'Choose how they get in.' }),
});

export const inviteRef = z.object({
  id: z.coerce.number({ error: 'Choose an invite.' }).int().positive(),
});

/** The invited person's own password, twice; the token is the link's. */
export const acceptInviteInput = z
  .object({
    token: z.string({ error: 'This invite link is not complete.' }).max(100),
    password: passwordField,
    confirmPassword: z.string({ error: 'Enter the password again.' }),
  })
  .refine((input) => input.confirmPassword === input.password, {
    error: 'The two passwords differ.',
    path: ['confirmPassword'],
  });
