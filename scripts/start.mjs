#!/usr/bin/env node
// `npm start`: builds the production app when there is no build or the sources are newer
// than it, then serves it. The database is migrated and seeded when the server opens it.
import { spawn, spawnSync } from 'node:child_process';
import { buildIsCurrent, nextBin } from './build-state.mjs';

process.env.NEXT_TELEMETRY_DISABLED = '1';

if (!buildIsCurrent()) {
  console.log('Building the app (first start or changed sources)…');
  const build = spawnSync(process.execPath, [nextBin(), 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = process.env.PORT ?? '3000';
const server = spawn(
  process.execPath,
  [nextBin(), 'start', '--port', port, ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
