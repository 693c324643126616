import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTaggedForPostgres, postgresPassFiles, unitTestFiles } from '../support/postgres-pass';

/**
 * Every db/ module runs on PostgreSQL in some test: a test of the PostgreSQL pass (tagged for
 * it as tests/support/postgres-pass.ts says) or of tests/postgres/ (which start
 * a PostgreSQL server of their own) loads it, directly or through the modules it imports. A new
 * query module whose tests are not tagged fails here.
 */
const importPattern =
  /(?:^|[\s;])(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(?\s*['"]([^'"]+)['"]/g;

/** The project's own modules a file imports (`@/…` and relative), as paths from the root. */
function projectImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of source.matchAll(importPattern)) {
    const spec = match[1] ?? match[2] ?? '';
    const base = spec.startsWith('@/')
      ? spec.slice(2)
      : spec.startsWith('.')
        ? normalize(join(dirname(file), spec))
        : undefined;
    if (base === undefined) continue;
    const resolved = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(
      (candidate) => existsSync(candidate) && !candidate.endsWith('/'),
    );
    if (resolved && !readdirSafe(resolved)) found.push(resolved);
  }
  return found;
}

function readdirSafe(path: string): boolean {
  try {
    readdirSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Every module loaded from `entries`, following the project's own imports. */
function loaded(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...projectImports(file).filter((next) => !seen.has(next)));
  }
  return seen;
}

function dbModules(dir = 'db'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return dbModules(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const onPostgres = [
  ...postgresPassFiles(),
  ...unitTestFiles().filter((file) => file.startsWith('tests/postgres/')),
];

describe('the PostgreSQL pass', () => {
  it('runs the tagged files, among them the database’s own tests', () => {
    const files = postgresPassFiles();
    expect(files).toEqual(
      unitTestFiles().filter((f) => isTaggedForPostgres(readFileSync(f, 'utf8'))),
    );
    for (const file of [
      'tests/db/queue.test.ts',
      'tests/db/knowledge.test.ts',
      'tests/db/insights.test.ts',
    ]) {
      expect(files).toContain(file);
    }
    // SQLite's own tests never run there.
    expect(files.filter((f) => /migrations|backup|sqlite/.test(f))).toEqual([]);
  });

  it('reads the tag only as a line of its own', () => {
    // Spelled in pieces, or vitest would read this file as tagged.
    const tag = `@module-${'tag'}`;
    expect(isTaggedForPostgres(`// ${tag} postgres: claims.\nimport x;`)).toBe(true);
    expect(isTaggedForPostgres(`/**\n * ${tag} postgres\n */`)).toBe(true);
    expect(isTaggedForPostgres(`const tag = '${tag} postgres';`)).toBe(false);
    expect(isTaggedForPostgres(`// ${tag} postgresql`)).toBe(false);
  });

  it('loads every db/ module in some test that runs on PostgreSQL', () => {
    const modules = dbModules();
    expect(modules.length).toBeGreaterThan(20);
    const covered = loaded(onPostgres);
    expect(modules.filter((module) => !covered.has(module))).toEqual([]);
  });

  it('would notice a module none of them load', () => {
    const covered = loaded(['tests/db/rate-limits.test.ts']);
    expect(covered.has('db/rate-limits.ts')).toBe(true);
    expect(covered.has('db/insights.ts')).toBe(false);
  });
});
