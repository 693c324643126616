// `npm run user:unlock -- --email owner@example.com`: clears an account's ceiling of failed
// sign-ins from the operator's shell, for the bakery whose only owner is the one locked out.
// Logged in the audit log like an owner's unlock.
import { parseArgs } from 'node:util';
import { closeDb } from '@/db/client';
import { findUserByEmail } from '@/db/users';
import { lockedAccounts, unlockAccount } from '@/server/sign-in-lockouts';
import { CommandExit, type CommandIo, runAsProcess } from './support/command';

const USAGE = 'Usage: npm run user:unlock -- --email person@example.com';

function fail(message: string, code = 1): never {
  throw new CommandExit(code, `user:unlock: ${message}`);
}

export async function main(argv: string[], io: CommandIo): Promise<number> {
  let email: string | undefined;
  try {
    email = parseArgs({ args: argv, options: { email: { type: 'string' } } })
      .values.email?.trim()
      .toLowerCase();
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`, 2);
  }
  if (!email) fail(`--email is required.\n${USAGE}`, 2);
  if (!(await findUserByEmail({ email }))) fail(`${email} has no account.`);
  const now = new Date();
  const locked = (await lockedAccounts({ now })).some((account) => account.email === email);
  await unlockAccount({ email, by: null, now });
  await closeDb();
  io.out(
    locked
      ? `Unlocked ${email}: it can sign in again (wrong guesses from other addresses stay limited).`
      : `${email} was not locked; its failed sign-ins are cleared.`,
  );
  return 0;
}

runAsProcess(import.meta.url, main, { name: 'user:unlock' });
