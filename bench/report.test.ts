import { describe, expect, it } from 'vitest';
import type { BenchmarkResult, Figure, Machine } from './figures';
import {
  countInBuckets,
  formatChart,
  formatNumber,
  formatReport,
  latencyBuckets,
  niceStep,
  ratioOf,
  tally,
  targetMet,
  verdict,
} from './report';
import { medianOfRatios } from './support/stats';

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

  it('takes a paired ratio as the median of per-round ratios, not the ratio of medians', () => {
    // Round 2 ran while the machine was busy: both sides slowed, and its ratio still reads 1.1.
    const p99: Figure = {
      name: 'p99',
      unit: 'ms',
      samples: [11, 44, 12],
      baseline: { label: 'floor', samples: [10, 40, 8], paired: true },
      targets: [{ on: 'ratio', atMost: 1.25, text: 'within 1.25×' }],
    };
    expect(ratioOf(p99)).toBeCloseTo(1.1);
    expect(ratioOf({ ...p99, baseline: { label: 'floor', samples: [10, 40, 8] } })).toBeCloseTo(
      12 / 10,
    );
    expect(targetMet({ on: 'ratio', atMost: 1.25, text: '' }, p99)).toBe(true);
    expect(
      targetMet(
        { on: 'ratio', atMost: 1.25, text: '' },
        { ...p99, samples: [13, 52, 12] }, // 1.3, 1.3 and 1.5 per round
      ),
    ).toBe(false);
  });

  it('leaves out a round whose baseline reads 0, and judges nothing without a round', () => {
    expect(medianOfRatios([3, 5, 8], [0, 5, 4])).toBeCloseTo(1.5);
    expect(medianOfRatios([2, 6], [1, 2, 99])).toBeCloseTo(2.5);
    expect(
      ratioOf({
        name: 'p50',
        unit: 'ms',
        samples: [1, 1],
        baseline: { label: 'floor', samples: [0, 0], paired: true },
      }),
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

describe('the verdict', () => {
  const loop = { id: 1, title: 'Loop', method: 'm' };

  it('says N of N targets met when every target holds', () => {
    expect(verdict([{ ...loop, figures: [drafts] }])).toBe('2 of 2 targets met.');
  });

  it('names each target missed with its benchmark and figure', () => {
    expect(verdict([{ ...loop, figures: [drafts, slowInbox] }])).toBe(
      '2 of 3 targets met. Missed (1), each with its cause under its benchmark: 1. Loop: /inbox with 100,000 questions (within 1.5×).',
    );
  });

  it('names a target it could not judge apart from those missed', () => {
    const unmeasured: Figure = { ...slowInbox, name: 'empty', samples: [] };
    expect(verdict([{ ...loop, figures: [drafts, unmeasured] }])).toBe(
      '2 of 3 targets met. Not judged (1, no samples): 1. Loop: empty (within 1.5×).',
    );
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
    expect(markdown).toContain(
      'on 2026-12-01 10:00 UTC in 312 s. 2 of 4 targets met. Missed (2), each with its cause under its benchmark: 4. Inbox at scale: /inbox with 100,000 questions (within 1.5×); 8. Broken did not finish.',
    );
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

describe('charts', () => {
  it('draws time against size as one Mermaid line chart, each line named with its values', () => {
    const text = formatChart({
      kind: 'lines',
      title: 'Pages at scale',
      xLabel: 'conversations',
      yLabel: 'ms',
      series: [
        {
          name: '/inbox',
          points: [
            { x: 10_000, y: 21.34 },
            { x: 1_000, y: 16 },
            { x: 100_000, y: 92 },
          ],
        },
        {
          name: '/inbox/<id>',
          points: [
            { x: 1_000, y: 20 },
            { x: 10_000, y: 25 },
            { x: 100_000, y: 30 },
          ],
        },
      ],
    }).join('\n');
    expect(text).toBe(
      [
        '*Pages at scale: ms against conversations. first line, **/inbox**: 16.0 at 1,000 · 21.3 at 10,000 · 92.0 at 100,000; second line, **/inbox/&lt;id&gt;**: 20.0 at 1,000 · 25.0 at 10,000 · 30.0 at 100,000.*',
        '',
        '```mermaid',
        'xychart-beta',
        '    title "Pages at scale"',
        '    x-axis "conversations" ["1,000", "10,000", "100,000"]',
        '    y-axis "ms" 0 --> 100',
        '    line [16, 21.34, 92]',
        '    line [20, 25, 30]',
        '```',
        '',
      ].join('\n'),
    );
  });

  it('gives series measured at different sizes a chart each', () => {
    const text = formatChart({
      kind: 'lines',
      title: 'T',
      xLabel: 'n',
      yLabel: 'ms',
      series: [
        { name: 'a', points: [{ x: 1, y: 1 }] },
        { name: 'b', points: [{ x: 2, y: 3 }] },
      ],
    }).join('\n');
    expect(text.match(/```mermaid/g)).toHaveLength(2);
    expect(text).toContain('x-axis "n" ["1"]');
    expect(text).toContain('x-axis "n" ["2"]');
  });

  it('picks round steps', () => {
    expect([0.7, 1, 1.2, 2.2, 3, 7, 23, 0.04].map(niceStep)).toEqual([
      1, 1, 2, 2.5, 5, 10, 25, 0.05,
    ]);
  });

  it('buckets latencies in round widths up to the 99th percentile, the rest in one open bucket', () => {
    const samples = [...Array.from({ length: 99 }, (_, i) => 1 + (i % 20)), 480];
    const buckets = latencyBuckets(samples, 'ms');
    expect(buckets.map((b) => b.label)).toEqual([
      '0–2 ms',
      '2–4 ms',
      '4–6 ms',
      '6–8 ms',
      '8–10 ms',
      '10–12 ms',
      '12–14 ms',
      '14–16 ms',
      '16–18 ms',
      '18–20 ms',
      '20–22 ms',
      '≥ 22 ms',
    ]);
    const counts = countInBuckets(samples, buckets);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(samples.length);
    expect(counts.at(-1)).toBe(1);
  });

  it('draws a distribution as one bar chart per series over shared buckets', () => {
    const text = formatChart({
      kind: 'distribution',
      title: 'Arrival to draft',
      unit: 'ms',
      series: [
        { name: 'in the server', samples: [1, 2, 2, 3, 9] },
        { name: 'separate worker', samples: [4, 6] },
      ],
    }).join('\n');
    expect(text).toBe(
      [
        '*Arrival to draft, in the server: how many of 5 samples fell in each bucket of ms.*',
        '',
        '```mermaid',
        'xychart-beta',
        '    title "Arrival to draft: in the server"',
        '    x-axis "ms" ["1–2 ms", "2–3 ms", "3–4 ms", "4–5 ms", "5–6 ms", "6–7 ms", "7–8 ms", "8–9 ms", "9–10 ms"]',
        '    y-axis "samples" 0 --> 3',
        '    bar [1, 2, 1, 0, 0, 0, 0, 0, 1]',
        '```',
        '',
        '*Arrival to draft, separate worker: how many of 2 samples fell in each bucket of ms.*',
        '',
        '```mermaid',
        'xychart-beta',
        '    title "Arrival to draft: separate worker"',
        '    x-axis "ms" ["1–2 ms", "2–3 ms", "3–4 ms", "4–5 ms", "5–6 ms", "6–7 ms", "7–8 ms", "8–9 ms", "9–10 ms"]',
        '    y-axis "samples" 0 --> 2',
        '    bar [0, 0, 0, 1, 0, 1, 0, 0, 0]',
        '```',
        '',
      ].join('\n'),
    );
  });

  it('draws a benchmark’s charts under its table', () => {
    const markdown = formatReport({
      machine,
      results: [
        {
          id: 4,
          title: 'Inbox at scale',
          method: 'Pages timed.',
          figures: [slowInbox],
          charts: [
            {
              kind: 'lines',
              title: 'Inbox',
              xLabel: 'conversations',
              yLabel: 'ms',
              series: [{ name: '/inbox', points: [{ x: 1_000, y: 20 }] }],
            },
          ],
        },
      ],
      finishedAt: new Date('2026-12-01T10:00:00Z'),
      totalSeconds: 1,
    });
    const table = markdown.indexOf('| /inbox with 100,000 questions');
    const chart = markdown.indexOf('```mermaid');
    expect(table).toBeGreaterThan(0);
    expect(chart).toBeGreaterThan(table);
  });
});
