import { describe, expect, it } from 'vitest';
import type { BenchmarkResult, Figure, Machine } from './figures';
import { formatNumber, formatReport, ratioOf, tally, targetMet } from './report';

const machine: Machine = {
  cpu: 'Test CPU @ 2.0GHz',
  cores: 2,
  memoryGiB: 23.5,
  node: 'v20.20.2',
  os: 'Linux 6.1',
};

const drafts: Figure = {
  name: 'drafts per second',
  unit: 'drafts/s',
  samples: [1_200, 1_000, 1_400],
  baseline: { label: 'bare', samples: [3_000, 2_000, 4_000] },
  targets: [
    { on: 'value', atLeast: 1_000, text: '≥ 1,000 drafts/s' },
    { on: 'ratio', atLeast: 1 / 3, text: 'ratio ≥ 0.33×' },
  ],
};

const slowInbox: Figure = {
  name: '/inbox with 100,000 questions',
  unit: 'ms',
  samples: [40],
  baseline: { label: '1,000 questions', samples: [20] },
  targets: [{ on: 'ratio', atMost: 1.5, text: 'within 1.5×' }],
};

describe('judging a figure', () => {
  it('compares medians: the ratio is ours over the baseline', () => {
    expect(ratioOf(drafts)).toBeCloseTo(1_200 / 3_000);
    expect(ratioOf(slowInbox)).toBe(2);
    expect(ratioOf({ name: 'x', unit: '', samples: [1] })).toBeUndefined();
    expect(
      ratioOf({ name: 'p50', unit: 'ms', samples: [2], baseline: { label: 'b', samples: [0] } }),
    ).toBeUndefined();
  });

  it('checks each target against the median or the ratio, at its bound inclusive', () => {
    const [absolute, relative] = drafts.targets ?? [];
    if (!absolute || !relative) throw new Error('fixture');
    expect(targetMet(absolute, drafts)).toBe(true);
    expect(targetMet(absolute, { ...drafts, samples: [999] })).toBe(false);
    expect(targetMet(relative, drafts)).toBe(true);
    expect(targetMet(relative, { ...drafts, samples: [900] })).toBe(false);
    expect(targetMet({ on: 'ratio', atMost: 1.5, text: '' }, slowInbox)).toBe(false);
    expect(targetMet({ on: 'ratio', atMost: 2, text: '' }, slowInbox)).toBe(true);
  });

  it('cannot judge a ratio without a baseline', () => {
    expect(
      targetMet({ on: 'ratio', atMost: 1, text: '' }, { name: 'x', unit: '', samples: [1] }),
    ).toBeUndefined();
  });

  it('counts a benchmark that failed to run as a miss', () => {
    const failed: BenchmarkResult = {
      id: 9,
      title: 'Broken',
      method: '',
      figures: [],
      error: 'boom',
    };
    expect(
      tally([{ id: 1, title: 'Loop', method: 'm', figures: [drafts, slowInbox] }, failed]),
    ).toEqual({ met: 2, missed: 2, unjudged: 0 });
  });
});

describe('formatting numbers', () => {
  it.each([
    [12_345.6, '12,346'],
    [123.4, '123'],
    [56.78, '56.8'],
    [4.567, '4.57'],
    [0.91234, '0.912'],
  ])('%d reads as %s', (value, text) => {
    expect(formatNumber(value)).toBe(text);
  });
});

describe('the Markdown report', () => {
  const results: BenchmarkResult[] = [
    { id: 1, title: 'Agent loop overhead', method: 'Drafts in a loop.', figures: [drafts] },
    {
      id: 4,
      title: 'Inbox at scale',
      method: 'Pages timed.',
      figures: [slowInbox],
      whenMissed: 'The list query counts every row; page it.',
    },
    {
      id: 7,
      title: 'Memory',
      method: 'Peak RSS.',
      figures: [{ name: 'peak', unit: 'MiB', samples: [150] }],
    },
    {
      id: 8,
      title: 'Broken',
      method: 'Never ran.',
      figures: [],
      error: 'the server did not start',
    },
  ];
  const markdown = formatReport({
    machine,
    results,
    finishedAt: new Date('2026-12-01T10:00:00Z'),
    totalSeconds: 312.4,
    notes: ['Intake ran with DRAFT_WORKER=off.'],
  });

  it('opens with when it ran, how long it took, the verdict and the notes', () => {
    expect(markdown).toContain('on 2026-12-01 10:00 UTC in 312 s. 2 of 4 targets met, 2 missed.');
    expect(markdown).toContain('Intake ran with DRAFT_WORKER=off.');
  });

  it('describes the machine', () => {
    expect(markdown).toContain('| Test CPU @ 2.0GHz | 2 | 23.5 GiB | v20.20.2 | Linux 6.1 |');
  });

  it('gives each figure its median, range, runs, baseline, ratio, targets and verdicts', () => {
    expect(markdown).toContain(
      '| drafts per second | 1,200 drafts/s | 1,000 – 1,400 | 3 | 3,000 drafts/s (2,000 – 4,000; bare) | 0.400× | ≥ 1,000 drafts/s<br>ratio ≥ 0.33× | yes<br>yes |',
    );
    expect(markdown).toContain(
      '| /inbox with 100,000 questions | 40.0 ms | — | 1 | 20.0 ms (—; 1,000 questions) | 2.00× | within 1.5× | **no** |',
    );
  });

  it('marks a figure without a target as reported', () => {
    expect(markdown).toContain('| peak | 150 MiB | — | 1 | — | — | — (reported) | — |');
  });

  it('explains a missed target only where one is missed', () => {
    expect(markdown).toContain(
      '**Why a target is missed, and what would close it:** The list query counts every row; page it.',
    );
  });

  it('shows a benchmark that failed instead of hiding it', () => {
    expect(markdown).toContain('## 8. Broken');
    expect(markdown).toContain('**Did not finish:** the server did not start');
  });

  it('puts the benchmarks in the order given, each under its own heading', () => {
    const headings = markdown.split('\n').filter((line) => line.startsWith('## '));
    expect(headings).toEqual([
      '## Machine',
      '## 1. Agent loop overhead',
      '## 4. Inbox at scale',
      '## 7. Memory',
      '## 8. Broken',
    ]);
  });
});
