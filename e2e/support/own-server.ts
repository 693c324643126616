import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawnInGroup } from '../../tests/support/processes';

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
  prepareDatabase,
}: {
  name: string;
  port: number;
  env?: Record<string, string>;
  /** Writes the database the server starts on (an earlier release's, say); fresh otherwise. */
  prepareDatabase?: (path: string) => void;
}): Promise<OwnServer> {
  const runDir = process.env.E2E_RUN_DIR;
  if (!runDir)
    throw new Error('E2E_RUN_DIR is not set: run the suite through playwright.config.ts.');
  const dir = join(runDir, name);
  mkdirSync(dir, { recursive: true });
  const databasePath = join(dir, 'desk.db');
  prepareDatabase?.(databasePath);
  // Only the settings given: none of the suite's own HOST, proxies or host names.
  const { child, output } = spawnInGroup(
    ['scripts/start.mjs', '--no-build'],
    {
      PORT: String(port),
      DATABASE_PATH: databasePath,
      DRAFT_MODEL: 'offline',
      DRAFT_WORKER: 'off',
      ...env,
    },
    { unset: ['HOST', 'TRUSTED_PROXIES', 'ALLOWED_HOSTS', 'PUBLIC_BASE_URL', 'NODE_ENV'] },
  );
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
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
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer within 60 s:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, port, databasePath, output, stop };
}
