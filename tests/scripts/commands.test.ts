import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The command-line scripts' tests call each script's `main` in their own process
 * (tests/support/command.ts). These run each as the process `npm run <script>` starts: its
 * arguments, piped input, lines and exit code go through scripts/support/command.ts.
 */
const dir = mkdtempSync(join(tmpdir(), 'bakery-desk-commands-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Outcome = { code: number; stdout: string; stderr: string };

function script(
  file: string,
  args: string[],
  { input, env = {} }: { input?: string; env?: Record<string, string> } = {},
): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--conditions=react-server', '--import', 'tsx', `scripts/${file}`, ...args],
      {
        env: {
          ...process.env,
          DATABASE_URL: '',
          DATABASE_PATH: join(dir, `${file}.db`),
          ANTHROPIC_API_KEY: '',
          DRAFT_MODEL: '',
          ...env,
        },
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(input ?? '');
  });
}

describe('the command-line scripts as processes', () => {
  it('exit with their main’s code, their lines on stdout and stderr', async () => {
    const [added, unlocked, refused, drafted, evaluated, checked, backedUp, restored] =
      await Promise.all([
        script('user-add.ts', ['--email', 'olive@example.com', '--role', 'owner'], {
          input: 'Proof the rye at dawn, then the buns\n',
        }),
        script('user-unlock.ts', []),
        script('user-add.ts', ['--role', 'owner']),
        script('draft.ts', ['--now', 'Tuesday', 'Are you open?']),
        script('eval.ts', ['--model', 'gpt-9']),
        script('model-check.ts', []),
        script('db-backup.ts', []),
        script('db-restore.ts', []),
      ]);
    expect(added, added.stderr).toMatchObject({ code: 0, stderr: '' });
    expect(added.stdout).toBe('Added owner olive <olive@example.com>.\n');
    expect(unlocked.code).toBe(2);
    expect(unlocked.stderr).toContain('user:unlock: --email is required.');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^user:add: /);
    expect(drafted.code).toBe(2);
    expect(drafted.stderr).toContain('draft: --now must look like 2026-12-01T10:00');
    expect(evaluated.code).toBe(2);
    expect(evaluated.stderr).toContain('eval: --model must be offline, claude or openai');
    expect(checked.code).toBe(1);
    expect(checked.stdout).toMatch(/^Not configured: ANTHROPIC_API_KEY is not set/);
    expect(backedUp.code).toBe(2);
    expect(backedUp.stderr).toContain('Usage: npm run db:backup');
    expect(restored.code).toBe(2);
    expect(restored.stderr).toContain('db:restore: Name the backup file.');
  }, 60_000);
});
