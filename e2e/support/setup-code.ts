import { readFileSync, statSync } from 'node:fs';

/**
 * The setup code as the operator finds it: the server prints it at start, and keeps it in a
 * file beside the database, readable by its owner only. Tests read the file (the suite's own
 * server's console is Playwright's, not the test's); e2e/network.spec.ts checks that the
 * printed code and the file agree. The file is beside the server's DATABASE_PATH on either
 * engine: a PostgreSQL run gives each server one in the run's folder too.
 */
export function setupCodeFile(databasePath = process.env.E2E_DATABASE_PATH): string {
  if (!databasePath) throw new Error('E2E_DATABASE_PATH is not set.');
  return `${databasePath}-setup-code`;
}

export function readSetupCode(databasePath?: string): string {
  return readFileSync(setupCodeFile(databasePath), 'utf8').trim();
}

/** The file's permission bits, e.g. 0o600. */
export function setupCodeFileMode(databasePath?: string): number {
  return statSync(setupCodeFile(databasePath)).mode & 0o777;
}
