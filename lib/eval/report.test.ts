import { describe, expect, it } from 'vitest';
import { caseGroup } from './cases';
import { type CaseResult, formatReport, gatedFigure, groupFigures, summarize } from './report';

const result = (id: string, group: string, pass: boolean): CaseResult => ({
  id,
  group,
  question: 'q',
  grade: { pass, reasons: pass ? [] : ['missing "$36.00"'] },
  draft: 'd',
  stop: 'answered',
  needsPerson: null,
  turns: 1,
  tokens: 10,
  costUsd: 0,
  ms: 1,
});

describe('the eval report by folder', () => {
  it('names a case file by its folder under evals/, top-level files being the main folder', () => {
    expect(caseGroup('evals/held-out/orders.json')).toBe('held-out');
    expect(caseGroup('/work/main/evals/held-out/orders.json')).toBe('held-out');
    expect(caseGroup('evals\\held-out\\orders.json')).toBe('held-out');
    expect(caseGroup('evals/a/b/c.json')).toBe('a/b');
    expect(caseGroup('evals/held-out.json')).toBe('main');
    expect(caseGroup('evals/basics.json')).toBe('main');
    expect(caseGroup('/tmp/x/impossible.json')).toBe('main');
  });

  it('counts each folder on its own, main first, and the whole across all of them', () => {
    const results = [
      result('b', 'held-out', false),
      result('a', 'main', true),
      result('c', 'held-out', true),
      result('d', 'main', true),
      result('e', 'blind', false),
      result('f', 'held-out', false),
      result('g', 'main', false),
    ];
    expect(groupFigures(results)).toEqual([
      { group: 'main', cases: 3, passed: 2, passRate: 2 / 3 },
      { group: 'blind', cases: 1, passed: 0, passRate: 0 },
      { group: 'held-out', cases: 3, passed: 1, passRate: 1 / 3 },
    ]);
    const summary = summarize('offline drafter', results);
    expect(summary).toMatchObject({ cases: 7, passed: 3 });
    const report = formatReport(results, summary);
    expect(report).toContain('FAIL b: missing "$36.00"');
    expect(report).toContain('PASS c');
    const figures = report.split('\n').filter((line) => line.includes('passed'));
    expect(figures).toEqual([
      '3/7 passed (42.9%) with offline drafter, across all folders',
      '  main: 2/3 passed (66.7%)',
      '  blind: 0/1 passed (0.0%)',
      '  held-out: 1/3 passed (33.3%)',
    ]);
  });

  it('prints only the one figure when every case comes from the main folder', () => {
    const results = [result('a', 'main', true), result('b', 'main', false)];
    const figures = formatReport(results, summarize('m', results))
      .split('\n')
      .filter((line) => line.includes('passed'));
    expect(figures).toEqual(['1/2 passed (50.0%) with m']);
  });

  it('still reports a single folder given on its own under its name', () => {
    const results = [result('a', 'held-out', true)];
    const figures = formatReport(results, summarize('m', results))
      .split('\n')
      .filter((line) => line.includes('passed'));
    expect(figures).toEqual(['1/1 passed (100.0%) with m', '  held-out: 1/1 passed (100.0%)']);
  });

  it('holds every folder but held-out to the minimum, or held-out when it ran alone', () => {
    const mixed = summarize('m', [
      result('a', 'main', true),
      result('b', 'main', true),
      result('c', 'blind', false),
      result('d', 'held-out', false),
      result('e', 'held-out', false),
    ]);
    expect(mixed.passRate).toBeCloseTo(2 / 5);
    expect(gatedFigure(mixed)).toEqual({
      cases: 3,
      passed: 2,
      passRate: 2 / 3,
      label: 'outside held-out/',
    });
    const alone = summarize('m', [result('d', 'held-out', true), result('e', 'held-out', false)]);
    expect(gatedFigure(alone)).toEqual({ cases: 2, passed: 1, passRate: 0.5, label: '' });
    const main = summarize('m', [result('a', 'main', false)]);
    expect(gatedFigure(main)).toEqual({ cases: 1, passed: 0, passRate: 0, label: '' });
  });
});
