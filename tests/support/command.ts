import { resetEnvForTests } from '@/lib/env';
import { type Command, runCommand } from '../../scripts/support/command';

export type CommandResult = { code: number; stdout: string; stderr: string };

/**
 * Runs a command-line script's `main` in this process, as `npm run <script>` would run it,
 * with `env` laid over this process's settings for the call only, and what a person would have
 * piped in. Its lines come back as the process's output would: each followed by a newline.
 */
export async function runInProcess(
  main: Command,
  argv: string[],
  {
    env = {},
    input,
    name = 'command',
    crashCode,
  }: { env?: Record<string, string>; input?: string; name?: string; crashCode?: number } = {},
): Promise<CommandResult> {
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, env);
  resetEnvForTests();
  let stdout = '';
  let stderr = '';
  try {
    const code = await runCommand(
      main,
      argv,
      {
        out: (text) => {
          stdout += `${text}\n`;
        },
        err: (text) => {
          stderr += `${text}\n`;
        },
        progress: (text) => {
          stdout += text;
        },
        pipedInput: async () => input,
      },
      { name, crashCode },
    );
    return { code, stdout, stderr };
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetEnvForTests();
  }
}
