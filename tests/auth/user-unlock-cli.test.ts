import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main as userAdd } from '../../scripts/user-add';
import { main as userUnlock } from '../../scripts/user-unlock';
import { runInProcess } from '../support/command';
import { openOutsideConnection } from '../support/outside-connection';
import { type TempDatabase, useTempDatabase } from '../support/temp-db';

const email = 'olive@example.com';
// The commands' mains run in this process, on the test's own database: a SQLite file, or a
// PostgreSQL database. tests/scripts/commands.test.ts runs them as processes.
let temp: TempDatabase;
afterAll(() => temp.cleanup());

const commands = { 'user:add': userAdd, 'user:unlock': userUnlock };

/** `npm run <script> -- <args…>`, with `input` piped in. */
function npm([script, separator, ...args]: string[], input?: string) {
  const main = commands[script as keyof typeof commands];
  if (!main || (separator !== undefined && separator !== '--')) throw new Error(`no ${script}`);
  return runInProcess(main, args, { name: script, input });
}

const db = () => openOutsideConnection(temp);

describe('npm run user:unlock', () => {
  beforeAll(async () => {
    temp = await useTempDatabase();
    const added = await npm(
      ['user:add', '--', '--email', email, '--role', 'owner'],
      'Proof the rye at dawn, then the buns\n',
    );
    expect(added.code, added.stderr).toBe(0);
  }, 60_000);

  it('lets the only owner back in after the account ceiling, and logs it', async () => {
    const handle = await db();
    for (let i = 0; i < 50; i++) {
      await handle.run(
        'insert into sign_in_failures (key, at) values (?, ?)',
        `account:${email}`,
        Date.now() - 60_000,
      );
    }
    await handle.close();

    const { code, stdout } = await npm(['user:unlock', '--', '--email', 'Olive@Example.com']);
    expect(code).toBe(0);
    expect(stdout).toContain(`Unlocked ${email}`);
    const after = await db();
    try {
      const [failures] = await after.rows(
        'select count(*) as n from sign_in_failures where key = ?',
        `account:${email}`,
      );
      expect(Number(failures?.n)).toBe(0);
      expect(
        await after.rows(
          'select user_id as "userId" from audit_log where action = \'sign_in.unlock\'',
        ),
      ).toEqual([{ userId: null }]);
    } finally {
      await after.close();
    }
  }, 60_000);

  it('refuses a missing flag and an unknown account, writing nothing', async () => {
    const missing = await npm(['user:unlock']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--email is required');
    const unknown = await npm(['user:unlock', '--', '--email', 'nobody@example.com']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('nobody@example.com has no account');
    const handle = await db();
    try {
      const [row] = await handle.rows(
        "select count(*) as n from audit_log where action = 'sign_in.unlock'",
      );
      expect(Number(row?.n)).toBe(1);
    } finally {
      await handle.close();
    }
  }, 60_000);
});
