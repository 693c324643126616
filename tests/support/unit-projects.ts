import { readFileSync } from 'node:fs';
import { unitTestFiles } from './postgres-pass';

/**
 * How the unit suite's files are split for vitest (vitest.config.ts). Loading the desk's modules
 * (the schema, the agent, zod, drizzle) takes a second or more per file when each file gets a
 * module graph of its own, so files that can share one per worker do: those that replace no
 * module or global (no `vi.mock`, `vi.spyOn`, `vi.stubEnv`, fake timers…) and start no process.
 * Each test still points the desk at its own database (tests/support/temp-db.ts).
 */
const replacesModulesOrGlobals =
  /\bvi\.(mock|doMock|unmock|spyOn|stubGlobal|stubEnv|useFakeTimers)\b/;

/** What marks a file that starts servers, workers or mail servers (also run first). */
export const startsProcesses =
  /support\/(processes|built-server|dovecot|in-process-worker|tiny-run|postgres)['"]|\b(spawn|spawnSync|execFile|fork)\(/;

export function sharesModules(source: string): boolean {
  return !replacesModulesOrGlobals.test(source) && !startsProcesses.test(source);
}

/** The test files under tests/, db/ and bench/ that share modules, and those that do not. */
export function deskTestFiles(root = process.cwd()): { shared: string[]; isolated: string[] } {
  const files = unitTestFiles(root).filter((file) => !file.startsWith('lib/'));
  const shared = files.filter((file) => sharesModules(readFileSync(`${root}/${file}`, 'utf8')));
  return { shared, isolated: files.filter((file) => !shared.includes(file)) };
}
