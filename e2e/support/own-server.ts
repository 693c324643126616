import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export type OwnServer = {
  url: string;
  port: number;
  databasePath: string;
  /** Everything the server printed so far (stdout and stderr). */
  output: () => string;
  stop: () => Promise<void>;
};

/**
 * `npm start` as an operator runs it (`node scripts/start.mjs`, the build already made by the
 * suite's first server) on a fresh database of its own, with only the settings given: no HOST,
 * no TRUSTED_PROXIES unless a test passes them. In its own process group, stopped as a group.
 */
export async function startOwnServer({
  name,
  port,
  env = {},
}: {
  name: string;
  port: number;
  env?: Record<string, string>;
}): Promise<OwnServer> {
  const runDir = process.env.E2E_RUN_DIR;
  if (!runDir)
    throw new Error('E2E_RUN_DIR is not set: run the suite through playwright.config.ts.');
  const dir = join(runDir, name);
  mkdirSync(dir, { recursive: true });
  const databasePath = join(dir, 'desk.db');
  const {
    HOST: _host,
    TRUSTED_PROXIES: _proxies,
    ALLOWED_HOSTS: _hosts,
    PUBLIC_BASE_URL: _base,
    ...inherited
  } = process.env;
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs', '--no-build'], {
    env: {
      ...inherited,
      PORT: String(port),
      DATABASE_PATH: databasePath,
      DRAFT_MODEL: 'offline',
      DRAFT_WORKER: 'off',
      ANTHROPIC_API_KEY: '',
      ANTHROPIC_BASE_URL: '',
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
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || !child.pid) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, port, databasePath, output: () => output, stop };
}
