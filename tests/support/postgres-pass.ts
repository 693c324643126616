import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The PostgreSQL pass (`npm run test:unit:postgres`) runs the test files tagged for it: those
 * that exercise the database's own behaviour (claims and leases, search, migrations, transactions
 * and locks, the dashboard's SQL, copy, rate limits, change notices), each on a fresh database of
 * its own. A file is tagged by a line of vitest's own module-tag syntax near its top:
 *
 *     // @module-tag postgres
 *
 * so `vitest --tags-filter=postgres` picks the same tests. Everything else runs on SQLite only.
 */
export const POSTGRES_TAG = 'postgres';

const tagLine = /^\s*(\/\/|\*)\s*@module-tag\s+postgres\b/m;
const roots = ['tests', 'lib', 'db', 'bench'];

export function isTaggedForPostgres(source: string): boolean {
  return tagLine.test(source);
}

/** Every test file under the suite's roots, relative to `root`, in a stable order. */
export function unitTestFiles(root = process.cwd()): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'fixtures') walk(path);
      } else if (entry.name.endsWith('.test.ts')) {
        found.push(relative(root, path));
      }
    }
  };
  for (const dir of roots) walk(join(root, dir));
  return found.sort();
}

/** The test files the PostgreSQL pass runs. */
export function postgresPassFiles(root = process.cwd()): string[] {
  return unitTestFiles(root).filter((file) =>
    isTaggedForPostgres(readFileSync(join(root, file), 'utf8')),
  );
}
