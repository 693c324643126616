// `npm run user:add -- --email … --role owner|staff [--name …]`: adds an account from the
// operator's shell. Bad input gets a clear message, a non-zero exit, and writes nothing. The
// password is the person's own (they typed it here), so it need not be changed at sign-in.
import { closeDb } from '@/db/client';
import { createUser, findUserByEmail } from '@/db/users';
import { hashPassword } from '@/lib/auth/password-hash';
import { passwordProblem } from '@/lib/auth/password-policy';
import { parseUserAddArgs, passwordFromPipedInput, USER_ADD_USAGE } from '@/lib/auth/user-add-args';
import { readAllStdin, readHiddenLine } from './support/terminal';

function fail(message: string, code = 1): never {
  // Exiting ends the database's connections in any case.
  void closeDb();
  console.error(`user:add: ${message}`);
  process.exit(code);
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return passwordFromPipedInput(await readAllStdin());
  const first = await readHiddenLine('Password: ');
  const again = await readHiddenLine('Password again: ');
  if (first !== again) fail('The two passwords differ.');
  return first;
}

async function main(): Promise<void> {
  const parsed = parseUserAddArgs(process.argv.slice(2));
  if (!parsed.ok) fail(`${parsed.message}\n${USER_ADD_USAGE}`, 2);
  const { email, role, name } = parsed.args;

  if (await findUserByEmail({ email })) fail(`${email} already has an account.`);

  const password = await readPassword();
  if (!password) fail('No password given.');
  const problem = passwordProblem({ password, email, name });
  if (problem) fail(`Password refused: ${problem}`);

  const created = await createUser({
    email,
    name,
    role,
    passwordHash: await hashPassword(password),
    now: new Date(),
  });
  if (!created.ok) fail(`${email} already has an account.`);
  await closeDb();
  console.log(`Added ${created.user.role} ${created.user.name} <${created.user.email}>.`);
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
