import { spawn } from 'node:child_process';
import { killGroup, type Spawned, spawnInGroup } from './processes';

/**
 * The production build in .next, held: built first if the sources are newer, under the lock
 * every browser run takes (/tmp/bakery-e2e.lock), and the lock kept until `release`, so no other
 * run rebuilds .next under a server this test started.
 */
export async function holdBuiltApp(): Promise<{ release: () => Promise<void> }> {
  const holder = spawn(
    'flock',
    [
      '/tmp/bakery-e2e.lock',
      'sh',
      '-c',
      'node scripts/build-if-needed.mjs >&2 && echo built && exec sleep 86400',
    ],
    {
      cwd: process.cwd(),
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let output = '';
  holder.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => holder.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    holder.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('built')) resolve();
    });
    holder.once('exit', (code) =>
      reject(new Error(`the build failed (${code}):\n${output.slice(-4000)}`)),
    );
  });
  return {
    release: async () => {
      if (holder.pid && holder.exitCode === null) {
        try {
          process.kill(-holder.pid, 'SIGTERM');
        } catch {
          // Already gone.
        }
      }
      await exited;
    },
  };
}

export type BuiltServer = Spawned & { url: string };

/**
 * `npm start --no-build` as an operator runs it (scripts/start.mjs: the edge, the server's
 * flags, `next start`), in its own process group, with only the settings given.
 */
export async function startBuiltServer({
  port,
  env,
}: {
  port: number;
  env: Record<string, string>;
}): Promise<BuiltServer> {
  const spawned = spawnInGroup(
    ['scripts/start.mjs', '--no-build'],
    { PORT: String(port), DRAFT_MODEL: 'offline', ...env },
    {
      unset: [
        'HOST',
        'TRUSTED_PROXIES',
        'ALLOWED_HOSTS',
        'PUBLIC_BASE_URL',
        'DATABASE_URL',
        'DATABASE_PATH',
      ],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (spawned.child.exitCode !== null) {
      throw new Error(`the server exited:\n${spawned.output()}`);
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      killGroup(spawned, 'SIGKILL');
      throw new Error(`the server did not answer within 60 s:\n${spawned.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { ...spawned, url };
}
