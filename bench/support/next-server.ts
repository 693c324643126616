import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { killGroup, type Spawned, spawnInGroup } from '@/tests/support/processes';
import { buildIsCurrent, nextBin } from '../../scripts/build-state.mjs';
import { serverNodeFlags } from '../../scripts/server-flags.mjs';

/** The production server and the bare baseline, started and stopped as process groups. */

const BUILD_TIMEOUT_MS = 8 * 60_000;
const START_TIMEOUT_MS = 60_000;
/** The lock every browser run and every test holding the build takes (tests/support/built-server.ts). */
const BUILD_LOCK = '/tmp/bakery-e2e.lock';

/**
 * Builds the production app unless the build in .next is newer than every source: under the
 * build lock, so two test files, or a browser run, never build .next at the same time (whoever
 * waited finds it built, as scripts/build-if-needed.mjs checks again).
 */
export async function ensureBuild(log: (line: string) => void = () => {}): Promise<void> {
  if (buildIsCurrent()) return;
  log('building the production app (next build)…');
  const build = spawn('flock', [BUILD_LOCK, process.execPath, 'scripts/build-if-needed.mjs'], {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a build that overruns is stopped with the lock's holder.
    detached: true,
  });
  let output = '';
  build.stdout.on('data', (chunk) => {
    output += chunk;
  });
  build.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const timer = setTimeout(() => {
    try {
      process.kill(-(build.pid as number), 'SIGKILL');
    } catch {
      // Already gone.
    }
  }, BUILD_TIMEOUT_MS);
  const code = await new Promise<number | null>((resolve) => build.on('exit', resolve));
  clearTimeout(timer);
  if (code !== 0) {
    const why =
      code === null
        ? `stopped after ${BUILD_TIMEOUT_MS / 60_000} min, waiting for ${BUILD_LOCK} or building`
        : `exit ${code}`;
    throw new Error(`next build failed (${why}):\n${output.slice(-4000)}`);
  }
}

/**
 * The benchmarks' servers use a hundred ports from BENCH_PORT_BASE (3400 unless set, so two
 * runs on one machine can keep apart); the first free one from a random start.
 */
export async function freePort(): Promise<number> {
  const base = Number(process.env.BENCH_PORT_BASE ?? 3400);
  if (!Number.isInteger(base) || base < 1024 || base > 65_435) {
    throw new Error(`BENCH_PORT_BASE must be a port from 1024 to 65435, not ${base}.`);
  }
  const first = Math.floor(Math.random() * 100);
  for (let i = 0; i < 100; i++) {
    const port = base + ((first + i) % 100);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`No free port in ${base}–${base + 99}.`);
}

export type RunningServer = {
  url: string;
  /** The process that serves requests (next-server, or the baseline's node). */
  pid: number;
  stop: () => Promise<void>;
};

async function waitForHealth(url: string, spawned: Spawned): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (spawned.child.exitCode !== null) {
      throw new Error(`the server exited during start-up:\n${spawned.output().slice(-4000)}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      killGroup(spawned, 'SIGKILL');
      throw new Error(`the server did not answer ${url} within ${START_TIMEOUT_MS} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every process in a process group, with its command line. */
function groupMembers(groupId: number): { pid: number; command: string }[] {
  const members: { pid: number; command: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces: fields after it are fixed.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== groupId) continue;
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      members.push({ pid: Number(entry), command });
    } catch {
      // The process ended while we looked.
    }
  }
  return members;
}

/** `next start` sets its title to next-server; should it ever fork, the child carries it. */
export function findServerPid(groupId: number): number {
  const members = groupMembers(groupId);
  const server = members.find((m) => m.command.startsWith('next-server'));
  return server?.pid ?? groupId;
}

async function stopGroup(spawned: Spawned): Promise<void> {
  if (spawned.child.exitCode !== null) return;
  killGroup(spawned, 'SIGTERM');
  const timer = setTimeout(() => killGroup(spawned, 'SIGKILL'), 5_000);
  await spawned.exited;
  clearTimeout(timer);
}

/** `next start` on 127.0.0.1 in its own process group, on the given database. */
export async function startNextServer({
  databasePath,
  env = {},
}: {
  databasePath: string;
  env?: Record<string, string>;
}): Promise<RunningServer> {
  const port = await freePort();
  // With the request edge `npm start` loads, so the figures are those of the served desk.
  const spawned = spawnInGroup(
    [
      ...serverNodeFlags(env.NODE_OPTIONS),
      '--import',
      './scripts/http-edge.mjs',
      nextBin(),
      'start',
      '--port',
      String(port),
      '--hostname',
      '127.0.0.1',
    ],
    {
      DATABASE_PATH: databasePath,
      DRAFT_MODEL: 'offline',
      DRAFT_WORKER: 'off',
      DAILY_BACKUP: 'off',
      ...env,
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(`${url}/api/health`, spawned);
  return {
    url,
    pid: findServerPid(spawned.child.pid as number),
    stop: () => stopGroup(spawned),
  };
}

/** The bare node:http + better-sqlite3 intake server, in its own process group. */
export async function startBaselineIntakeServer({
  databasePath,
  apiKey,
}: {
  databasePath: string;
  apiKey: string;
}): Promise<RunningServer> {
  const port = await freePort();
  const spawned = spawnInGroup(['--import', 'tsx', 'bench/support/baseline-intake-server.ts'], {
    DATABASE_PATH: databasePath,
    INTAKE_API_KEY: apiKey,
    PORT: String(port),
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(`${url}/health`, spawned);
  return { url, pid: spawned.child.pid as number, stop: () => stopGroup(spawned) };
}
