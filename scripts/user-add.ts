// `npm run user:add -- --email … --role owner|staff [--name …]`: adds an account from the
// operator's shell. Bad input gets a clear message, a non-zero exit, and writes nothing. The
// password is the person's own (they typed it here), so it need not be changed at sign-in.
import { closeDb } from '@/db/client';
import { createUser, findUserByEmail } from '@/db/users';
import { hashPassword } from '@/lib/auth/password-hash';
import { passwordProblem } from '@/lib/auth/password-policy';
import { parseUserAddArgs, passwordFromPipedInput, USER_ADD_USAGE } from '@/lib/auth/user-add-args';
import { CommandExit, type CommandIo, runAsProcess } from './support/command';
import { readHiddenLine } from './support/terminal';

function fail(message: string, code = 1): never {
  throw new CommandExit(code, `user:add: ${message}`);
}

async function readPassword(io: CommandIo): Promise<string> {
  const piped = await io.pipedInput();
  if (piped !== undefined) return passwordFromPipedInput(piped);
  const first = await readHiddenLine('Password: ');
  const again = await readHiddenLine('Password again: ');
  if (first !== again) fail('The two passwords differ.');
  return first;
}

export async function main(argv: string[], io: CommandIo): Promise<number> {
  const parsed = parseUserAddArgs(argv);
  if (!parsed.ok) fail(`${parsed.message}\n${USER_ADD_USAGE}`, 2);
  const { email, role, name } = parsed.args;

  if (await findUserByEmail({ email })) fail(`${email} already has an account.`);

  const password = await readPassword(io);
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
  io.out(`Added ${created.user.role} ${created.user.name} <${created.user.email}>.`);
  return 0;
}

runAsProcess(import.meta.url, main, { name: 'user:add' });
