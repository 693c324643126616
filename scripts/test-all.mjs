#!/usr/bin/env node
// `npm test`: every stage of the suite, then a table of how long each took (and which failed), so
// a slow stage shows where it is. The production build comes first, beside the typecheck and the
// lint; then two lanes run side by side, the unit tests (SQLite, then PostgreSQL) in one and the
// browser journeys (SQLite, then PostgreSQL) in the other, each line marked with its stage. The
// first stage that fails stops the others. `npm test -- <stage>…` runs only the stages named
// (e.g. `npm test -- unit e2e`); TEST_LANES=1 runs the stages one at a time, in order.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/**
 * The stages in order: each is an npm script of package.json; `after` names the stages that must
 * have passed first (when they run at all).
 */
export const stages = [
  { name: 'typecheck', script: 'typecheck', after: [] },
  { name: 'lint', script: 'lint', after: [] },
  { name: 'build', script: 'test:build', after: [] },
  { name: 'unit', script: 'test:unit', after: ['build'] },
  { name: 'unit:postgres', script: 'test:unit:postgres', after: ['unit'] },
  { name: 'e2e', script: 'test:e2e', after: ['build'] },
  { name: 'e2e:postgres', script: 'test:e2e:postgres', after: ['e2e'] },
];

/** Seconds as people read them: "42 s", "3 min 05 s". */
export function formatDuration(ms) {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/**
 * The closing table, one row per stage run, then the whole run's time: the stages overlap, so it
 * is the time from the first start to the last end, not their sum.
 */
export function timingTable(results, wallMs = results.reduce((sum, r) => sum + r.ms, 0)) {
  const rows = results.map((r) => [r.name, formatDuration(r.ms), outcome(r.code)]);
  rows.push(['total', formatDuration(wallMs), results.every((r) => r.code === 0) ? '' : 'FAILED']);
  const width = [0, 1, 2].map((i) => Math.max(...rows.map((row) => row[i].length)));
  const line = (row) =>
    row
      .map((cell, i) => cell.padEnd(width[i]))
      .join('  ')
      .trimEnd();
  return [line(['stage', 'time', 'result']), ...rows.map(line)].join('\n');
}

function outcome(code) {
  if (code === 0) return 'passed';
  return code === null ? 'stopped' : 'FAILED';
}

/**
 * Which of the chosen stages may start now: not started, and every stage it waits for that is
 * also chosen has passed. With `oneAtATime`, only the first such stage, and only when none runs.
 */
export function readyStages({ chosen, passed, started, running, oneAtATime }) {
  const names = new Set(chosen.map((s) => s.name));
  const ready = chosen.filter(
    (s) =>
      !started.has(s.name) &&
      s.after.every((dependency) => !names.has(dependency) || passed.has(dependency)),
  );
  if (!oneAtATime) return ready;
  return running > 0 ? [] : ready.slice(0, 1);
}

/**
 * What a stage's environment adds: the build skips its own type check when the typecheck stage
 * runs too (next.config.ts), since that stage fails the run on any error the build would find.
 */
export function stageEnv(stage, chosen) {
  const typecheckRuns = chosen.some((s) => s.name === 'typecheck');
  return stage.name === 'build' && typecheckRuns ? { SKIP_BUILD_TYPECHECK: '1' } : {};
}

function run(stage, { marked, env }) {
  const child = spawn('npm', ['run', '-s', stage.script], {
    env: { ...process.env, ...env },
    stdio: marked ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    // Its own process group, so stopping a stage stops the servers and browsers it started.
    detached: true,
  });
  if (marked) {
    for (const stream of [child.stdout, child.stderr]) {
      const lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
      lines.on('line', (text) => console.log(`[${stage.name}] ${text}`));
    }
  }
  const done = new Promise((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
  const stop = (signal = 'SIGTERM') => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  return { done, stop };
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
  const oneAtATime = process.env.TEST_LANES === '1';
  const started = new Set();
  const passed = new Set();
  const running = new Map();
  const results = [];
  let failed = false;
  const begun = performance.now();
  const stopAll = (signal) => {
    for (const { stop } of running.values()) stop(signal);
  };
  process.on('SIGINT', () => stopAll('SIGINT'));
  process.on('SIGTERM', () => stopAll('SIGTERM'));

  for (;;) {
    if (!failed) {
      for (const stage of readyStages({
        chosen,
        passed,
        started,
        running: running.size,
        oneAtATime,
      })) {
        started.add(stage.name);
        console.log(`\n── ${stage.name} (npm run ${stage.script}) ──`);
        const at = performance.now();
        const handle = run(stage, { marked: !oneAtATime, env: stageEnv(stage, chosen) });
        running.set(stage.name, {
          stop: handle.stop,
          finished: handle.done.then((code) => ({ stage, code, ms: performance.now() - at })),
        });
      }
    }
    if (running.size === 0) break;
    const { stage, code, ms } = await Promise.race([...running.values()].map((r) => r.finished));
    running.delete(stage.name);
    const result = { name: stage.name, ms, code: failed && code !== 0 ? null : code };
    results.push(result);
    console.log(`── ${stage.name}: ${outcome(result.code)} in ${formatDuration(ms)} ──`);
    if (code === 0) passed.add(stage.name);
    else if (!failed) {
      failed = true;
      stopAll('SIGTERM');
    }
  }
  const order = (r) => stages.findIndex((s) => s.name === r.name);
  results.sort((a, b) => order(a) - order(b));
  console.log(`\n${timingTable(results, performance.now() - begun)}`);
  return !failed && results.length === chosen.length ? 0 : 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  process.exitCode = await main(process.argv.slice(2));
