import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'bakery-desk-unlock-'));
const databasePath = join(dir, 'desk.db');
const email = 'olive@example.com';
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function npm(args: string[], input?: string) {
  const child = run('npm', ['run', '--silent', ...args], {
    env: { ...process.env, DATABASE_PATH: databasePath },
  });
  if (input !== undefined) {
    child.child.stdin?.end(input);
  }
  try {
    const { stdout } = await child;
    return { code: 0, stdout, stderr: '' };
  } catch (error) {
    return error as { code: number; stdout: string; stderr: string };
  }
}

const db = () => new Database(databasePath);

describe('npm run user:unlock', () => {
  beforeAll(async () => {
    const added = await npm(
      ['user:add', '--', '--email', email, '--role', 'owner'],
      'Proof the rye at dawn, then the buns\n',
    );
    expect(added.code, added.stderr).toBe(0);
  }, 60_000);

  it('lets the only owner back in after the account ceiling, and logs it', async () => {
    const handle = db();
    const insert = handle.prepare('insert into sign_in_failures (key, at) values (?, ?)');
    for (let i = 0; i < 50; i++) insert.run(`account:${email}`, Date.now() - 60_000);
    handle.close();

    const { code, stdout } = await npm(['user:unlock', '--', '--email', 'Olive@Example.com']);
    expect(code).toBe(0);
    expect(stdout).toContain(`Unlocked ${email}`);
    const after = db();
    try {
      expect(
        after
          .prepare('select count(*) from sign_in_failures where key = ?')
          .pluck()
          .get(`account:${email}`),
      ).toBe(0);
      expect(
        after
          .prepare("select user_id as userId from audit_log where action = 'sign_in.unlock'")
          .all(),
      ).toEqual([{ userId: null }]);
    } finally {
      after.close();
    }
  }, 60_000);

  it('refuses a missing flag and an unknown account, writing nothing', async () => {
    const missing = await npm(['user:unlock']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--email is required');
    const unknown = await npm(['user:unlock', '--', '--email', 'nobody@example.com']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('nobody@example.com has no account');
    const handle = db();
    try {
      expect(
        handle
          .prepare("select count(*) from audit_log where action = 'sign_in.unlock'")
          .pluck()
          .get(),
      ).toBe(1);
    } finally {
      handle.close();
    }
  }, 60_000);
});
