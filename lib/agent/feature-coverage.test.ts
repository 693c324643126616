import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = process.cwd();
const feature = readFileSync(join(root, 'lib/agent/agent.feature'), 'utf8');
const testRoots = ['lib/agent', 'tests/agent'];

function scenarioNames(text: string): string[] {
  return [...text.matchAll(/^\s*Scenario(?: Outline)?:\s*(.+?)\s*$/gm)].map((m) => m[1] as string);
}

function testFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Names given to scenario(…) and scenarioTable(…) in the agent's tests. */
function testedNames(): string[] {
  return testRoots.flatMap(testFiles).flatMap((file) => {
    const source = readFileSync(join(root, file), 'utf8');
    return [...source.matchAll(/\bscenario(?:Table)?\(\s*(['"`])((?:(?!\1).)+)\1/g)].map(
      (m) => m[2] as string,
    );
  });
}

describe('agent.feature', () => {
  it('has a test for every scenario', () => {
    const tested = new Set(testedNames());
    const untested = scenarioNames(feature).filter((name) => !tested.has(name));
    expect(untested).toEqual([]);
  });

  it('has no scenario test without a scenario', () => {
    const written = new Set(scenarioNames(feature));
    expect(testedNames().filter((name) => !written.has(name))).toEqual([]);
  });

  it('names each scenario once', () => {
    const names = scenarioNames(feature);
    expect(names.length).toBeGreaterThan(30);
    expect(new Set(names).size).toBe(names.length);
  });
});
