import { readFileSync } from 'node:fs';
import type { NextConfig } from 'next';
import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  readyStages,
  stageEnv,
  stages,
  timingTable,
} from '../../scripts/test-all.mjs';

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

  it('gives the whole run’s time when the stages overlapped, and marks a stage stopped by another’s failure', () => {
    const table = timingTable(
      [
        { name: 'unit', ms: 300_000, code: 1 },
        { name: 'e2e', ms: 200_000, code: null },
      ],
      310_000,
    ).split('\n');
    expect(table).toEqual([
      'stage  time        result',
      'unit   5 min 00 s  FAILED',
      'e2e    3 min 20 s  stopped',
      'total  5 min 10 s  FAILED',
    ]);
  });
});

describe('which stages npm test starts', () => {
  const names = (list: { name: string }[]) => list.map((s) => s.name);
  const state = (passed: string[], started: string[], oneAtATime = false) => ({
    chosen: stages,
    passed: new Set(passed),
    started: new Set(started),
    running: started.length - passed.length,
    oneAtATime,
  });

  it('starts the build beside the typecheck and the lint, and both lanes once it is built', () => {
    expect(names(readyStages(state([], [])))).toEqual(['typecheck', 'lint', 'build']);
    const checks = ['typecheck', 'lint', 'build'];
    expect(names(readyStages(state(['build'], checks)))).toEqual(['unit', 'e2e']);
    expect(names(readyStages(state([...checks, 'unit'], [...checks, 'unit', 'e2e'])))).toEqual([
      'unit:postgres',
    ]);
  });

  it('waits only for the stages chosen: npm test -- e2e starts at once', () => {
    const e2e = stages.filter((s) => s.name === 'e2e');
    expect(
      names(
        readyStages({
          chosen: e2e,
          passed: new Set(),
          started: new Set(),
          running: 0,
          oneAtATime: false,
        }),
      ),
    ).toEqual(['e2e']);
  });

  it('one at a time, in order, when asked', () => {
    expect(names(readyStages(state([], [], true)))).toEqual(['typecheck']);
    expect(names(readyStages(state([], ['typecheck'], true)))).toEqual([]);
  });
});

describe('the build beside the typecheck', () => {
  const chosen = (...names: string[]) => stages.filter((s) => names.includes(s.name));
  const build = stages.find((s) => s.name === 'build');

  it('skips the build’s own type check only when the typecheck stage runs too', () => {
    if (!build) throw new Error('no build stage');
    expect(stageEnv(build, chosen('typecheck', 'lint', 'build'))).toEqual({
      SKIP_BUILD_TYPECHECK: '1',
    });
    expect(stageEnv(build, chosen('build', 'e2e'))).toEqual({});
    const unit = stages.find((s) => s.name === 'unit');
    if (!unit) throw new Error('no unit stage');
    expect(stageEnv(unit, stages)).toEqual({});
  });

  it('next.config.ts lets a build skip its type check only when told to', async () => {
    // Each setting loads its own copy of the config (the query names a new module).
    const load = async (setting: string | undefined) => {
      if (setting === undefined) delete process.env.SKIP_BUILD_TYPECHECK;
      else process.env.SKIP_BUILD_TYPECHECK = setting;
      const config = `../../next.config.ts?skip=${setting}`;
      const loaded: { default: NextConfig } = await import(/* @vite-ignore */ config);
      return loaded.default.typescript?.ignoreBuildErrors;
    };
    try {
      expect(await load(undefined)).toBe(false);
      expect(await load('1')).toBe(true);
      expect(await load('yes')).toBe(false);
    } finally {
      delete process.env.SKIP_BUILD_TYPECHECK;
    }
  });
});
