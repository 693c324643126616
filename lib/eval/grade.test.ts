import { describe, expect, it } from 'vitest';
import { evalCase, filterCases, parseEvalSet } from './cases';
import { gradeDraft, matches } from './grade';
import { parseMinPass, summarize } from './report';

const testCase = (change: Record<string, unknown>) =>
  evalCase.parse({ id: 'rolls', question: 'Two dozen rolls?', ...change });

describe('grading a draft', () => {
  it('reads plain text case-insensitively and /pattern/flags as a regular expression', () => {
    expect(matches('Two dozen rolls are $36.00.', 'TWO DOZEN')).toBe(true);
    expect(matches('Two dozen rolls are $36.00.', '/\\$36\\.00/')).toBe(true);
    expect(matches('Saturday, December 5', '/saturday,? december 5/i')).toBe(true);
    expect(matches('$360.00', '$36.00')).toBe(false);
  });

  it('passes only with every must, no mustNot and the right mark, naming each miss', () => {
    const c = testCase({
      must: ['$36.00', 'Saturday'],
      mustNot: ['07:30 works'],
      needsPerson: false,
    });
    expect(gradeDraft(c, { text: 'It is $36.00 on Saturday.', needsPerson: null })).toEqual({
      pass: true,
      reasons: [],
    });
    expect(
      gradeDraft(c, {
        text: 'It is $36.00, so 07:30 works.',
        needsPerson: { reason: 'other', note: 'x' },
      }),
    ).toEqual({
      pass: false,
      reasons: [
        'missing "Saturday"',
        'says "07:30 works"',
        'marked for a person (other) without need',
      ],
    });
    const allergy = testCase({ needsPerson: true, needsPersonReason: 'allergens' });
    expect(gradeDraft(allergy, { text: 'Hi', needsPerson: null }).reasons).toEqual([
      'not marked for a person',
    ]);
    expect(
      gradeDraft(allergy, { text: 'Hi', needsPerson: { reason: 'delivery', note: 'x' } }).reasons,
    ).toEqual(['marked delivery, not allergens']);
    expect(gradeDraft(testCase({}), { text: null, needsPerson: null }).reasons).toEqual([
      'no draft',
    ]);
  });

  it('refuses a malformed set, naming the case and field', () => {
    expect(parseEvalSet('[{"id":"Bad Id","question":"q"}]', 'evals/x.json')).toEqual({
      ok: false,
      message: 'evals/x.json: 0.id: kebab-case, e.g. "rolls-two-dozen"',
    });
    expect(parseEvalSet('{', 'evals/y.json').ok).toBe(false);
    const parsed = parseEvalSet('[{"id":"a","question":"q","tags":["hours"]}]', 'f');
    expect(parsed.ok && filterCases(parsed.cases, 'hour').map((c) => c.id)).toEqual(['a']);
  });

  it('sums the figures and reads a minimum pass rate as a share or a percentage', () => {
    const result = (pass: boolean, turns: number, costUsd: number) => ({
      id: 'x',
      group: 'main',
      question: 'q',
      grade: { pass, reasons: [] },
      draft: '',
      stop: 'answered' as const,
      needsPerson: null,
      turns,
      tokens: 100,
      costUsd,
      ms: 10,
    });
    const summary = summarize('m', [
      result(true, 1, 0.01),
      result(false, 3, 0.03),
      result(true, 2, 0),
    ]);
    expect(summary).toMatchObject({
      cases: 3,
      passed: 2,
      turns: { median: 2, max: 3 },
      tokens: { total: 300, perDraft: 100 },
    });
    expect(summary.dollars.total).toBeCloseTo(0.04);
    expect([parseMinPass('0.95'), parseMinPass('95'), parseMinPass(undefined)]).toEqual([
      0.95, 0.95, 0,
    ]);
    expect([parseMinPass('-1'), parseMinPass('lots'), parseMinPass('')]).toEqual([
      null,
      null,
      null,
    ]);
  });
});
