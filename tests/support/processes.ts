import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';

export type Spawned = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/**
 * Starts a Node.js process in its own process group, so killGroup also ends its children.
 * `unset` names settings of this process the child must not inherit.
 */
export function spawnInGroup(
  args: string[],
  env: Record<string, string>,
  { unset = [] }: { unset?: string[] } = {},
): Spawned {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !unset.includes(name)),
  );
  const child = spawn(process.execPath, args, {
    cwd: process.cwd(),
    env: {
      ...inherited,
      ANTHROPIC_API_KEY: '',
      ANTHROPIC_BASE_URL: '',
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, output: () => output, exited };
}

/** Starts `npm run worker` as a real process in its own process group. */
export function spawnWorker(env: Record<string, string>): Spawned {
  return spawnInGroup(['--conditions=react-server', '--import', 'tsx', 'scripts/worker.ts'], env);
}

/** Polls until `check` is true, failing with `what` after timeoutMs. */
export async function waitUntil(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export function killGroup(spawned: Spawned, signal: NodeJS.Signals): void {
  if (spawned.child.pid && spawned.child.exitCode === null) {
    try {
      process.kill(-spawned.child.pid, signal);
    } catch {
      // Already gone.
    }
  }
}
