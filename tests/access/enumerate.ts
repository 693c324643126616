import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * Reads the project from disk: every page, every route handler method and every exported
 * server action, named the way tests/access/matrix.ts names them.
 */
const root = process.cwd();
const SOURCE_DIRS = ['app', 'server', 'lib', 'db', 'components'];

function filesUnder(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry);
    if (entry === 'node_modules' || entry.startsWith('.')) return [];
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const posix = (path: string) => relative(root, path).split(sep).join('/');

/** `app/admin/(tools)/staff/page.tsx` → `/admin/staff`; private `_folders` are not routes. */
function routePattern(file: string, leaf: string): string | null {
  const segments = posix(file).split('/').slice(1, -1);
  if (segments.some((s) => s.startsWith('_') || s.startsWith('@'))) return null;
  const kept = segments.filter((s) => !(s.startsWith('(') && s.endsWith(')')));
  return `/${kept.join('/')}`.replace(leaf, '') || '/';
}

export function enumeratePages(): string[] {
  return filesUnder(join(root, 'app'))
    .filter((file) => /\/page\.(tsx|ts|jsx|js|mdx)$/.test(posix(file)))
    .map((file) => routePattern(file, ''))
    .filter((pattern): pattern is string => pattern !== null)
    .sort();
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export function enumerateRoutes(): string[] {
  return filesUnder(join(root, 'app'))
    .filter((file) => /\/route\.(ts|js)$/.test(posix(file)))
    .flatMap((file) => {
      const pattern = routePattern(file, '');
      if (pattern === null) return [];
      const source = readFileSync(file, 'utf8');
      return METHODS.filter((method) =>
        new RegExp(`export\\s+(async\\s+)?(function\\s+${method}\\b|const\\s+${method}\\b)`).test(
          source,
        ),
      ).map((method) => `${method} ${pattern}`);
    })
    .sort();
}

const sourceFiles = () =>
  SOURCE_DIRS.flatMap((dir) => filesUnder(join(root, dir))).filter((file) =>
    /\.(ts|tsx|js|jsx)$/.test(file),
  );

const USE_SERVER_FILE = /^(\s*(\/\/[^\n]*\n|\/\*[\s\S]*?\*\/))*\s*['"]use server['"]/;

/** `app/admin/staff/actions.ts#addStaff` for every export of every 'use server' file. */
export function enumerateActions(): string[] {
  return sourceFiles()
    .flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      if (!USE_SERVER_FILE.test(source)) return [];
      const names = [
        ...source.matchAll(/export\s+(?:async\s+)?(?:function\*?|const|let|var)\s+(\w+)/g),
      ].map((m) => m[1]);
      for (const m of source.matchAll(/export\s*\{([^}]*)\}/g)) {
        for (const part of (m[1] ?? '').split(',')) {
          const name = part
            .trim()
            .split(/\s+as\s+/)
            .at(-1);
          if (name) names.push(name);
        }
      }
      if (/export\s+default/.test(source)) names.push('default');
      return names.map((name) => `${posix(file)}#${name}`);
    })
    .sort();
}

/**
 * Files that declare a server action inline ('use server' inside a function) rather than in a
 * 'use server' module: the matrix cannot see those, so they are refused outright.
 */
export function filesWithInlineServerActions(): string[] {
  return sourceFiles()
    .filter((file) => {
      const source = readFileSync(file, 'utf8');
      return /['"]use server['"]/.test(source) && !USE_SERVER_FILE.test(source);
    })
    .map(posix);
}
