import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Browser journeys run side by side, each worker on desks of its own (e2e/support/fixtures.ts
 * starts them). A spec that takes `test` from '@playwright/test' itself would run with no desk
 * behind its baseURL, and one that derives a port from E2E_PORT would meet itself in another
 * worker.
 */
const specs = readdirSync('e2e')
  .filter((name) => name.endsWith('.spec.ts'))
  .map((name) => ({ name, source: readFileSync(join('e2e', name), 'utf8') }));

const takesTestFromPlaywright = (source: string) =>
  /import\s*\{[^}]*\btest\b[^}]*\}\s*from\s*'@playwright\/test'/.test(
    source.replace(/import\s+type\s*\{[^}]*\}\s*from\s*'[^']*';/g, ''),
  );

describe('the browser suite’s specs', () => {
  it('take test from e2e/support/fixtures, which gives each worker its desks', () => {
    expect(specs.length).toBeGreaterThan(20);
    expect(specs.filter((s) => takesTestFromPlaywright(s.source)).map((s) => s.name)).toEqual([]);
    expect(
      specs.filter((s) => !s.source.includes("from './support/fixtures'")).map((s) => s.name),
    ).toEqual([]);
  });

  it('start their own servers on free ports, not on ports derived from E2E_PORT', () => {
    expect(specs.filter((s) => s.source.includes('E2E_PORT')).map((s) => s.name)).toEqual([]);
  });

  it('would notice test taken from Playwright itself', () => {
    expect(takesTestFromPlaywright("import { expect, test } from '@playwright/test';")).toBe(true);
    expect(takesTestFromPlaywright("import type { Page } from '@playwright/test';")).toBe(false);
    expect(
      takesTestFromPlaywright("import { request as newRequest } from '@playwright/test';"),
    ).toBe(false);
  });
});
