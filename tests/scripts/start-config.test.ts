import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm start` and `npm run worker` with one setting wrong, run as the processes an operator
 * starts: each says what is wrong in one line naming the setting, with a right value, and exits
 * with status 1 before it builds, opens (migrates) the database or listens. No stack trace.
 */
const dir = mkdtempSync(join(tmpdir(), 'bakery-desk-start-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Outcome = { code: number | null; output: string; databasePath: string; port: number };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function run(
  command: string,
  args: string[],
  name: string,
  setting: Record<string, string>,
): Promise<Outcome> {
  const port = await freePort();
  const databasePath = join(dir, name, 'bakery.db');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_PATH: databasePath,
    PORT: String(port),
    HOST: '',
    DATABASE_URL: '',
    ANTHROPIC_API_KEY: '',
    ANTHROPIC_BASE_URL: '',
    DRAFT_MODEL: '',
    SMTP_URL: '',
    MAIL_FROM: '',
    IMAP_URL: '',
    PUBLIC_BASE_URL: '',
    ALLOWED_HOSTS: '',
    TRUSTED_PROXIES: '',
    ...setting,
  };
  return new Promise((resolve) => {
    // Generous: a start that got past the check would build and serve, and never end by itself.
    execFile(command, args, { env, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({
        code: error ? (typeof error.code === 'number' ? error.code : null) : 0,
        output: `${stdout}${stderr}`,
        databasePath,
        port,
      }),
    );
  });
}

const node = process.execPath;
// `--no-build`: were the check missing, the start would reach `next start`, not rebuild .next
// under another test's server; the one start through npm is the operator's own command.
const startDirectly = ['scripts/start.mjs', '--no-build'];

type Refusal = { variable: string; problem: string; example: string };

/**
 * Refused as an operator should see it: each setting named in one line of its own, with what is
 * wrong and a right value (every setting's words are checked in lib/config-problems.test.ts),
 * exit status 1, no stack trace, and nothing started.
 */
async function expectRefused(outcome: Outcome, ...refusals: Refusal[]) {
  expect(outcome.code, outcome.output).toBe(1);
  const lines = outcome.output.split('\n');
  for (const { variable, problem, example } of refusals) {
    const named = lines.filter((line) => line.trimStart().startsWith(`${variable} `));
    expect(named, outcome.output).toHaveLength(1);
    expect(named[0]).toContain(problem);
    expect(named[0]).toContain(`For example: ${example}`);
  }
  expect(outcome.output).toContain('Bakery Desk did not start');
  expect(
    lines.filter((line) => /^\s+at /.test(line)),
    outcome.output,
  ).toEqual([]);
  expect(outcome.output).not.toMatch(/Error:|node:internal/);
  // Nothing started: the database was never opened, so never created, and nothing listens.
  expect(existsSync(outcome.databasePath)).toBe(false);
  expect(await listening(outcome.port)).toBe(false);
}

/*
 * Each start is a process of its own (a second or two of loading), so the wrong settings share
 * starts: one start with several wrong names each in its own line, as one with one wrong would.
 */
describe('a start with a setting wrong', () => {
  it('npm start names each bad setting in one line and exits 1, having started nothing', async () => {
    const [direct, throughNpm] = await Promise.all([
      run(node, startDirectly, 'direct', {
        PORT: 'abc',
        DATABASE_URL: 'not-a-url',
        SMTP_URL: 'https://desk:secret-password@mail.example.com',
        MAIL_FROM: 'hello@juniper.example',
        PUBLIC_BASE_URL: 'https://desk.example.com',
        DRAFT_DAILY_DOLLARS: '-3',
      }),
      run('npm', ['start', '--silent'], 'base-url', { ANTHROPIC_BASE_URL: 'nonsense' }),
    ]);
    await expectRefused(
      direct,
      { variable: 'PORT', problem: 'is "abc": must be a port number', example: 'PORT=3000' },
      {
        variable: 'DATABASE_URL',
        problem: 'must be a PostgreSQL address starting with postgres:// or postgresql://',
        example: 'DATABASE_URL=postgres://',
      },
      {
        variable: 'SMTP_URL',
        problem: '(value not shown): must start with smtp:// or smtps://',
        example: 'SMTP_URL=smtps://',
      },
      {
        variable: 'DRAFT_DAILY_DOLLARS',
        problem: 'is "-3": must be an amount of dollars, 0 or more',
        example: 'DRAFT_DAILY_DOLLARS=10',
      },
    );
    expect(direct.output).not.toContain('secret-password');
    await expectRefused(throughNpm, {
      variable: 'ANTHROPIC_BASE_URL',
      problem: 'is "nonsense": must be a full web address',
      example: 'ANTHROPIC_BASE_URL=https://',
    });
  }, 120_000);

  it('npm run worker does the same before it opens the database', async () => {
    const worker = await run('npm', ['run', '--silent', 'worker'], 'worker', {
      DATABASE_URL: 'not-a-url',
      DRAFT_DAILY_DOLLARS: '-3',
    });
    await expectRefused(
      worker,
      {
        variable: 'DATABASE_URL',
        problem: 'must be a PostgreSQL address',
        example: 'DATABASE_URL=postgres://',
      },
      {
        variable: 'DRAFT_DAILY_DOLLARS',
        problem: 'must be an amount of dollars, 0 or more',
        example: 'DRAFT_DAILY_DOLLARS=10',
      },
    );
  }, 120_000);
});
