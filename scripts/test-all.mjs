#!/usr/bin/env node
// `npm test`: every stage of the suite, one after another, stopping at the first that fails,
// then a table of how long each took (and which failed), so a slow stage shows where it is.
// `npm test -- <stage>…` runs only the stages named (e.g. `npm test -- unit e2e`).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The stages in order: each is an npm script of package.json. */
export const stages = [
  { name: 'typecheck', script: 'typecheck' },
  { name: 'lint', script: 'lint' },
  { name: 'unit', script: 'test:unit' },
  { name: 'unit:postgres', script: 'test:unit:postgres' },
  { name: 'e2e', script: 'test:e2e' },
  { name: 'e2e:postgres', script: 'test:e2e:postgres' },
];

/** Seconds as people read them: "42 s", "3 min 05 s". */
export function formatDuration(ms) {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/** The closing table, one row per stage run (and a total). */
export function timingTable(results) {
  const rows = results.map((r) => [
    r.name,
    formatDuration(r.ms),
    r.code === 0 ? 'passed' : 'FAILED',
  ]);
  const total = results.reduce((sum, r) => sum + r.ms, 0);
  rows.push(['total', formatDuration(total), results.every((r) => r.code === 0) ? '' : 'FAILED']);
  const width = [0, 1, 2].map((i) => Math.max(...rows.map((row) => row[i].length)));
  const line = (row) =>
    row
      .map((cell, i) => cell.padEnd(width[i]))
      .join('  ')
      .trimEnd();
  return [line(['stage', 'time', 'result']), ...rows.map(line)].join('\n');
}

function run(script) {
  return new Promise((done) => {
    const child = spawn('npm', ['run', '-s', script], { stdio: 'inherit' });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      done(code ?? (signal ? 1 : 0));
    });
  });
}

async function main(argv) {
  const chosen = argv.length === 0 ? stages : stages.filter((s) => argv.includes(s.name));
  const unknown = argv.filter((name) => !stages.some((s) => s.name === name));
  if (unknown.length > 0) {
    console.error(
      `No such stage: ${unknown.join(', ')}. Stages: ${stages.map((s) => s.name).join(', ')}`,
    );
    return 2;
  }
  const results = [];
  for (const stage of chosen) {
    console.log(`\n── ${stage.name} (npm run ${stage.script}) ──`);
    const started = performance.now();
    const code = await run(stage.script);
    results.push({ name: stage.name, ms: performance.now() - started, code });
    if (code !== 0) break;
  }
  console.log(`\n${timingTable(results)}`);
  return results.every((r) => r.code === 0) && results.length === chosen.length ? 0 : 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  process.exitCode = await main(process.argv.slice(2));
