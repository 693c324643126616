#!/usr/bin/env node
// Builds the production app when there is no build or the sources are newer than it.
// `npm start` and `npm run test:e2e` run it first, so servers started after it only start.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { rootLogger } from '../server/log-core.mjs';
import { buildIsCurrent, nextBin } from './build-state.mjs';

/** Exits the process with the build's status when the build fails. */
export function buildIfNeeded() {
  process.env.NEXT_TELEMETRY_DISABLED = '1';
  if (buildIsCurrent()) return;
  rootLogger().child({ area: 'build' }).info('building the app (first start or changed sources)…');
  const build = spawnSync(process.execPath, [nextBin(), 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfNeeded();
