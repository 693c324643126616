import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The customers' pages (/ask, the ticket page) send the browser React and their own forms,
 * nothing more: the schemas check on the server, the browser checks its own constraints
 * (required, maxLength, type=email). This follows every module their client components load
 * and fails when one reaches a validation or chart library. `npm run bench` weighs the result.
 */
const root = process.cwd();
const heavy = /^(zod|@nivo\/|d3-)/;

/** Modules a file loads at run time: `import type` and `export type` are erased, so left out. */
function runtimeImports(source: string): string[] {
  const patterns = [
    /\b(?:import|export)\s+(?!type\s)[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((m) => m[1] ?? ''));
}

function resolveLocal(specifier: string, from: string): string | undefined {
  const base = specifier.startsWith('@/')
    ? join(root, specifier.slice(2))
    : specifier.startsWith('.')
      ? join(dirname(from), specifier)
      : undefined;
  if (!base) return undefined;
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((ending) => `${base}${ending}`)
    .find((path) => existsSync(path) && statSync(path).isFile());
}

/** Whether a file's first statement is the given directive ('use client', 'use server'). */
function starts(source: string, directive: string): boolean {
  return new RegExp(`^(\\s|//[^\\n]*\\n|/\\*[\\s\\S]*?\\*/)*['"]${directive}['"]`).test(source);
}

/** Every package a client component reaches, with the chain of files that led there. */
function packagesReached(entry: string): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const seen = new Set<string>();
  const visit = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    // A server action reaches the browser as a reference to call, not as its code.
    if (starts(source, 'use server')) return;
    for (const specifier of runtimeImports(source)) {
      const local = resolveLocal(specifier, file);
      const path = [...chain, relative(root, file)];
      if (local) visit(local, path);
      else if (!specifier.startsWith('.') && !reached.has(specifier)) reached.set(specifier, path);
    }
  };
  visit(entry, []);
  return reached;
}

function clientComponentsUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return clientComponentsUnder(path);
    return /\.tsx?$/.test(entry) && starts(readFileSync(path, 'utf8'), 'use client') ? [path] : [];
  });
}

describe("the customers' pages send no validation or chart library to the browser", () => {
  it('reads the imports that load at run time, not those of types', () => {
    const source = [
      "'use client';",
      "import type { z } from 'zod';",
      "import { type FormEvent, useState } from 'react';",
      "import { QUESTION_MAX_CHARS } from '@/lib/intake/question-input';",
      "export type { Bar } from '@nivo/bar';",
      "const later = await import('./later');",
    ].join('\n');
    expect(runtimeImports(source)).toEqual(['react', '@/lib/intake/question-input', './later']);
  });

  it('would catch a form that checks with the server’s schema', () => {
    const file = join(root, 'app', 'ask', 'checked-form.tsx');
    const reached = [...packagesReached(resolveLocal('@/lib/intake/question-input', file) ?? '')];
    expect(reached.map(([name]) => name)).toContain('zod');
  });

  it.each(['app/ask', 'app/t'])('%s: its client components reach neither', (dir) => {
    const entries = clientComponentsUnder(join(root, dir));
    expect(entries.length).toBeGreaterThan(0);
    const offending = entries.flatMap((entry) =>
      [...packagesReached(entry)]
        .filter(([name]) => heavy.test(name))
        .map(([name, chain]) => `${[...chain].join(' → ')} → ${name}`),
    );
    expect(offending).toEqual([]);
  });
});

/**
 * The client components a page's server modules reach, following the page's imports through
 * server modules to each 'use client' boundary (what Next.js sends the browser for that page).
 */
function clientComponentsReachedFrom(page: string): string[] {
  const found = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    if (starts(source, 'use client')) {
      found.add(file);
      return;
    }
    if (starts(source, 'use server')) return;
    for (const specifier of runtimeImports(source)) {
      const local = resolveLocal(specifier, file);
      if (local) visit(local);
    }
  };
  visit(join(root, page));
  return [...found];
}

/** Each chain from a page's client components to a chart library. */
function chartLibraryChains(page: string): string[] {
  return clientComponentsReachedFrom(page).flatMap((entry) =>
    [...packagesReached(entry)]
      .filter(([name]) => /^@nivo\//.test(name))
      .map(([name, chain]) => `${chain.join(' → ')} → ${name}`),
  );
}

describe('the chart library loads only on the dashboard', () => {
  it('is reached by the dashboard’s client components (so the check below can see it)', () => {
    expect(chartLibraryChains('app/admin/insights/page.tsx').length).toBeGreaterThan(0);
  });

  it('/inbox/stats: a person’s own figures reach no chart library', () => {
    expect(clientComponentsReachedFrom('app/inbox/stats/page.tsx').length).toBeGreaterThan(0);
    expect(chartLibraryChains('app/inbox/stats/page.tsx')).toEqual([]);
  });
});
