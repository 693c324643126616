#!/usr/bin/env node
// `npm start`: builds the production app when there is no build or the sources are newer
// than it, then serves it. The database is migrated and seeded when the server opens it.
// `--no-build` only starts (a second server of a build another step has just made).
//
// It listens on HOST, 127.0.0.1 unless the operator chooses another address: a fresh desk is
// reachable from this machine only until someone decides to serve it on a network.
//
// The configuration is checked first, before any build, migration or server: a mistake there is
// told as one line per setting and exit status 1, never as a stack trace or a half-started server.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import nextEnv from '@next/env';
import { tsImport } from 'tsx/esm/api';
import { rootLogger } from '../server/log-core.mjs';
import { buildIfNeeded } from './build-if-needed.mjs';
import { nextBin } from './build-state.mjs';
import { serverNodeFlags } from './server-flags.mjs';

process.env.NEXT_TELEMETRY_DISABLED = '1';
// `next start` reads .env files too: check the settings it will run with, not only the shell's.
const log = rootLogger().child({ area: 'start' });
nextEnv.loadEnvConfig(process.cwd(), false, {
  info: () => {},
  error: (...words) => log.error(words.map(String).join(' ')),
});
await tsImport('./support/config-check.ts', import.meta.url);
// A database a newer release has migrated is refused before any build or server.
await tsImport('./support/schema-check.ts', import.meta.url);

const args = process.argv.slice(2);
if (!args.includes('--no-build')) buildIfNeeded();

const port = process.env.PORT || '3000';
const host = process.env.HOST || '127.0.0.1';
const edge = fileURLToPath(new URL('./http-edge.mjs', import.meta.url));
const server = spawn(
  process.execPath,
  [
    ...serverNodeFlags(),
    '--import',
    edge,
    nextBin(),
    'start',
    '--port',
    port,
    '--hostname',
    host,
    ...args.filter((a) => a !== '--no-build'),
  ],
  { stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
