import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * lib/ is the functional core: it decides, and never touches the database, Next.js or the
 * request-side shell. This reads every source under lib/ and lists the imports that break it.
 */
const root = process.cwd();

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourcesUnder(path);
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry) ? [path] : [];
  });
}

/** Every module a file names: static and dynamic imports, re-exports and require calls. */
function importedModules(source: string): string[] {
  const patterns = [
    /\b(?:import|export)\s[^'"]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((m) => m[1] ?? ''));
}

/** Whether a module named from `file` is the database, Next.js or server/. */
function isForbidden(specifier: string, file: string): boolean {
  if (specifier === 'next' || specifier.startsWith('next/')) return true;
  if (specifier === 'server-only') return true;
  const target = specifier.startsWith('@/')
    ? specifier.slice(2)
    : specifier.startsWith('.')
      ? relative(root, join(file, '..', specifier))
          .split('\\')
          .join('/')
      : null;
  if (target === null) return false;
  return /^(db|server)(\/|$)/.test(target);
}

describe('lib/ touches neither the database nor Next.js', () => {
  it('recognises each kind of forbidden import', () => {
    const file = join(root, 'lib', 'auth', 'example.ts');
    const source = [
      "import { getDb } from '@/db/client';",
      "import type { Role } from '../../db/schema';",
      "import { cookies } from 'next/headers';",
      "export { x } from '@/server/session';",
      "const m = await import('@/db/queue');",
      "import 'server-only';",
      "import { z } from 'zod';",
      "import { roles } from '../domain';",
    ].join('\n');
    const forbidden = importedModules(source).filter((s) => isForbidden(s, file));
    expect(forbidden).toEqual([
      '@/db/client',
      '../../db/schema',
      'next/headers',
      '@/server/session',
      'server-only',
      '@/db/queue',
    ]);
  });

  it('finds no such import in any file under lib/', () => {
    const files = sourcesUnder(join(root, 'lib'));
    expect(files.length).toBeGreaterThan(20);
    const offending = files.flatMap((file) =>
      importedModules(readFileSync(file, 'utf8'))
        .filter((specifier) => isForbidden(specifier, file))
        .map((specifier) => `${relative(root, file)} imports ${specifier}`),
    );
    expect(offending).toEqual([]);
  });
});
