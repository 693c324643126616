#!/usr/bin/env node
// `npm start`: builds the production app when there is no build or the sources are newer
// than it, then serves it. The database is migrated and seeded when the server opens it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

process.env.NEXT_TELEMETRY_DISABLED = '1';
const root = process.cwd();
const buildStamp = join(root, '.next', 'BUILD_ID');
const sources = [
  'app',
  'lib',
  'db',
  'drizzle',
  'instrumentation.ts',
  'next.config.ts',
  'package-lock.json',
  'postcss.config.mjs',
];

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestChange(join(path, entry)));
  }
  return newest;
}

function buildIsCurrent() {
  if (!existsSync(buildStamp)) return false;
  const built = statSync(buildStamp).mtimeMs;
  return sources.every((source) => newestChange(join(root, source)) <= built);
}

const nextBin = join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
if (!buildIsCurrent()) {
  console.log('Building the app (first start or changed sources)…');
  const build = spawnSync(process.execPath, [nextBin, 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = process.env.PORT ?? '3000';
const server = spawn(
  process.execPath,
  [nextBin, 'start', '--port', port, ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
