import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatDuration, stages, timingTable } from '../../scripts/test-all.mjs';

describe('npm test’s timing table', () => {
  it('words durations in seconds, then minutes and seconds', () => {
    expect(formatDuration(400)).toBe('0 s');
    expect(formatDuration(41_600)).toBe('42 s');
    expect(formatDuration(185_000)).toBe('3 min 05 s');
  });

  it('has a row per stage run, a total, and marks the one that failed', () => {
    const table = timingTable([
      { name: 'typecheck', ms: 3_000, code: 0 },
      { name: 'unit', ms: 95_000, code: 1 },
    ]).split('\n');
    expect(table).toEqual([
      'stage      time        result',
      'typecheck  3 s         passed',
      'unit       1 min 35 s  FAILED',
      'total      1 min 38 s  FAILED',
    ]);
  });

  it('runs every test script of package.json, and npm test runs it', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
      scripts: Record<string, string>;
    };
    const testScripts = Object.keys(pkg.scripts).filter((name) => name.startsWith('test:'));
    expect(stages.map((s) => s.script).sort()).toEqual(
      ['lint', 'typecheck', ...testScripts].sort(),
    );
    expect(pkg.scripts.test).toBe('node scripts/test-all.mjs');
  });
});
