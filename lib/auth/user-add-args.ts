import { parseArgs } from 'node:util';
import { z } from 'zod';
import { roles } from '../domain';
import { emailField, nameField } from './forms';

export const USER_ADD_USAGE =
  'Usage: npm run user:add -- --email <email> --role owner|staff [--name <name>]\n' +
  'The password is asked for (not echoed) or read from standard input when piped.';

const argsSchema = z.object({
  email: emailField,
  role: z.enum(roles, { error: 'The role must be owner or staff.' }),
  name: nameField.optional(),
});

export type UserAddArgs = { email: string; role: (typeof roles)[number]; name: string };

/** The command line of `user:add`, checked; the name defaults to the email's local part. */
export function parseUserAddArgs(
  argv: string[],
): { ok: true; args: UserAddArgs } | { ok: false; message: string } {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        role: { type: 'string' },
        name: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  if (values.email === undefined) return { ok: false, message: 'Missing --email.' };
  if (values.role === undefined) return { ok: false, message: 'Missing --role (owner or staff).' };
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, message: `--${String(issue?.path[0])}: ${issue?.message}` };
  }
  const { email, role, name } = parsed.data;
  return { ok: true, args: { email, role, name: name ?? email.split('@')[0] ?? email } };
}

/** The password from piped standard input: its first line, without the line ending. */
export function passwordFromPipedInput(text: string): string {
  return text.split(/\r?\n/)[0] ?? '';
}
